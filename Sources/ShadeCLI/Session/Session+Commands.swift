import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

/// What commands share of the session: printing JSON and tasks, a title and a placement as
/// confirmations show them, the operations' context, and a commit on one task.
extension Session {
    /// Queues a JSON document for standard output.
    func printJSON(_ value: JSONValue) throws(CommandError) {
        do { print(JSONOutput.terminalSafe(try JSONWriter.string(value))) } catch {
            throw .failed("could not write the JSON output")
        }
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
