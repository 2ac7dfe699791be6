import ShadeCore

/// Every field of one task, a line each.
public enum TaskDetail {
    /// The text of `show ID`.
    public static func render(_ task: PlannerTask, context: RenderContext) -> String {
        let style = context.style
        var status = task.status.rawValue
        if task.isOverdue(at: context.now, schedule: context.schedule) { status += " (overdue)" }
        let rows: [(String, String)] = [
            ("id", String(task.id)),
            ("title", TerminalText.sanitize(task.title)),
            ("status", status),
            ("date", "\(task.date) (\(RateFormat.longDate(task.date)), \(task.week))"),
            ("slot", "\(task.slot.rawValue) (\(context.schedule.hours(of: task.slot)))"),
            ("time", task.time?.description ?? "—"),
            (
                "tags",
                task.tags.isEmpty ? "—" : task.tags.map { "+" + TerminalText.sanitize($0) }.joined(separator: " ")
            ),
            ("notes", task.notes.map(TerminalText.sanitize) ?? "—"),
            ("created", task.created),
            ("modified", task.modified),
            ("done at", task.doneAt ?? "—"),
            ("uid", task.uid),
        ]
        return rows.map { style.dim(DisplayWidth.padRight($0.0, to: 9)) + $0.1 }.joined(separator: "\n") + "\n"
    }
}
