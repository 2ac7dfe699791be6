import ShadeCore
import ShadeStore

extension Shade {
    struct Add: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "add", abstract: "Add a task to a day and slot.",
            discussion: """
                DAY and SLOT default to the day and slot in view (on the command line: today and the \
                current slot). With at:HH:MM and no SLOT, the slot is the one the time falls in. \
                cat:NAME files it in a category, color:NAME gives it a colour. Everything after -- is \
                title, word for word.

                Examples:
                  add Call the bank
                  add tue evening Call the bank +errand
                  add fri Dentist at:16:30 cat:health
                  add Pay rent cat:bill color:red
                  add 2026-12-01 m Quarterly report +work
                  add -- Monday is a title here
                """,

            flags: [.json("Print the new task as JSON.")],
            arguments: [
                .init(
                    "words", valueName: "[DAY] [SLOT] TITLE… [+tag] [at:HH:MM] [cat:NAME] [color:NAME]",
                    help: "The task.", arity: .rest)
            ])
        let json: Bool
        let words: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            words = arguments.words("words")
        }

        func parseWords(resolver: DayResolver) throws -> TaskWords {
            try TaskWords.parse(words, resolver: resolver)
        }

        func execute(in session: Session) throws {
            let parsed = try parseWords(resolver: session.resolver())
            let title = try TaskText.validateTitle(parsed.title)
            let date = parsed.date ?? session.view.date
            let slot = try parsed.resolvedSlot(default: session.view.slot, schedule: session.schedule)
            let now = try session.now()
            var random = SystemRandomNumberGenerator()
            let uid = UIDGenerator.make(using: &random)
            let task = try session.store.write(label: session.undoLabel(["add"] + words), now: now) { state in
                let task = PlannerTask(
                    id: try state.allocateID(), uid: uid, title: title, date: date, slot: slot, time: parsed.time,
                    tags: parsed.tags, category: parsed.category.flatMap { $0.isEmpty ? nil : $0 }, color: parsed.color,
                    created: now.timestamp)
                if let category = task.category { try state.ensureCategory(category) }
                try state.insert(task)
                return task
            }
            if json {
                try session.printTasksJSON([task])
            } else {
                session.print("added \(task.id) · \(session.placement(task)) · \(TerminalTextBridge.title(task))")
            }
        }
    }
}
