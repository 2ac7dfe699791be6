import ShadeCore
import ShadeJSON

/// The view of `ls` and `find`: tasks one a line with their date and slot, or in sections
/// (`--by`), each headed by its name, its count, its share of the list and its rate.
public enum TaskListing {
    /// The text of a listing; `emptyMessage` when there is no task.
    public static func render(
        _ tasks: [PlannerTask], groups: [TaskGroup]?, emptyMessage: SafeText, context: RenderContext
    ) -> SafeText {
        guard !tasks.isEmpty else { return emptyMessage }
        guard let groups else {
            return TaskLines.render(tasks, placement: true, indent: 0, context: context).joined(separator: "\n")
        }
        let layout = TaskLines(measuring: tasks, placement: true, indent: 2, context: context)
        var lines: [SafeText] = []
        for group in groups {
            lines.append(
                context.style.bold("\(group.name)") + context.style.dim(" · " + summary(group, of: tasks.count)))
            lines += group.tasks.map(layout.line)
        }
        return lines.joined(separator: "\n")
    }

    /// `5 of 10 (50%) · 40% done`: a section's count, its share of the list and its rate.
    public static func summary(_ group: TaskGroup, of total: Int) -> SafeText {
        let share = total == 0 ? 0 : Double(group.tasks.count) / Double(total)
        return "\(group.tasks.count) of \(total) (" + RateFormat.percent(share) + ") · "
            + RateFormat.percent(group.tally.rate) + " done"
    }

    /// `{"tasks": [...]}`, with `"groups": [{"name", "count", "rate", "ids"}]` when grouped.
    public static func json(_ tasks: [PlannerTask], groups: [TaskGroup]?, context: RenderContext) -> JSONValue {
        let list = ViewJSON.list(tasks, context: context)
        guard let groups, var object = list.objectValue else { return list }
        object.appendUnique("groups", .array(groups.map(json)))
        return .object(object)
    }

    /// `{"name", "count", "rate", "ids"}` of one section.
    static func json(_ group: TaskGroup) -> JSONValue {
        [
            "name": .string(group.name), "count": .int(Int64(group.tasks.count)),
            "rate": group.tally.rate.map(JSONValue.double) ?? .null,
            "ids": .array(group.tasks.map { .int(Int64($0.id)) }),
        ]
    }
}
