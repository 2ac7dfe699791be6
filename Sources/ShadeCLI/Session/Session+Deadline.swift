import ShadeCore
import ShadeHost
import ShadeRendering

extension Session {
    /// Warns when a task is planned after its deadline (SPEC §16: `add`, `mv` and `edit due:` still
    /// do it): a note in text, on standard error beside JSON.
    func warnIfPastDue(_ task: PlannerTask, json: Bool) {
        guard task.status == .open, let due = task.due, task.date > due else { return }
        let warning: SafeText =
            "planned for " + RateFormat.shortDay(task.date) + ", after its due day " + RateFormat.shortDay(due)
        if json { Output.error("warning: " + warning + "\n") } else { print("  warning: " + warning) }
    }
}
