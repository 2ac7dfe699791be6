import ShadeCore

/// Every field of one task, a line each.
public enum TaskDetail {
    /// A note shown under its label: each line sanitised, later lines indented to the value column.
    static func noteLines(_ notes: String) -> String {
        notes.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.sanitize(String($0)) }
            .joined(separator: "\n" + String(repeating: " ", count: 10))
    }

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
            ("category", task.category.map(TerminalText.sanitize) ?? "—"),
            ("colour", task.color?.rawValue ?? "—"),
            ("star", task.favorite ? "★" : "—"),
            ("notes", task.notes.map(TaskDetail.noteLines) ?? "—"),
            ("created", task.created),
            ("modified", task.modified),
            ("done at", task.doneAt ?? "—"),
            ("uid", task.uid),
        ]
        return rows.map { style.dim(DisplayWidth.padRight($0.0, to: 10)) + $0.1 }.joined(separator: "\n") + "\n"
    }
}
