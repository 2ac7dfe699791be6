import ShadeCore
import ShadeRendering

extension Shade {
    struct Note: PlannerCommand {
        static let grammar = TaskInput.grammar(
            "note", abstract: "Write a task's note (longer text; line breaks kept), or clear it.",
            discussion: """
                The words become the note, replacing any earlier one; --clear removes it. 'show ID' \
                prints it.

                Examples:
                  note 4 Ask about the card fee; bring the contract
                  note 4 --clear
                """,
            flag: .init(name: "clear", help: "Remove the note."), words: "TEXT…", help: "The note.")
        let input: TaskInput
        let clear: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            (input, clear) = (try TaskInput(arguments), arguments.flag("clear"))
        }

        func execute(in session: Session) throws {
            let (id, words) = (input.id, input.words)
            guard clear || !words.isEmpty else {
                throw CommandError.usage("note needs text (or --clear): note \(id) Bring the contract")
            }
            guard !(clear && !words.isEmpty) else {
                throw CommandError.usage("give either a note or --clear, not both")
            }
            let text = clear ? nil : words.joined(separator: " ")
            let now = try session.now()
            let label = ["note", String(id)] + (clear ? ["--clear"] : words)
            let task = try session.commit(task: id, label: label, now: now) { state in
                try TaskOperations.note(id: id, text: text, in: state, context: session.operationContext(now))
            }.task
            if input.json {
                try session.printTasksJSON([task])
            } else {
                session.print(TaskConfirmation.noted(task, cleared: text == nil))
            }
        }
    }
}
