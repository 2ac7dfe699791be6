import Foundation
import PropertyBased
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeStore

/// The store's own path for a change — core operation, `Store.commit`, the change log, `undo` —
/// over random sequences of operations: undoing every change, newest first, gives back the very
/// records the store started with (tasks by id, every field, and the categories), and the store
/// agrees with the core's plain-value model after every step.
@Suite struct ChangeLogStoreTests {
    enum Step: CaseIterable, Sendable {
        case add, done, cancel, remove, move, edit, star, note, createCategory, recolor, rename, dropCategory
    }

    /// Every task (by id) and category the store holds.
    private func snapshot(_ store: Store) throws -> PlannerSnapshot {
        try store.read { state in PlannerSnapshot(tasks: try state.allTasks(), categories: try state.categories()) }
    }

    private static let context = OperationContext(
        now: Moment.fixture("2026-11-24T10:00", utcOffsetSeconds: 0), schedule: .standard)

    /// The record changes of one step on the records as they are; nil when the step does not apply.
    private static func changes(_ step: Step, pick: Int, in records: PlannerRecords, id: Int) -> [RecordChange]? {
        let monday = CivilDate.fixture("2026-11-23")
        let ids = (records as? StoreState).flatMap { try? $0.allTasks().map(\.id) } ?? []
        let target = ids.isEmpty ? 1 : ids.sorted()[pick % ids.count]
        let names = (try? records.categories().map(\.name)) ?? []
        let name = names.isEmpty ? "none" : names[pick % names.count]
        let palette = TaskColor.allCases[pick % TaskColor.allCases.count]
        return try? {
            switch step {
            case .add:
                var words = TaskWords(
                    date: monday.adding(days: pick % 10), slot: Slot.allCases[pick % 3], title: "Task \(pick)",
                    tags: pick % 2 == 0 ? ["t\(pick % 3)"] : [])
                if pick % 3 == 0 { words.category = "c\(pick % 4)" }
                return try TaskOperations.add(
                    words, defaultDate: monday, defaultSlot: .morning, id: id, uid: "u\(id)", in: records,
                    context: context)
            case .done: return try TaskOperations.setStatus(.done, ids: [target], in: records, context: context)
            case .cancel: return try TaskOperations.setStatus(.cancelled, ids: [target], in: records, context: context)
            case .remove: return try TaskOperations.remove(ids: [target], in: records)
            case .move:
                return try TaskOperations.move(
                    id: target, to: monday.adding(days: pick % 14 - 4), slot: Slot.allCases[pick % 3], time: nil,
                    in: records, context: context)
            case .edit:
                var words = TaskWords(title: pick % 2 == 0 ? "Renamed \(pick)" : "", tags: ["x\(pick % 2)"])
                words.category = pick % 4 == 0 ? "" : "c\(pick % 5)"
                words.color = pick % 3 == 0 ? palette : nil
                return try TaskOperations.edit(id: target, words, clearTime: false, in: records, context: context)
            case .star:
                return try TaskOperations.setFavorite(pick % 2 == 0, ids: [target], in: records, context: context)
            case .note:
                return try TaskOperations.note(id: target, text: "note \(pick)", in: records, context: context)
            case .createCategory: return try CategoryOperations.create("k\(pick % 5)", color: nil, in: records)
            case .recolor: return try CategoryOperations.recolor(name, to: palette, in: records)
            case .rename: return try CategoryOperations.rename(name, to: "r\(pick % 6)", in: records, context: context)
            case .dropCategory:
                return try CategoryOperations.remove(
                    name, movingTo: pick % 2 == 0 ? nil : "m\(pick % 3)", in: records, context: context)
            }
        }()
    }

    @Test func undoingEveryCommittedChangeGivesBackTheStoreItStartedWith() async throws {
        let steps = Gen<Step>.case.array(of: 1...12)
        let picks = Gen.int(in: 0...1000).array(of: 12)
        await propertyCheck(count: 25, input: steps, picks) { steps, picks in
            let temp = TemporaryStore()
            do {
                // A starting store with a few tasks and a category.
                for (index, title) in ["Gym", "Read", "Call"].enumerated() {
                    var words = TaskWords(slot: Slot.allCases[index], title: title)
                    words.category = index == 0 ? "health" : nil
                    _ = try temp.store.commit(label: "add \(title)", now: now) { state in
                        try TaskOperations.add(
                            words, defaultDate: CivilDate.fixture("2026-11-23"), defaultSlot: .morning,
                            id: try state.allocateID(), uid: "start-\(index)", in: state, context: Self.context)
                    }
                }
                let start = try snapshot(temp.store)
                var model = start
                var committed = 0
                for (index, step) in steps.enumerated() {
                    var made: [RecordChange]?
                    let change = try temp.store.commit(label: "step \(index)", now: now) { state in
                        made = Self.changes(step, pick: picks[index], in: state, id: try state.allocateID())
                        return made ?? []
                    }
                    if !change.isEmpty { committed += 1 }
                    if let made { model = model.applying(made) }
                    // The store and the core's plain-value model agree after every step.
                    #expect(try snapshot(temp.store) == model, "after \(step)")
                }
                for _ in 0..<committed { _ = try temp.store.undo(now: now) }
                #expect(try snapshot(temp.store) == start, "\(steps)")
            } catch {
                Issue.record("\(steps): \(error)")
            }
        }
    }
}
