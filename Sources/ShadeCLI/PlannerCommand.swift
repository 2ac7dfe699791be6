import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

/// A command of the planner's language: built from its words by its grammar, run against a
/// session. One-shot invocations and the REPL both parse with `Shade.parse` and call `execute`.
protocol PlannerCommand: Sendable {
    /// What `parseWords` makes of the command's words.
    associatedtype Words = Void
    /// What the command accepts, and its help.
    static var grammar: CommandGrammar { get }
    /// The command from its scanned words; a usage error when a value is not what it should be.
    init(_ arguments: CommandArguments) throws(CommandError)
    /// Takes apart the words the command reads when it runs (days, slots, times, tags, filters,
    /// orders, colours): all that needs the day in view and nothing from the store. `execute`
    /// starts from it; the command-line fuzz check calls it alone.
    func parseWords(resolver: DayResolver) throws -> Words
    /// Runs the command, queuing its output on the session.
    func execute(in session: Session) throws
}

extension PlannerCommand where Words == Void {
    /// Commands whose words the grammar has already typed take nothing more apart.
    func parseWords(resolver: DayResolver) {}
}

/// Options every command accepts (`--store`, `--color`).
struct GlobalOptions: Sendable {
    var store: String?
    var color: ColorMode?

    init(store: String? = nil, color: ColorMode? = nil) {
        self.store = store
        self.color = color
    }

    init(_ arguments: CommandArguments) throws(CommandError) {
        store = arguments.option("store")
        color = try arguments.choice("color", as: ColorMode.self)
    }
}

extension Session {
    /// Queues a JSON document for standard output.
    func printJSON(_ value: JSONValue) throws(CommandError) {
        do { print(JSONOutput.terminalSafe(try JSONWriter.string(value))) } catch {
            throw .failed("could not write the JSON output")
        }
    }

    /// A task's title as confirmations show it: escaped and cut to a readable length.
    func shownTitle(_ task: PlannerTask) -> SafeText {
        DisplayWidth.truncate(SafeText(escaping: task.title), to: 60)
    }

    /// The task with an id, or an error that says there is none.
    func requireTask(_ id: Int, in state: StoreState) throws -> PlannerTask {
        guard let task = try state.task(id: id) else {
            throw CommandError.failed("there is no task \(id); 'ls all' lists every task with its id")
        }
        return task
    }

    /// Changes one task as one step recorded for undo under `words` (the command as typed),
    /// stamping its modification time; returns the task as saved.
    func updateTask(_ id: Int, words: [String], now: Moment, _ change: (inout PlannerTask, StoreState) throws -> Void)
        throws -> PlannerTask
    {
        try store.write(label: undoLabel(words), now: now) { state in
            var task = try requireTask(id, in: state)
            try change(&task, state)
            task.modified = now.timestamp
            try state.update(task)
            return task
        }
    }

    /// A label for the undo journal: the command as typed, kept short.
    func undoLabel(_ words: [String]) -> String {
        let text = words.joined(separator: " ")
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// `Tue 24 Nov · evening`, for confirmations.
    func placement(_ task: PlannerTask) -> SafeText {
        var text = RateFormat.shortDay(task.date) + " · \(task.slot)"
        if let time = task.time { text += " · \(time)" }
        return text
    }

    /// Checks that every id is a task; reports all the missing ones at once.
    func requireTasks(_ ids: [Int], in state: StoreState) throws -> [PlannerTask] {
        var found: [PlannerTask] = []
        var missing: [Int] = []
        var seen: Set<Int> = []
        for id in ids where seen.insert(id).inserted {
            if let task = try state.task(id: id) { found.append(task) } else { missing.append(id) }
        }
        if !missing.isEmpty {
            let list = missing.map { String($0) }.joined(separator: ", ")
            throw CommandError.failed(
                "there is no task \(list); nothing was changed ('ls all' lists every task with its id)")
        }
        return found
    }

    /// Prints one task object, or `{"tasks": [...]}` for several.
    func printTasksJSON(_ tasks: [PlannerTask]) throws {
        let context = try renderContext()
        if tasks.count == 1 {
            try printJSON(ViewJSON.task(tasks[0], context: context))
        } else {
            try printJSON(ViewJSON.list(tasks, context: context))
        }
    }
}

extension String {
    /// Replaces every occurrence of a substring (no Foundation needed).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
