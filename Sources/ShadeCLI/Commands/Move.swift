import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Move: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "mv", abstract: "Reschedule a task to another day and slot.",
            discussion: """
                Without SLOT the task keeps its slot (or takes the one at:TIME falls in). A time that \
                does not fit the new slot is dropped, and the confirmation says so.

                Examples:
                  mv 4 fri
                  mv 4 tomorrow evening
                  mv 4 2026-12-01 at:09:15
                """,
            flags: [.json("Print the task as JSON.")],
            arguments: [.id, .init("words", valueName: "DAY [SLOT] [at:TIME]", help: "Where to.", arity: .rest)])
        let json: Bool
        let id: Int
        let words: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            id = try arguments.int("id")
            words = arguments.words("words")
        }

        /// Where to: the day, the slot when one is written, the time when one is written.
        func parseWords(resolver: DayResolver) throws -> (date: CivilDate, slot: Slot?, time: TimeOfDay?) {
            guard let first = words.first else {
                throw CommandError.usage("mv needs a day: mv \(id) DAY [SLOT], e.g. mv \(id) tomorrow evening")
            }
            guard let (date, count) = resolver.leadingDate(in: words[...]) else {
                _ = try resolver.requireDate(first)
                throw CommandError.usage("mv needs a day: mv \(id) DAY [SLOT], e.g. mv \(id) tomorrow evening")
            }
            var rest = Array(words.dropFirst(count))
            var slot: Slot?
            if let word = rest.first, let parsed = Slot(name: word) {
                slot = parsed
                rest.removeFirst()
            }
            var time: TimeOfDay?
            for word in rest {
                guard word.lowercased().hasPrefix("at:") else {
                    throw CommandError.usage("mv takes DAY [SLOT] [at:TIME]; '\(word)' is none of these")
                }
                time = try TaskWords.parseTime(String(word.dropFirst(3)))
            }
            return (date, slot, time)
        }

        func execute(in session: Session) throws {
            let (date, slot, time) = try parseWords(resolver: session.resolver())
            let now = try session.now()
            var open: (count: Int, minutes: Int)?
            let (change, moved) = try session.commit(task: id, label: ["mv", String(id)] + words, now: now) { state in
                let changes = try TaskOperations.move(
                    id: id, to: date, slot: slot, time: time, in: state, context: session.operationContext(now))
                if let task = changes.last?.after?.task {
                    open = try session.openInSlot(of: task, after: changes, in: state)
                }
                return changes
            }
            let droppedTime = time == nil && moved.time == nil ? change.records.last?.before?.task?.time : nil
            if json {
                try session.printTasksJSON([moved])
                try session.warnIfOverFull(moved, open: open, json: true)
                session.warnIfPastDue(moved, json: true)
            } else {
                var line: SafeText =
                    "moved \(moved.id) → \(session.placement(moved)) · \(TaskConfirmation.title(moved))"
                if let droppedTime { line += "\n(its time \(droppedTime) is not in the \(moved.slot) and was dropped)" }
                session.print(line)
                try session.warnIfOverFull(moved, open: open, json: false)
                session.warnIfPastDue(moved, json: false)
            }
        }
    }
}
