import ShadeCore

/// Draws tasks one a line in aligned columns: status mark, id, (date and slot,) time, title, tags.
///
/// Columns are measured over all the tasks first, by display width, then drawn.
public enum TaskLines {
    /// The mark of a task's status: ○ open, ! overdue, ✓ done, ✗ cancelled.
    public static func mark(_ task: PlannerTask, context: RenderContext) -> String {
        let style = context.style
        switch task.status {
        case .done: return style.green("✓")
        case .cancelled: return style.dim("✗")
        case .open: return task.isOverdue(at: context.now, schedule: context.schedule) ? style.red("!") : "○"
        }
    }

    /// One line per task; `placement` adds date and slot columns (for lists across days).
    public static func render(_ tasks: [PlannerTask], placement: Bool, indent: Int, context: RenderContext) -> [String] {
        guard !tasks.isEmpty else { return [] }
        let style = context.style
        let idWidth = tasks.map { String($0.id).count }.max()!
        let hasTime = tasks.contains { $0.time != nil }
        let hasTags = tasks.contains { !$0.tags.isEmpty }
        let prefixWidth = indent + 2 + idWidth + 1 + (placement ? 11 + 10 : 0) + (hasTime ? 6 : 0)
        let titles = tasks.map { TerminalText.sanitize($0.title) }
        let room = max(12, context.width - prefixWidth - (hasTags ? 12 : 0))
        let titleWidth = min(room, titles.map(DisplayWidth.of).max()!)
        let pad = String(repeating: " ", count: indent)
        return zip(tasks, titles).map { task, title in
            var line = pad + mark(task, context: context) + " " + style.dim(DisplayWidth.padLeft(String(task.id), to: idWidth))
            line += " "
            if placement {
                line += RateFormat.shortDate(task.date) + " " + DisplayWidth.padRight(task.slot.rawValue, to: 10)
            }
            if hasTime { line += (task.time.map { style.cyan($0.description) } ?? "     ") + " " }
            var shown = DisplayWidth.truncate(title, to: titleWidth)
            if hasTags { shown = DisplayWidth.padRight(shown, to: titleWidth) }
            switch task.status {
            case .done: shown = style.dim(shown)
            case .cancelled: shown = style.dim(style.strike(shown))
            case .open: break
            }
            line += shown
            if !task.tags.isEmpty {
                line += "  " + style.yellow(task.tags.map { "+" + TerminalText.sanitize($0) }.joined(separator: " "))
            }
            return trimTrailing(line)
        }
    }

    static func trimTrailing(_ line: String) -> String {
        var result = line
        while result.last == " " { result.removeLast() }
        return result
    }
}
