import ShadeCore
import ShadeJSON
import ShadeStore

/// The view of `conflicts`: the values merges on this copy overwrote, newest first, each with the
/// record, the field, the value kept and the value lost, and who changed each and when.
public enum ConflictView {
    /// What `conflicts` says when the log is empty.
    public static let empty: SafeText = "no conflicts: no merge here overwrote a value"

    /// The text of `conflicts` for `entries` (in the order shown, at least one).
    /// Each is numbered as `conflicts restore N` names it (1 = the newest).
    public static func render(_ entries: [ConflictLog.Entry], style: Style) -> SafeText {
        var lines: [SafeText] = []
        for (index, entry) in entries.enumerated() {
            let conflict = entry.conflict
            let name = DisplayWidth.truncate(SafeText(escaping: conflict.title), to: 40)
            lines.append(
                style.bold("\(index + 1)") + " " + style.dim("\(ChangeLogView.shownTime(entry.merged))")
                    + " \(conflict.kind.rawValue) “" + name + "” · " + style.bold(SafeText(escaping: conflict.field)))
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

    /// `{"conflicts": [{"number", "uid", "kind", "title", "field", "kept", "lost", "kept_by", …}]}`,
    /// numbered as `conflicts restore N` names them.
    public static func json(_ entries: [ConflictLog.Entry]) -> JSONValue {
        ["conflicts": .array(entries.enumerated().map { json($1, number: $0 + 1) })]
    }

    /// What `conflicts restore N` put back: the record, the field, and the value now and before.
    public static func renderRestored(_ entry: ConflictLog.Entry, number: Int, changed: Bool) -> SafeText {
        let conflict = entry.conflict
        let name = DisplayWidth.truncate(SafeText(escaping: conflict.title), to: 40)
        guard changed else {
            return "\(conflict.kind.rawValue) “" + name + "” holds that value already: nothing to put back"
        }
        if conflict.field == RecordMerge.removedField {
            return "removed \(conflict.kind.rawValue) “" + name + "” again (conflict \(number)); undo takes it back"
        }
        return "put back \(conflict.kind.rawValue) “" + name + "” · " + SafeText(escaping: conflict.field) + " "
            + shown(conflict.lost) + " (was " + shown(conflict.kept) + ", conflict \(number)); undo takes it back"
    }

    /// `{"restored": {conflict}, "changed": Bool}`.
    public static func jsonRestored(_ entry: ConflictLog.Entry, number: Int, changed: Bool) -> JSONValue {
        ["restored": json(entry, number: number), "changed": .bool(changed)]
    }

    /// One overwritten value.
    static func json(_ entry: ConflictLog.Entry, number: Int) -> JSONValue {
        let conflict = entry.conflict
        return [
            "number": .int(Int64(number)), "uid": .string(conflict.key), "kind": .string(conflict.kind.rawValue),
            "title": .string(conflict.title),
            "field": .string(conflict.field), "kept": conflict.kept, "lost": conflict.lost,
            "kept_by": .string(conflict.keptStamp.by), "lost_by": .string(conflict.lostStamp.by),
            "kept_at": .string(conflict.keptStamp.at), "lost_at": .string(conflict.lostStamp.at),
            "merged": .string(entry.merged), "file": .string(conflict.file),
        ]
    }
}
