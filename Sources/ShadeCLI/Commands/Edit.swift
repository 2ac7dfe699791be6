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
                  edit 7 cat:bill +urgent -someday at:19:30 color:red "New title"
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
            let edited = try session.commit(task: id, label: ["edit", String(id)] + words, now: now) { state in
                try TaskOperations.edit(
                    id: id, fields, clearTime: clearTime, in: state, context: session.operationContext(now))
            }.task
            if json {
                try session.printTasksJSON([edited])
            } else {
                session.print(
                    "edited \(edited.id) · \(session.placement(edited)) · \(session.shownTitle(edited))")
            }
        }
    }
}
