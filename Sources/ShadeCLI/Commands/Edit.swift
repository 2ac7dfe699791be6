import ShadeCore
import ShadeStore

extension Shade {
    struct Edit: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "edit", abstract: "Change a task's title, time, tags, category or colour.",
            discussion: """
                Words become the new title; +tag adds a tag and -tag takes one off, at:TIME sets the \
                time (within the task's slot) and at:none clears it, cat:NAME sets the category \
                (cat:none clears it), color:NAME sets the task's own colour (color:none clears it; \
                the palette: red, orange, yellow, green, teal, blue, purple, pink, grey). Everything \
                after -- is title, word for word.

                Examples:
                  edit 4 Call the bank about the card
                  edit 7 cat:bill +urgent -someday at:16:30 color:red "New title"
                  edit 4 at:none cat:none
                """,
            flags: [.json("Print the task as JSON.")],
            arguments: [
                .id,
                .init(
                    "words", valueName: "TITLE… [+tag] [-tag] [at:TIME] [cat:NAME] [color:NAME]",
                    help: "What to change.", arity: .rest),
            ])
        let json: Bool
        let id: Int
        let words: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            id = try arguments.int("id")
            words = arguments.words("words")
        }

        /// The fields to change, and whether `at:none` clears the time.
        func parseWords(resolver: DayResolver) throws -> (fields: TaskWords, clearTime: Bool) {
            guard !words.isEmpty else {
                throw CommandError.usage(
                    "edit needs something to change: edit \(id) New title, e.g. edit \(id) Call the bank")
            }
            var clearTime = false
            var rest = words
            if let index = rest.firstIndex(where: { $0.lowercased() == "at:none" }) {
                clearTime = true
                rest.remove(at: index)
            }
            // No day or slot words here: a title may well start with "Monday".
            return (try TaskWords.parse(rest, resolver: nil), clearTime)
        }

        func execute(in session: Session) throws {
            let (fields, clearTime) = try parseWords(resolver: session.resolver())
            let now = try session.now()
            let edited = try session.updateTask(id, words: ["edit", String(id)] + words, now: now) { task, state in
                if !fields.title.isEmpty { task.title = try TaskText.validateTitle(fields.title) }
                for tag in fields.tags where !task.tags.contains(tag) { task.tags.append(tag) }
                task.tags.removeAll { fields.removedTags.contains($0) }
                if let category = fields.category {
                    task.category = category.isEmpty ? nil : category
                    if !category.isEmpty { try state.ensureCategory(category) }
                }
                if let color = fields.color { task.color = color }
                if fields.clearsColor { task.color = nil }
                if clearTime { task.time = nil }
                if let time = fields.time {
                    let natural = session.schedule.slot(containing: time)
                    guard natural == task.slot else {
                        throw CommandError.failed(
                            "\(time) is in the \(natural), not the \(task.slot) (\(session.schedule.hours(of: task.slot))); use mv \(id) \(task.date) \(natural) at:\(time) to move it"
                        )
                    }
                    task.time = time
                }
            }
            if json {
                try session.printTasksJSON([edited])
            } else {
                session.print(
                    "edited \(edited.id) · \(session.placement(edited)) · \(session.shownTitle(edited))")
            }
        }
    }
}
