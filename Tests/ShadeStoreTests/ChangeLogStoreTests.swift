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

    /// Runs `body` over 25 random runs of up to twelve operations (with a pick for each), each on a
    /// fresh store holding the starting tasks; `body` gets the store and what it started with.
    private func forRandomRuns(
        _ body: @escaping (TemporaryStore, [RandomOperation], [Int], PlannerSnapshot) throws -> Void
    ) async {
        let steps = Gen<RandomOperation>.case.array(of: 1...12)
        let picks = Gen.int(in: 0...1000).array(of: 12)
        await propertyCheck(count: 25, input: steps, picks) { steps, picks in
            let temp = TemporaryStore()
            do {
                try body(temp, steps, picks, try startingStore(temp.store))
            } catch {
                Issue.record("\(steps): \(error)")
            }
        }
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
        await forRandomRuns { temp, steps, picks, start in
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
        }
    }

    /// The same random changes committed into one batch (`StoreBatch`), with a change that fails
    /// part-way among them: the batch saves what the changes made, one change-log entry each; the
    /// failed change left nothing; undoing every entry gives back the store it started with.
    @Test func aBatchOfChangesSavesWhatEachMadeAndAFailedOneLeavesNothing() async throws {
        await forRandomRuns { temp, steps, picks, start in
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
        }
    }

    /// A batch's later change sees a task an earlier one moved into a week that has no file yet:
    /// removing the task's category moves it too (the category does not come back on save), and
    /// the listings and tallies that walk every week find it there.
    @Test func aTaskMovedIntoAWeekWithNoFileIsSeenByTheBatchsLaterChanges() throws {
        let temp = TemporaryStore()
        _ = try startingStore(temp.store)
        let earlier = CivilDate.fixture("2026-11-20")
        let batch = try #require(try temp.store.beginBatch())
        _ = try temp.store.commit(in: batch, label: "mv 1", now: now) { state in
            try TaskOperations.move(id: 1, to: earlier, slot: .evening, time: nil, in: state, context: Self.context)
        }
        _ = try temp.store.commit(in: batch, label: "cat rm health", now: now) { state in
            #expect(try state.allTasks().map(\.id).sorted() == [1, 2, 3])
            #expect(try state.tasks(inCategory: "health").map(\.id) == [1])
            #expect(try state.firstStoredWeek() == earlier.isoWeek)
            #expect(
                try state.storedWeeks(from: 2026, through: 2026) == [earlier.isoWeek, ISOWeek(parsing: "2026-W48")])
            var tallied: [ISOWeek: Int] = [:]
            try state.visitWeekCells(from: earlier.isoWeek, through: earlier.isoWeek) { week, cells, _ in
                tallied[week] = cells.counts.reduce(0, +)
            }
            #expect(tallied == [earlier.isoWeek: 1])
            return try CategoryOperations.remove("health", movingTo: "fit", in: state, context: Self.context)
        }
        try temp.store.save(batch)
        let saved = try snapshot(temp.store)
        #expect(saved.task(id: 1)?.category == "fit")
        #expect(saved.task(id: 1)?.date == earlier)
        #expect(saved.categories().map(\.name) == ["fit"])
    }
}
