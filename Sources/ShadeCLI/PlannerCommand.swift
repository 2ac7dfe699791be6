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
    /// Whether a planner git has merged is settled before the command runs (not for what git or
    /// the completion scripts call).
    static var settlesMergedPlanner: Bool { get }
}

extension PlannerCommand {
    static var settlesMergedPlanner: Bool { true }
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

    /// What core operations are given: the clock and the slot boundaries.
    func operationContext(_ now: Moment) -> OperationContext {
        OperationContext(now: now, schedule: schedule, defaultReminder: defaultReminder)
    }

    /// Commits an operation on one task (under `label`, the command as typed); returns the change
    /// and the task as it is afterwards, changed or not.
    func commit(task id: Int, label: [String], now: Moment, _ operation: (StoreState) throws -> [RecordChange]) throws
        -> (change: Change, task: PlannerTask)
    {
        var current: PlannerTask?
        let change = try commit(label: undoLabel(label), now: now) { state in
            let task = try state.requireTask(id)
            current = task
            return try operation(state)
        }
        let uid = current?.uid
        let after = change.tasks.last { $0.uid == uid }
        guard let task = after ?? current else { throw CommandError.failed("there is no task \(id)") }
        return (change, task)
    }

    /// A label for the undo journal: the command as typed, kept short.
    func undoLabel(_ words: [String]) -> String {
        let text = words.joined(separator: " ")
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// `Tue 24 Nov · evening`, for confirmations.
    func placement(_ task: PlannerTask) -> SafeText { "\(task.placement)" }

    /// Prints one task object, or `{"tasks": [...]}` for several.
    func printTasksJSON(_ tasks: [PlannerTask]) throws {
        let context = try renderContext(series: true)
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
