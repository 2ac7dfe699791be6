import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `inbox`: the tasks with no day yet.
    struct Inbox: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "inbox", abstract: "List the tasks with no day yet.",
            discussion: """
                add someday TITLE (or add inbox TITLE) keeps a task here, with its tags, category, \
                est: and due: but no day; it is in no week and counts in no rate. mv ID DAY [SLOT] \
                plans one (it keeps its id), mv ID someday takes an open task back, and plan \
                proposes a place for each in the week.

                Examples:
                  add someday Fix the bike est:1h30m +home
                  inbox
                  mv 41 sat afternoon
                """,
            flags: [.json("Print the inbox as JSON: {\"tasks\": [...]}, each with \"date\": null.")],
            arguments: [])

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
        }

        let json: Bool

        func execute(in session: Session) throws {
            let (tasks, context) = try session.read { state in
                (try state.inboxTasks(), try session.renderContext(in: state))
            }
            if json {
                try session.printJSON(InboxView.json(tasks, context: context))
            } else {
                for line in InboxView.render(tasks, context: context) { session.print(line) }
            }
        }
    }
}
