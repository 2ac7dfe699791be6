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

    /// Files a few tasks and a category (three changes); returns what the store then holds.
    private func startingStore(_ store: Store) throws -> PlannerSnapshot {
        for (index, title) in ["Gym", "Read", "Call"].enumerated() {
            var words = TaskWords(slot: Slot.allCases[index], title: title)
            words.category = index == 0 ? "health" : nil
            _ = try store.commit(label: "add \(title)", now: now) { state in
                try TaskOperations.add(
                    words, defaultDate: CivilDate.fixture("2026-11-23"), defaultSlot: .morning,
                    id: try state.allocateID(), uid: "start-\(index)", in: state, context: Self.context)
            }
        }
        return try snapshot(store)
    }

    /// Commits one random step through `commit` (the store's, or a batch's) and applies what it
    /// made, stamped as the store stamps it, to the model; returns whether it changed anything.
    private func commit(
        _ step: RandomOperation, pick: Int, to model: inout PlannerSnapshot, author: String,
        through commit: ((StoreState) throws -> [RecordChange]) throws -> Change
    ) throws -> Bool {
        var made: [RecordChange]?
        let change = try commit { state in
            made = step.changes(
                pick: pick, ids: try state.allTasks().map(\.id), in: state, newID: try state.allocateID(),
                context: Self.context)
            return made ?? []
        }
        let stamp = FieldStamp(at: now.timestamp, by: author)
        if let made { model = model.applying(made.map { $0.stamped(stamp) }) }
        return !change.isEmpty
    }

    @Test func undoingEveryCommittedChangeGivesBackTheStoreItStartedWith() async throws {
        let steps = Gen<RandomOperation>.case.array(of: 1...12)
        let picks = Gen.int(in: 0...1000).array(of: 12)
        await propertyCheck(count: 25, input: steps, picks) { steps, picks in
            let temp = TemporaryStore()
            do {
                let start = try startingStore(temp.store)
                var model = start
                var committed = 0
                for (index, step) in steps.enumerated() {
                    let changed = try commit(step, pick: picks[index], to: &model, author: temp.store.author) {
                        try temp.store.commit(label: "step \(index)", now: now, $0)
                    }
                    if changed { committed += 1 }
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

    /// The same random changes committed into one batch (`StoreBatch`), with a change that fails
    /// part-way among them: the batch saves what the changes made, one change-log entry each; the
    /// failed change left nothing; undoing every entry gives back the store it started with.
    @Test func aBatchOfChangesSavesWhatEachMadeAndAFailedOneLeavesNothing() async throws {
        let steps = Gen<RandomOperation>.case.array(of: 1...12)
        let picks = Gen.int(in: 0...1000).array(of: 12)
        await propertyCheck(count: 25, input: steps, picks) { steps, picks in
            let temp = TemporaryStore()
            do {
                let start = try startingStore(temp.store)
                var model = start
                var committed = 0
                let batch = try #require(try temp.store.beginBatch())
                for (index, step) in steps.enumerated() {
                    if index == steps.count / 2 {
                        // A change that files a task, then fails: the batch is as it was before it.
                        #expect(throws: StoreError.self) {
                            _ = try temp.store.commit(in: batch, label: "fails", now: now) { state in
                                try state.insert(
                                    PlannerTask(
                                        id: try state.allocateID(), uid: "half-made", title: "Half",
                                        date: CivilDate.fixture("2026-11-25"), slot: .evening, created: "", modified: ""
                                    ))
                                throw StoreError.noSuchBackup(number: 0)
                            }
                        }
                    }
                    let changed = try commit(step, pick: picks[index], to: &model, author: temp.store.author) {
                        try temp.store.commit(in: batch, label: "step \(index)", now: now, $0)
                    }
                    if changed { committed += 1 }
                }
                try temp.store.save(batch)
                #expect(try snapshot(temp.store) == model, "\(steps)")
                let labels = try temp.store.read { try $0.undoEntries().map(\.label) }
                #expect(labels.count == 3 + committed)
                #expect(!labels.contains("fails"))
                for _ in 0..<committed { _ = try temp.store.undo(now: now) }
                #expect(try snapshot(temp.store) == start, "\(steps)")
            } catch {
                Issue.record("\(steps): \(error)")
            }
        }
    }
}
