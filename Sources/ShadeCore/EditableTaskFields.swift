/// The fields `edit`'s words set alike on a planned task and on an inbox task: the title, tags,
/// category, colour, recipient, deadline and estimate.
public protocol EditableTaskFields {
    var title: String { get set }
    var tags: [String] { get set }
    var category: String? { get set }
    var color: TaskColor? { get set }
    var to: String? { get set }
    var due: CivilDate? { get set }
    var estimate: Int? { get set }
}

extension EditableTaskFields {
    /// Sets what `words` name of these fields (a tag added once, `-tag` removed, `none` clearing).
    public mutating func apply(_ words: TaskWords) throws {
        if !words.title.isEmpty { title = try TaskText.validateTitle(words.title) }
        for tag in words.tags where !tags.contains(tag) { tags.append(tag) }
        tags.removeAll { words.removedTags.contains($0) }
        if let category = words.category { self.category = category.isEmpty ? nil : category }
        if let color = words.color { self.color = color }
        if words.clearsColor { color = nil }
        if let to = words.to { self.to = to.isEmpty ? nil : to }
        if let due = words.due { self.due = due }
        if words.clearsDue { due = nil }
        if let estimate = words.estimate { self.estimate = estimate }
        if words.clearsEstimate { estimate = nil }
    }
}

extension PlannerTask: EditableTaskFields {}
extension InboxTask: EditableTaskFields {}
