import ShadeCore
import ShadeJSON

/// The inbox (`inbox`): its tasks one a line, by id, with what they are; and their JSON, the
/// shape of any task's with no day (`"date": null, "slot": null`).
public enum InboxView {
    /// The lines of `inbox`: a heading with the count and minutes, then each task.
    public static func render(_ tasks: [InboxTask], context: RenderContext) -> [SafeText] {
        let style = context.style
        guard !tasks.isEmpty else {
            return [style.bold("Inbox"), "  (empty: add someday TITLE keeps a task with no day yet)"]
        }
        let minutes = tasks.compactMap(\.estimate).reduce(0, +)
        var heading: SafeText = style.bold("Inbox") + style.dim(" · \(tasks.count) task\(tasks.count == 1 ? "" : "s")")
        if minutes > 0 { heading += style.dim(" · ~" + SafeText(escaping: Estimate.words(minutes))) }
        let idWidth = tasks.map { String($0.id).count }.max() ?? 1
        return [heading] + tasks.map { line($0, idWidth: idWidth, context: context) }
            + [style.dim("  mv ID DAY [SLOT] plans one; plan proposes a place for each")]
    }

    /// One task: `○ 41 Fix the bike  ~1h30m due Fri 4 Dec +home @chores`.
    static func line(_ task: InboxTask, idWidth: Int, context: RenderContext) -> SafeText {
        let style = context.style
        var line: SafeText = "  ○ " + style.dim(DisplayWidth.padLeft("\(task.id)", to: idWidth)) + " "
        if task.favorite { line += style.yellow("★") + " " }
        var title = DisplayWidth.truncate(SafeText(escaping: task.title), to: max(12, context.width - idWidth - 30))
        if let color = task.color ?? task.category.flatMap({ context.categoryColors[$0] }) {
            title = style.color(title, color)
        }
        line += title
        var labels: [SafeText] = []
        if let to = task.to { labels.append(style.dim("→\(to)")) }
        if let minutes = task.estimate { labels.append(style.dim("~" + SafeText(escaping: Estimate.words(minutes)))) }
        if let due = task.due {
            let label: SafeText = "due " + RateFormat.shortDay(due)
            labels.append(due < context.now.date ? style.red(label) : style.dim(label))
        }
        if !task.tags.isEmpty { labels.append(style.yellow(task.tags.map { "+\($0)" }.joined(separator: " "))) }
        if let category = task.category { labels.append(style.cyan("@\(category)")) }
        if !labels.isEmpty { line += "  " + labels.joined(separator: " ") }
        return line.trimmingTrailingSpaces()
    }

    /// `{"tasks": [...]}`.
    public static func json(_ tasks: [InboxTask], context: RenderContext) -> JSONValue {
        ["tasks": .array(tasks.map { task($0, context: context) })]
    }

    /// `{"tasks": [...]}` of planned tasks and inbox tasks together (what `rm` removed).
    public static func json(tasks: [PlannerTask], inbox: [InboxTask], context: RenderContext) -> JSONValue {
        ["tasks": .array(tasks.map { ViewJSON.task($0, context: context) } + inbox.map { task($0, context: context) })]
    }

    /// An inbox task as a task object: every key a task has, `date`, `slot`, `week` and the rest
    /// of a day's null.
    public static func task(_ task: InboxTask, context: RenderContext) -> JSONValue {
        [
            "id": .int(Int64(task.id)), "uid": .string(task.uid), "title": .string(task.title),
            "status": "open", "date": .null, "slot": .null, "time": .null, "week": .null,
            "tags": .array(task.tags.map(JSONValue.string)), "notes": .optional(task.notes),
            "category": .optional(task.category), "color": .optional(task.color?.rawValue),
            "favorite": .bool(task.favorite), "overdue": false, "created": .string(task.created),
            "modified": .string(task.modified), "done_at": .null, "series": .null, "repeat": .null, "remind": .null,
            "carried": 0, "planned": .null, "goal": .optional(context.goals[task.goal ?? ""]?.label),
            "to": .optional(task.to), "due": .optional(task.due?.description),
            "estimate": task.estimate.map { .int(Int64($0)) } ?? .null,
            "created_by": .optional(task.createdBy), "modified_by": .optional(task.stamps.modifiedBy),
        ]
    }
}
