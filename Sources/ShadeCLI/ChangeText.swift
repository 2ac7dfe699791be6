import ShadeCore
import ShadeRendering

/// How a change reads in `undo`'s confirmation.
enum ChangeText {
    /// `task 4, 7` · `category school` · `tasks 4, 7 and category school` · `repeating “Gym”`.
    static func touched(_ change: Change) -> SafeText {
        let ids = change.records.compactMap { ($0.after ?? $0.before)?.task?.id }
        let names = change.records.compactMap { ($0.after ?? $0.before)?.category?.name }
        var parts: [SafeText] = []
        if !ids.isEmpty {
            parts.append("task\(ids.count == 1 ? "" : "s") \(ids.map { String($0) }.joined(separator: ", "))")
        }
        if !names.isEmpty {
            var seen: Set<String> = []
            let unique = names.filter { seen.insert($0).inserted }
            parts.append("categor\(unique.count == 1 ? "y" : "ies") \(unique.joined(separator: ", "))")
        }
        let series = change.records.compactMap { ($0.after ?? $0.before)?.keyedRecord?.base as? RepeatSeries }
        if !series.isEmpty {
            parts.append("repeating \(series.map { "“\($0.base.title)”" }.joined(separator: ", "))")
        }
        let templates = change.records.compactMap { ($0.after ?? $0.before)?.keyedRecord?.base as? WeekTemplate }
        if !templates.isEmpty {
            parts.append("template \(templates.map { SafeText(escaping: $0.name) }.joined(separator: ", "))")
        }
        return parts.joined(separator: " and ")
    }
}
