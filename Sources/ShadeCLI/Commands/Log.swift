import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Log: PlannerCommand {
        static let grammar = NewestEntries.grammar(
            name: "log", abstract: "List the last changes: what each changed, field by field, when and by whom.",
            discussion: """
                Newest first. Each change is one undo step; undo takes back the newest. The log keeps \
                the last \(StoreFormat.undoDepth) changes.

                Examples:
                  log
                  log 3
                  log 20 --json
                """,
            json: "Print the changes as JSON.", count: "How many changes (default 10).")
        let newest: NewestEntries

        init(_ arguments: CommandArguments) throws(CommandError) { newest = try NewestEntries(arguments) }

        func execute(in session: Session) throws {
            let entries = Array(try session.read { state in try state.changeLog(last: newest.count ?? 10) }.reversed())
            if newest.json {
                try session.printJSON(ChangeLogView.json(entries))
            } else if entries.isEmpty {
                session.print(ChangeLogView.empty)
            } else {
                session.print(ChangeLogView.render(entries, style: try session.renderContext().style))
            }
        }
    }
}
