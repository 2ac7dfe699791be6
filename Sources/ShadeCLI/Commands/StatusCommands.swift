import ShadeCore
import ShadeStore

/// Sets the status of several tasks in one step (one undo entry).
private func setStatus(
    _ status: TaskStatus, ids: [Int], verb: String, json: Bool, session: Session
) throws {
    let now = try session.now()
    let results = try session.store.write(label: session.undoLabel([verb] + ids.map(String.init)), now: now) {
        state -> [(task: PlannerTask, changed: Bool)] in
        try session.requireTasks(ids, in: state).map { task in
            guard task.status != status else { return (task, false) }
            var changed = task
            changed.setStatus(status, at: now)
            try state.update(changed)
            return (changed, true)
        }
    }
    if json {
        try session.printTasksJSON(results.map(\.task))
        return
    }
    let past: String
    switch status {
    case .done: past = "done"
    case .open: past = "open"
    case .cancelled: past = "cancelled"
    }
    for result in results {
        if result.changed {
            session.print(
                "\(verb == "undone" ? "reopened" : past) \(result.task.id) · \(TerminalTextBridge.title(result.task))")
        } else {
            session.print("\(result.task.id) was already \(past) · \(TerminalTextBridge.title(result.task))")
        }
    }
}

extension Shade {
    struct Done: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "done", abstract: "Mark tasks done.", discussion: "Examples:\n  done 4\n  done 4 7 9",
            flags: [.json("Print the tasks as JSON.")],
            arguments: [.ids])
        let json: Bool
        let ids: [Int]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            ids = try arguments.ints("ids")
        }

        func execute(in session: Session) throws {
            try setStatus(.done, ids: ids, verb: "done", json: json, session: session)
        }
    }

    struct Undone: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "undone", abstract: "Mark tasks open again.", discussion: "Examples:\n  undone 4",
            flags: [.json("Print the tasks as JSON.")],
            arguments: [.ids])
        let json: Bool
        let ids: [Int]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            ids = try arguments.ints("ids")
        }

        func execute(in session: Session) throws {
            try setStatus(.open, ids: ids, verb: "undone", json: json, session: session)
        }
    }

    struct Cancel: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "cancel", abstract: "Cancel tasks: kept on record, out of the rates.",
            discussion: "Examples:\n  cancel 4",
            flags: [.json("Print the tasks as JSON.")],
            arguments: [.ids])
        let json: Bool
        let ids: [Int]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            ids = try arguments.ints("ids")
        }

        func execute(in session: Session) throws {
            try setStatus(.cancelled, ids: ids, verb: "cancel", json: json, session: session)
        }
    }

    struct Remove: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rm", abstract: "Delete tasks for good (undo brings them back).",
            discussion: "Examples:\n  rm 4\n  rm 4 5",
            flags: [.json("Print the removed tasks as JSON.")],
            arguments: [.ids])
        let json: Bool
        let ids: [Int]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            ids = try arguments.ints("ids")
        }

        func execute(in session: Session) throws {
            let removed = try session.store.write(
                label: session.undoLabel(["rm"] + ids.map(String.init)), now: session.now()
            ) { state in
                let tasks = try session.requireTasks(ids, in: state)
                for task in tasks { try state.remove(id: task.id) }
                return tasks
            }
            if json {
                try session.printTasksJSON(removed)
            } else {
                for task in removed { session.print("removed \(task.id) · \(TerminalTextBridge.title(task))") }
            }
        }
    }
}
