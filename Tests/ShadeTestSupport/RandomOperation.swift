import ShadeCore

/// One operation of the change model chosen at random, for the property tests of the core and of
/// the store: it makes the record changes of that operation on given records.
public enum RandomOperation: CaseIterable, Sendable {
    case add, done, undone, cancel, remove, move, edit, star, note, createCategory, recolor, rename, dropCategory

    /// The record changes of this operation on `records`, its arguments chosen by `pick` among
    /// the task `ids` and category names there are; nil when it does not apply (no such task).
    public func changes(pick: Int, ids: [Int], in records: PlannerRecords, newID: Int, context: OperationContext)
        -> [RecordChange]?
    {
        let monday = CivilDate.fixture("2026-11-23")
        let sorted = ids.sorted()
        let target = sorted.isEmpty ? 1 : sorted[pick % sorted.count]
        let names = (try? records.categories().map(\.name)) ?? []
        let name = names.isEmpty ? "none" : names[pick % names.count]
        let palette = TaskColor.allCases[pick % TaskColor.allCases.count]
        return try? {
            switch self {
            case .add:
                var words = TaskWords(
                    date: monday.adding(days: pick % 9), slot: Slot.allCases[pick % 3], title: "Task \(pick)",
                    tags: pick % 2 == 0 ? ["t\(pick % 4)"] : [])
                if pick % 3 == 0 { words.category = "c\(pick % 3)" }
                return try TaskOperations.add(
                    words, defaultDate: monday, defaultSlot: .morning, id: newID, uid: "u\(newID)", in: records,
                    context: context)
            case .done: return try TaskOperations.setStatus(.done, ids: [target], in: records, context: context)
            case .undone: return try TaskOperations.setStatus(.open, ids: [target], in: records, context: context)
            case .cancel: return try TaskOperations.setStatus(.cancelled, ids: [target], in: records, context: context)
            case .remove: return try TaskOperations.remove(ids: [target], in: records)
            case .move:
                return try TaskOperations.move(
                    id: target, to: monday.adding(days: pick % 12 - 3), slot: Slot.allCases[pick % 3], time: nil,
                    in: records, context: context)
            case .edit:
                var words = TaskWords(title: pick % 2 == 0 ? "Renamed \(pick)" : "", tags: ["x\(pick % 3)"])
                words.removedTags = ["t\(pick % 4)"]
                words.category = pick % 4 == 0 ? "" : "c\(pick % 5)"
                words.color = pick % 3 == 0 ? palette : nil
                return try TaskOperations.edit(
                    id: target, words, clearTime: pick % 5 == 0, in: records, context: context)
            case .star:
                return try TaskOperations.setFavorite(pick % 2 == 0, ids: [target], in: records, context: context)
            case .note:
                return try TaskOperations.note(
                    id: target, text: pick % 2 == 0 ? "note \(pick)" : nil, in: records, context: context)
            case .createCategory: return try CategoryOperations.create("k\(pick % 6)", color: nil, in: records)
            case .recolor: return try CategoryOperations.recolor(name, to: palette, in: records)
            case .rename: return try CategoryOperations.rename(name, to: "r\(pick % 7)", in: records, context: context)
            case .dropCategory:
                return try CategoryOperations.remove(
                    name, movingTo: pick % 2 == 0 ? nil : "m\(pick % 3)", in: records, context: context)
            }
        }()
    }
}
