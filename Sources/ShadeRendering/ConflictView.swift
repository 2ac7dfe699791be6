import ShadeCore
import ShadeJSON
import ShadeStore

/// The view of `conflicts`: the values merges on this copy overwrote, newest first, each with the
/// record, the field, the value kept and the value lost, and who changed each and when.
public enum ConflictView {
    /// What `conflicts` says when the log is empty.
    public static let empty: SafeText = "no conflicts: no merge here overwrote a value"

    /// The text of `conflicts` for `entries` (in the order shown, at least one).
    public static func render(_ entries: [ConflictLog.Entry], style: Style) -> SafeText {
        var lines: [SafeText] = []
        for entry in entries {
            let conflict = entry.conflict
            let name = DisplayWidth.truncate(SafeText(escaping: conflict.title), to: 40)
            lines.append(
                style.dim("\(ChangeLogView.shownTime(entry.merged))") + " \(conflict.kind.rawValue) “" + name + "” · "
                    + style.bold(SafeText(escaping: conflict.field)))
            lines.append("  kept " + shown(conflict.kept) + style.dim(" (\(who(conflict.keptStamp)))" as SafeText))
            lines.append("  lost " + shown(conflict.lost) + style.dim(" (\(who(conflict.lostStamp)))" as SafeText))
        }
        return lines.joined(separator: "\n")
    }

    /// `ana, 2026-11-23 09:30` (`someone` when the stamp names no one).
    static func who(_ stamp: FieldStamp) -> String {
        (stamp.by.isEmpty ? "someone" : stamp.by) + ", " + ChangeLogView.shownTime(stamp.at)
    }

    /// A value as a line shows it: text quoted and cut, flags as yes or no, nothing as —.
    static func shown(_ value: JSONValue) -> SafeText {
        switch value {
        case .null: "—"
        case .string(let text): "“" + DisplayWidth.truncate(SafeText(escaping: text), to: 60) + "”"
        case .bool(let flag): flag ? "yes" : "no"
        default: SafeText(escaping: (try? JSONWriter.string(value, layout: .compact)) ?? "")
        }
    }

    /// `{"conflicts": [{"uid", "kind", "title", "field", "kept", "lost", "kept_by", …}]}`.
    public static func json(_ entries: [ConflictLog.Entry]) -> JSONValue {
        ["conflicts": .array(entries.map(json))]
    }

    /// One overwritten value.
    static func json(_ entry: ConflictLog.Entry) -> JSONValue {
        let conflict = entry.conflict
        return [
            "uid": .string(conflict.key), "kind": .string(conflict.kind.rawValue), "title": .string(conflict.title),
            "field": .string(conflict.field), "kept": conflict.kept, "lost": conflict.lost,
            "kept_by": .string(conflict.keptStamp.by), "lost_by": .string(conflict.lostStamp.by),
            "kept_at": .string(conflict.keptStamp.at), "lost_at": .string(conflict.lostStamp.at),
            "merged": .string(entry.merged), "file": .string(conflict.file),
        ]
    }
}
