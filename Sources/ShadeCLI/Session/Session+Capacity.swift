import ShadeCore
import ShadeHost
import ShadeRendering
import ShadeStore

extension Session {
    /// The open tasks of `task`'s slot once `changes` are made, told in the step that makes them
    /// (`state`, as it was before them): nil when the slot has no limit, or the task is not open
    /// (there is nothing to warn of). A read after the change would parse its week again in the
    /// REPL, which changes a week in place and writes it at its next pause.
    func openInSlot(of task: PlannerTask, after changes: [RecordChange], in state: StoreState) throws -> (
        count: Int, minutes: Int
    )? {
        guard task.status == .open, capacity.hasLimit(on: task.date, task.slot) else { return nil }
        return SlotCapacity.openTasks(
            in: task.slot, on: task.date, before: try state.tasks(from: task.date, through: task.date),
            changes: changes)
    }

    /// The warning for a task placed in a slot that holds `open` open tasks (read from the store
    /// when not given), or nil.
    func capacityWarning(for task: PlannerTask, open given: (count: Int, minutes: Int)? = nil) throws -> SafeText? {
        guard task.status == .open, capacity.hasLimit(on: task.date, task.slot) else { return nil }
        let open =
            try given
            ?? read { state in
                SlotCapacity.openTasks(
                    in: task.slot, on: task.date, before: try state.tasks(from: task.date, through: task.date),
                    changes: [])
            }
        return CapacityView.warning(for: task, open: open, capacity: capacity)
    }

    /// Prints the capacity warning for a task, if any: a note in text, on standard error beside
    /// JSON (which stays one document). `open` is what `openInSlot` told, when it was.
    func warnIfOverFull(_ task: PlannerTask, open: (count: Int, minutes: Int)? = nil, json: Bool) throws {
        guard let warning = try capacityWarning(for: task, open: open) else { return }
        if json { Output.error("warning: " + warning + "\n") } else { print("  warning: " + warning) }
    }
}
