import ShadeCore

/// Draws tasks one a line in aligned columns: status mark, id, (date and slot,) time, title, tags.
///
/// Columns are measured over all the tasks of a view first, by display width, then drawn, so
/// that a day's slots line up with each other.
public struct TaskLines {
    private let context: RenderContext
    private let placement: Bool
    private let indent: Int
    private let idWidth: Int
    private let hasTime: Bool
    private let hasTags: Bool
    private let hasStars: Bool
    private let titleWidth: Int

    /// Measures the columns for `tasks`; `placement` adds date and slot columns.
    public init(measuring tasks: [PlannerTask], placement: Bool, indent: Int, context: RenderContext) {
        self.context = context
        self.placement = placement
        self.indent = indent
        idWidth = tasks.map { String($0.id).count }.max() ?? 1
        hasTime = tasks.contains { $0.time != nil }
        hasTags = tasks.contains {
            !$0.tags.isEmpty || $0.category != nil || $0.series != nil || $0.carried > 0 || context.goal(of: $0) != nil
                || $0.to != nil
        }
        hasStars = tasks.contains(where: \.favorite)
        let prefixWidth = indent + 2 + idWidth + 1 + (placement ? 11 + 10 : 0) + (hasTime ? 6 : 0) + (hasStars ? 2 : 0)
        let room = max(12, context.width - prefixWidth - (hasTags ? 12 : 0))
        titleWidth = min(room, tasks.map { DisplayWidth.of(SafeText(escaping: $0.title)) }.max() ?? 0)
    }

    /// The mark of a task's status: ○ open, ! overdue, ✓ done, ✗ cancelled.
    public static func mark(_ task: PlannerTask, context: RenderContext) -> SafeText {
        let style = context.style
        switch task.status {
        case .done: return style.green("✓")
        case .cancelled: return style.dim("✗")
        case .open: return task.isOverdue(at: context.now, schedule: context.schedule) ? style.red("!") : "○"
        }
    }

    /// The line of one task.
    public func line(_ task: PlannerTask) -> SafeText {
        let style = context.style
        var line = SafeText.spaces(indent) + TaskLines.mark(task, context: context)
        line += " " + style.dim(DisplayWidth.padLeft("\(task.id)", to: idWidth)) + " "
        if hasStars { line += task.favorite ? style.yellow("★") + " " : "  " }
        if placement {
            line += RateFormat.shortDate(task.date) + " " + DisplayWidth.padRight("\(task.slot)", to: 10)
        }
        if hasTime { line += (task.time.map { style.cyan("\($0)") } ?? "     ") + " " }
        var shown = DisplayWidth.truncate(SafeText(escaping: task.title), to: titleWidth)
        if hasTags { shown = DisplayWidth.padRight(shown, to: titleWidth) }
        switch task.status {
        case .done: shown = style.dim(shown)
        case .cancelled: shown = style.dim(style.strike(shown))
        case .open: if let color = context.color(of: task) { shown = style.color(shown, color) }
        }
        line += shown
        // ↻: an occurrence of a repeating task.
        var labels: [SafeText] = task.series != nil ? [style.dim("↻")] : []
        // ↷2: carried on twice.
        if task.carried > 0 { labels.append(style.magenta("↷\(task.carried)")) }
        // ◎g1: counts towards goal g1.
        if let goal = context.goal(of: task) { labels.append(style.cyan("◎\(goal.label)")) }
        // →ana: given to ana.
        if let to = task.to { labels.append(style.dim("→\(to)")) }
        // ~1h30m: how long it takes.
        if let minutes = task.estimate { labels.append(style.dim("~" + SafeText(escaping: Estimate.words(minutes)))) }
        // due Fri 4 Dec: its deadline (red once the day it is planned for is after it, or it is past).
        if let due = task.due {
            let label: SafeText = "due " + RateFormat.shortDay(due)
            let late = task.status == .open && (task.date > due || due < context.now.date)
            labels.append(late ? style.red(label) : style.dim(label))
        }
        if !task.tags.isEmpty {
            labels.append(style.yellow(task.tags.map { "+\($0)" }.joined(separator: " ")))
        }
        if let category = task.category {
            let label: SafeText = "@\(category)"
            labels.append(context.categoryColors[category].map { style.color(label, $0) } ?? style.cyan(label))
        }
        if !labels.isEmpty { line += "  " + labels.joined(separator: " ") }
        return line.trimmingTrailingSpaces()
    }

    /// The lines of several tasks, measured together.
    public static func render(_ tasks: [PlannerTask], placement: Bool, indent: Int, context: RenderContext)
        -> [SafeText]
    {
        let layout = TaskLines(measuring: tasks, placement: placement, indent: indent, context: context)
        return tasks.map(layout.line)
    }
}
