import ShadeCore
import ShadeJSON
import ShadeStore

/// The view of `log`: the newest changes first, each with its number, when and by whom, and what
/// it did to each record, field by field.
public enum ChangeLogView {
    /// What `log` says when nothing has been changed.
    public static let empty: SafeText = "no changes yet"

    /// The text of `log` for `entries` (newest first, at least one).
    public static func render(_ entries: [(number: Int, change: Change)], style: Style) -> SafeText {
        var lines: [SafeText] = []
        for (number, change) in entries {
            let by: SafeText = change.by.isEmpty ? "" : " · \(change.by)"
            lines.append(
                style.bold("#\(number)") + style.dim(" \(shownTime(change.at))") + by + " · \(change.label)")
            for record in change.records { lines.append("  " + line(record)) }
        }
        return lines.joined(separator: "\n")
    }

    /// `2026-11-23 09:30` of a timestamp.
    public static func shownTime(_ timestamp: String) -> String {
        String(timestamp.replacing("T", with: " ").prefix(16))
    }

    /// `task 29 “Call the bank”: status open → done` · `added category school (blue)`.
    public static func line(_ record: RecordChange) -> SafeText {
        let name: SafeText
        switch record.after ?? record.before {
        case .task(let task)?:
            name = "task \(task.id) “" + DisplayWidth.truncate(SafeText(escaping: task.title), to: 40) + "”"
        case .keyed(let keyed)?:
            name = "\(keyed.kind.rawValue) " + DisplayWidth.truncate(SafeText(escaping: keyed.base.shownName), to: 42)
        case nil: name = ""
        }
        switch record.action {
        case .add: return "added " + name
        case .remove: return "removed " + name
        case .change:
            let fields = record.fieldChanges.filter { $0.field != "modified" }.map { change -> SafeText in
                "\(change.field) " + shown(change.old) + " → " + shown(change.new)
            }
            return name + ": " + fields.joined(separator: ", ")
        }
    }

    private static func shown(_ value: FieldValue) -> SafeText {
        switch value {
        case .none: return "—"
        case .text(let text): return DisplayWidth.truncate(SafeText(escaping: text), to: 40)
        case .flag(let flag): return flag ? "yes" : "no"
        case .list(let items): return items.isEmpty ? "—" : "\(items.joined(separator: " "))"
        }
    }

    /// `{"changes": [{"number", "label", "at", "by", "records"}]}`.
    public static func json(_ entries: [(number: Int, change: Change)]) -> JSONValue {
        ["changes": .array(entries.map { json(number: $0.number, $0.change) })]
    }

    /// One change: its number, label, moment and author, and each record's fields old and new.
    static func json(number: Int, _ change: Change) -> JSONValue {
        let records = change.records.map { record -> JSONValue in
            let task = (record.after ?? record.before)?.task
            return [
                "kind": .string(record.kind.rawValue), "uid": .string(record.key),
                "id": task.map { .int(Int64($0.id)) } ?? .null, "action": .string(record.action.rawValue),
                "fields": .array(
                    record.fieldChanges.map { field in
                        ["field": .string(field.field), "old": JSONValue(field.old), "new": JSONValue(field.new)]
                    }),
            ]
        }
        return [
            "number": .int(Int64(number)), "label": .string(change.label), "at": .string(change.at),
            "by": .string(change.by), "records": .array(records),
        ]
    }
}
