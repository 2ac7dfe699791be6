import ShadeCore

/// Every field of one task, a line each.
public enum TaskDetail {
    /// A note shown under its label: each line escaped, later lines indented to the value column.
    static func noteLines(_ notes: String) -> SafeText {
        notes.split(separator: "\n", omittingEmptySubsequences: false).map { "\($0)" as SafeText }
            .joined(separator: "\n" + SafeText.spaces(10))
    }

    /// Each reminder with its moment: `1 d before (2026-11-23T09:00), 15 min before (…)`.
    static func reminders(_ task: PlannerTask, context: RenderContext) -> SafeText {
        let alerts = ReminderAlert.alerts(of: task, schedule: context.schedule)
        guard !alerts.isEmpty else { return "—" }
        return alerts.map { "\($0.reminder.phrase) (\($0.due))" as SafeText }.joined(separator: ", ")
    }

    /// The text of `show ID`.
    public static func render(_ task: PlannerTask, context: RenderContext) -> SafeText {
        let style = context.style
        var status = task.status.rawValue
        if task.isOverdue(at: context.now, schedule: context.schedule) { status += " (overdue)" }
        var repeats: SafeText = "—"
        if let uid = task.series {
            repeats = context.series[uid].map { "↻ " + SafeText(escaping: $0.phrase) } ?? "↻"
        }
        var rows: [(SafeText, SafeText)] = [
            ("id", "\(task.id)"),
            ("title", "\(task.title)"),
            ("status", "\(status)"),
            ("date", "\(task.date) (" + RateFormat.longDate(task.date) + ", \(task.week))"),
            ("slot", "\(task.slot) (\(context.schedule.on(task.date).hours(of: task.slot)))"),
            ("time", task.time.map { "\($0)" } ?? "—"),
            ("tags", task.tags.isEmpty ? "—" : task.tags.map { "+\($0)" }.joined(separator: " ")),
            ("category", task.category.map { "\($0)" } ?? "—"),
            ("colour", task.color.map { "\($0.rawValue)" } ?? "—"),
            ("star", task.favorite ? "★" : "—"),
            ("repeats", repeats),
            (
                "carried",
                task.carried == 0
                    ? "—"
                    : "↷ \(task.carried)×" + (task.planned.map { ", first planned for \($0.shortLabel) (\($0))" } ?? "")
            ),
            ("goal", context.goal(of: task).map { "\($0.label) “\($0.title)”" } ?? "—"),
            (
                "reminder",
                TaskDetail.reminders(task, context: context)
            ),
            ("notes", task.notes.map(TaskDetail.noteLines) ?? "—"),
            ("created", "\(task.created)"),
            ("modified", "\(task.modified)"),
            ("done at", task.doneAt.map { "\($0)" } ?? "—"),
            ("uid", "\(task.uid)"),
        ]
        // Its deadline and estimate, after its reminder, only when it has them.
        if let at = rows.firstIndex(where: { $0.0 == "reminder" }) {
            var extra: [(SafeText, SafeText)] = []
            if let due = task.due { extra.append(("due", "\(due.shortLabel) (\(due))")) }
            if let minutes = task.estimate {
                extra.append(("estimate", SafeText(escaping: Estimate.words(minutes))))
            }
            rows.insert(contentsOf: extra, at: at + 1)
        }
        // Who it is given to, under its goal, only when it is given to someone.
        if let to = task.to, let goal = rows.firstIndex(where: { $0.0 == "goal" }) {
            rows.insert(("to", "→ \(to)"), at: goal + 1)
        }
        return rows.map { style.dim(DisplayWidth.padRight($0.0, to: 10)) + $0.1 }.joined(separator: "\n") + "\n"
    }
}
