import ShadeCore
import ShadeRendering

/// How a change reads in `undo`'s confirmation.
enum ChangeText {
    /// `task 4, 7` · `category school` · `tasks 4, 7 and category school` · `repeating “Gym”`.
    static func touched(_ change: Change) -> SafeText {
        let ids = change.records.compactMap { ($0.after ?? $0.before)?.task?.id }
        var parts: [SafeText] = []
        if !ids.isEmpty {
            parts.append("task\(ids.count == 1 ? "" : "s") \(ids.map { String($0) }.joined(separator: ", "))")
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
}
