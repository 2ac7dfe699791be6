import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `conflicts restore N`: puts back the value that lost in conflict N, as a new change.
    struct ConflictsRestore: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "restore", abstract: "Put back the value that lost in conflict N (1 = the newest), as a new change.",
            discussion: """
                N counts the conflicts list (1 = the newest). The value goes back on the record as \
                it is now, as a change of its own: the next sync sends it, and it wins on every \
                copy; undo takes it back. A conflict whose change lost against a removal cannot be \
                put back (the record is gone); one whose removal lost removes the record again.

                Examples:
                  conflicts
                  conflicts restore 1
                """,
            flags: [.json("Print {\"restored\": {the conflict}, \"changed\": true|false}.")],
            arguments: [.init("number", valueName: "N", help: "The conflict, as conflicts numbers it.")])
        let json: Bool
        let number: Int

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            let word = arguments.word("number")
            guard let number = Int(word), number >= 1 else {
                throw .usage(
                    "conflicts restore takes the number conflicts shows (1 = the newest), not '\(CommandArguments.quoted(word))'\n  see: help conflicts restore"
                )
            }
            self.number = number
        }

        func execute(in session: Session) throws {
            let entries = try ConflictLog.entries(in: session.store.directory)
            guard number <= entries.count else {
                throw CommandError.failed(
                    entries.isEmpty
                        ? "there are no conflicts to put back"
                        : "there is no conflict \(number): conflicts lists \(entries.count) (1 = the newest)")
            }
            let entry = entries[entries.count - number]
            let now = try session.now()
            let change = try session.store.commit(label: "conflicts restore \(number)", now: now) { state in
                try state.restoring(entry.conflict, now: now.timestamp)
            }
            if json {
                try session.printJSON(ConflictView.jsonRestored(entry, number: number, changed: !change.isEmpty))
            } else {
                session.print(ConflictView.renderRestored(entry, number: number, changed: !change.isEmpty))
            }
        }
    }
}
