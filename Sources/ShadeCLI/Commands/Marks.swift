import ShadeCore
import ShadeStore

/// Sets or clears the favourite star of several tasks in one step.
private func setFavorite(_ favorite: Bool, _ selection: TaskSelection, verb: String, session: Session) throws {
    let (ids, json) = (selection.ids, selection.json)
    let now = try session.now()
    var selected: [PlannerTask] = []
    let change = try session.commit(label: session.undoLabel([verb] + ids.map(String.init)), now: now) { state in
        selected = try state.requireTasks(ids)
        return try TaskOperations.setFavorite(favorite, ids: ids, in: state, context: session.operationContext(now))
    }
    let tasks = selected.map { task in change.tasks.first { $0.uid == task.uid } ?? task }
    if json {
        try session.printTasksJSON(tasks)
    } else {
        for task in tasks {
            session.print("\(favorite ? "starred ★" : "unstarred") \(task.id) · \(session.shownTitle(task))")
        }
    }
}

extension Shade {
    struct Star: PlannerCommand {
        static let grammar = TaskSelection.grammar(
            "star", abstract: "Star tasks as the few that matter (filter them with 'ls fav').",
            discussion: "Examples:\n  star 4\n  star 4 7")
        let selection: TaskSelection

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
        }

        func execute(in session: Session) throws {
            try setFavorite(true, selection, verb: "star", session: session)
        }
    }

    struct Unstar: PlannerCommand {
        static let grammar = TaskSelection.grammar(
            "unstar", abstract: "Take the star off tasks.", discussion: "Examples:\n  unstar 4")
        let selection: TaskSelection

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
        }

        func execute(in session: Session) throws {
            try setFavorite(false, selection, verb: "unstar", session: session)
        }
    }

    struct Note: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "note", abstract: "Write a task's note (longer text; line breaks kept), or clear it.",
            discussion: """
                The words become the note, replacing any earlier one; --clear removes it. 'show ID' \
                prints it.

                Examples:
                  note 4 Ask about the card fee; bring the contract
                  note 4 --clear
                """,
            flags: [.json("Print the task as JSON."), .init(name: "clear", help: "Remove the note.")],
            arguments: [.id, .init("words", valueName: "TEXT…", help: "The note.", arity: .rest)])
        let json: Bool
        let clear: Bool
        let id: Int
        let words: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            clear = arguments.flag("clear")
            id = try arguments.int("id")
            words = arguments.words("words")
        }

        func execute(in session: Session) throws {
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
            if json {
                try session.printTasksJSON([task])
            } else {
                session.print(
                    "\(text == nil ? "cleared the note of" : "noted") \(task.id) · \(session.shownTitle(task))")
            }
        }
    }
}
