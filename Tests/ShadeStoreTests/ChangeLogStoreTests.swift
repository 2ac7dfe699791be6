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
    /// Every task (by id) and category the store holds.
    private func snapshot(_ store: Store) throws -> PlannerSnapshot {
        try store.read { state in PlannerSnapshot(tasks: try state.allTasks(), categories: try state.categories()) }
    }

    private static let context = OperationContext(
        now: Moment.fixture("2026-11-24T10:00", utcOffsetSeconds: 0), schedule: .standard)

    @Test func undoingEveryCommittedChangeGivesBackTheStoreItStartedWith() async throws {
        let steps = Gen<RandomOperation>.case.array(of: 1...12)
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
                        made = step.changes(
                            pick: picks[index], ids: try state.allTasks().map(\.id), in: state,
                            newID: try state.allocateID(), context: Self.context)
                        return made ?? []
                    }
                    if !change.isEmpty { committed += 1 }
                    // As the store commits them: each record stamped by the change.
                    let stamp = FieldStamp(at: now.timestamp, by: temp.store.author)
                    if let made { model = model.applying(made.map { $0.stamped(stamp) }) }
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
