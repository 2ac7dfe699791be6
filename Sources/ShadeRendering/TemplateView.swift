import ShadeCore
import ShadeJSON

/// The views of week templates: `template ls`, `template show`, and what `save` and `apply` did.
public enum TemplateView {
    /// What `template ls` says when there is no template.
    public static let empty: SafeText = "no templates yet; template save NAME keeps the week in view as one"

    /// `typical  12 tasks  from 2026-W47`, one a template (at least one).
    public static func list(_ templates: [WeekTemplate], style: Style) -> SafeText {
        let width = templates.map { DisplayWidth.of(SafeText(escaping: $0.name)) }.max() ?? 0
        return templates.map { template -> SafeText in
            DisplayWidth.padRight(SafeText(escaping: template.name), to: width) + "  " + tasks(template.entries.count)
                + style.dim("  from \(template.source)")
        }.joined(separator: "\n")
    }

    /// `{"templates": [...]}`, each without its entries.
    public static func json(_ templates: [WeekTemplate]) -> JSONValue {
        ["templates": .array(templates.map { json($0, entries: false) })]
    }

    /// A template: name, source week, task count, stamps, and with `entries` each task.
    public static func json(_ template: WeekTemplate, entries: Bool) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("name", .string(template.name))
        object.appendUnique("source", .string(template.source.description))
        object.appendUnique("tasks", .int(Int64(template.entries.count)))
        object.appendUnique("created", .string(template.created))
        object.appendUnique("modified", .string(template.modified))
        if entries { object.appendUnique("entries", .array(template.entries.map(json))) }
        return .object(object)
    }

    /// One task of a template.
    static func json(_ entry: WeekTemplate.Entry) -> JSONValue {
        [
            "weekday": .string(entry.weekday.name), "title": .string(entry.fields.title),
            "slot": .string(entry.fields.slot.rawValue), "time": .optional(entry.fields.time?.description),
            "tags": .array(entry.fields.tags.map(JSONValue.string)), "category": .optional(entry.fields.category),
            "color": .optional(entry.fields.color?.rawValue), "notes": .optional(entry.fields.notes),
            "favorite": .bool(entry.fields.favorite), "remind": .optional(entry.fields.remind?.description),
            "estimate": entry.fields.estimate.map { .int(Int64($0)) } ?? .null,
            "every": .optional(entry.every?.description),
        ]
    }

    /// `template show`: the name, then each task by weekday and slot with its labels.
    public static func render(_ template: WeekTemplate, style: Style) -> SafeText {
        var lines: [SafeText] = [
            style.bold(SafeText(escaping: template.name))
                + style.dim(" · \(template.entries.count) tasks, saved from \(template.source)")
        ]
        for entry in template.entries {
            var line: SafeText = "  \(entry.weekday.shortName) " + DisplayWidth.padRight("\(entry.fields.slot)", to: 10)
            line += (entry.fields.time.map { "\($0)" } ?? "     ") + " " + SafeText(escaping: entry.fields.title)
            var labels: [SafeText] = []
            if let every = entry.every { labels.append(style.dim("↻ every \(every)")) }
            if !entry.fields.tags.isEmpty {
                labels.append(style.yellow(entry.fields.tags.map { "+\($0)" }.joined(separator: " ")))
            }
            if let category = entry.fields.category { labels.append(style.cyan("@\(category)")) }
            if let remind = entry.fields.remind { labels.append(style.dim("remind:\(remind)")) }
            if !labels.isEmpty { line += "  " + labels.joined(separator: " ") }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// `saved template typical · 12 tasks from 2026-W47` (`replaced` when the name was taken,
    /// `(unchanged)` when nothing changed).
    public static func saved(_ template: WeekTemplate, from week: ISOWeek, replaced: Bool, unchanged: Bool)
        -> SafeText
    {
        "\(replaced ? "replaced" : "saved") template \(SafeText(escaping: template.name)) · "
            + tasks(template.entries.count) + " from \(week)" + (unchanged ? " (unchanged)" : "")
    }

    /// `applied template typical to 2026-W49 · 12 tasks`, a note of those its repeats had there
    /// already, and the tasks it brought.
    public static func applied(
        _ name: String, to week: ISOWeek, count: Int, skipped: Int, tasks shown: [PlannerTask], context: RenderContext
    ) -> SafeText {
        var text: SafeText = "applied template \(SafeText(escaping: name)) to \(week) · " + tasks(count)
        if skipped > 0 { text += " (\(skipped) already there by their repeat)" }
        let lines = TaskLines.render(shown, placement: true, indent: 2, context: context)
        return text + (lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))
    }

    /// `{"template", "week", "tasks"}` of what `apply` brought.
    public static func json(applied name: String, to week: ISOWeek, tasks: [PlannerTask], context: RenderContext)
        -> JSONValue
    {
        [
            "template": .string(name), "week": .string(week.description),
            "tasks": .array(tasks.map { ViewJSON.task($0, context: context) }),
        ]
    }

    /// `1 task`, `12 tasks`.
    static func tasks(_ count: Int) -> SafeText { "\(count) task\(count == 1 ? "" : "s")" }
}
