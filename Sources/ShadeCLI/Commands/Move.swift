import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Move: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "mv", abstract: "Reschedule a task to another day and slot.",
            discussion: """
                Without SLOT the task keeps its slot (or takes the one at:TIME falls in). A time that \
                does not fit the new slot is dropped, and the confirmation says so. An inbox task \
                (see: help inbox) is planned so, keeping its id; without SLOT it takes the morning, \
                or on today the slot under way. mv ID someday takes an open task back to the inbox.

                Examples:
                  mv 4 fri
                  mv 4 tomorrow evening
                  mv 4 2026-12-01 at:09:15
                  mv 4 someday
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
            if words.count == 1, let word = words.first, InboxTask.isInboxWord(word) {
                return try moveToInbox(in: session)
            }
            let (date, slot, time) = try parseWords(resolver: session.resolver())
            let now = try session.now()
            var open: (count: Int, minutes: Int)?
            var before: PlannerTask?
            let label = session.undoLabel(["mv", String(id)] + words)
            let change = try session.commit(label: label, now: now) { state in
                let context = session.operationContext(now)
                let changes: [RecordChange]
                if let task = try state.task(id: id) {
                    before = task
                    changes = try TaskOperations.move(
                        id: id, to: date, slot: slot, time: time, in: state, context: context)
                } else if let inbox = try state.inboxTask(id: id) {
                    // An inbox task planned: it keeps its id.
                    changes = try InboxOperations.plan(inbox, on: date, slot: slot, time: time, context: context)
                } else {
                    _ = try state.requireTask(id)
                    return []
                }
                if let task = changes.last?.after?.task {
                    open = try session.openInSlot(of: task, after: changes, in: state)
                }
                return changes
            }
            guard let moved = change.tasks.last(where: { $0.id == id }) ?? before else { return }
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

        /// `mv ID someday`: an open task of its own taken back to the inbox (it keeps its id).
        func moveToInbox(in session: Session) throws {
            let now = try session.now()
            let change = try session.commit(label: session.undoLabel(["mv", String(id)] + words), now: now) { state in
                try InboxOperations.unplan(try state.requireTask(id), context: session.operationContext(now))
            }
            guard let task = change.records.compactMap({ $0.after?.keyedRecord?.base as? InboxTask }).first else {
                return
            }
            if json {
                try session.printJSON(InboxView.task(task, context: try session.renderContext()))
            } else {
                session.print("moved \(id) → inbox · " + DisplayWidth.truncate(SafeText(escaping: task.title), to: 60))
            }
        }
    }
}
