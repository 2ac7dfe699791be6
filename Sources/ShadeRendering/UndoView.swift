import ShadeCore
import ShadeJSON

/// The view of `undo`: the change taken back, and what it touched.
public enum UndoView {
    /// `undid “mv 4 fri” (task 4)`, or `nothing to undo`.
    public static func render(_ change: Change?) -> SafeText {
        guard let change else { return "nothing to undo" }
        return "undid “\(change.label)” (" + touched(change) + ")"
    }

    /// The most task ids an undo names.
    static let shownIDs = 20

    /// `task 4, 7` · `category school` · `tasks 4, 7 and category school` · `repeating “Gym”`.
    public static func touched(_ change: Change) -> SafeText {
        let ids = change.records.compactMap { ($0.after ?? $0.before)?.task?.id }
        var parts: [SafeText] = []
        if !ids.isEmpty {
            // A large import's undo names its first tasks and counts the rest.
            let shown = ids.prefix(shownIDs).map { String($0) }.joined(separator: ", ")
            let rest = ids.count > shownIDs ? " and \(ids.count - shownIDs) more" : ""
            parts.append("task\(ids.count == 1 ? "" : "s") \(shown)\(rest)")
        }
        // Records of every other kind, by kind in the order first touched, each named once.
        var kinds: [(noun: (one: String, many: String), names: [String])] = []
        var index: [RecordKind: Int] = [:]
        for record in change.records.compactMap({ ($0.after ?? $0.before)?.keyedRecord }) {
            let name = record.base.shownName
            if let at = index[record.kind] {
                if !kinds[at].names.contains(name) { kinds[at].names.append(name) }
            } else {
                index[record.kind] = kinds.count
                kinds.append((record.noun, [name]))
            }
        }
        for (noun, names) in kinds {
            parts.append("\(names.count == 1 ? noun.one : noun.many) \(names.joined(separator: ", "))")
        }
        return parts.joined(separator: " and ")
    }

    /// `{"undone": label, "restored": [tasks as they are again], "removed": [tasks it had added]}`.
    public static func json(_ change: Change?, context: RenderContext) -> JSONValue {
        let restored = change?.records.compactMap { $0.before?.task } ?? []
        let removed = change?.records.filter { $0.before == nil }.compactMap { $0.after?.task } ?? []
        return [
            "undone": .optional(change?.label),
            "restored": .array(restored.map { ViewJSON.task($0, context: context) }),
            "removed": .array(removed.map { ViewJSON.task($0, context: context) }),
        ]
    }
}
