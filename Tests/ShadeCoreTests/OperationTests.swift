import PropertyBased
import ShadeTestSupport
import Testing

@testable import ShadeCore

/// The planner's rules of change as pure functions: each operation's change, its validation, and
/// its inverse (applying a change and then its inverse gives back the same records).
@Suite struct OperationTests {
    static let monday = CivilDate.fixture("2026-11-23")
    static let context = OperationContext(
        now: Moment(
            date: monday, time: TimeOfDay(uncheckedMinutes: 9 * 60 + 30), timestamp: "2026-11-23T09:30:00+00:00"),
        schedule: .standard)
    static let later = OperationContext(
        now: Moment(date: monday, time: TimeOfDay(uncheckedMinutes: 10 * 60), timestamp: "2026-11-23T10:00:00+00:00"),
        schedule: .standard)

    static func task(_ id: Int, _ title: String, category: String? = nil, time: String? = nil) -> PlannerTask {
        PlannerTask(
            id: id, uid: "u\(id)", title: title, date: monday, slot: .morning,
            time: time.flatMap { TimeOfDay(parsing: $0) }, category: category, created: "2026-11-20T08:00:00+00:00")
    }

    static let records = PlannerSnapshot(
        tasks: [
            task(1, "Gym", category: "health", time: "07:30"), task(2, "Inbox", category: "work"), task(3, "Read"),
        ],
        categories: [Category(name: "health", color: .green), Category(name: "work", color: .blue)])

    @Test func addMakesTheTaskAndACategoryItNames() throws {
        let words = try TaskWords.parse(["tue", "Call", "the", "bank", "+errand", "cat:bill", "at:7pm"], resolver: nil)
        let changes = try TaskOperations.add(
            words, defaultDate: Self.monday, defaultSlot: .morning, id: 4, uid: "u4", in: Self.records,
            context: Self.context)
        #expect(changes.count == 2)
        #expect(changes[0] == .added(.category(Category(name: "bill", color: .red))))
        let task = try #require(changes[1].after?.task)
        #expect(task.title == "tue Call the bank" && task.slot == .evening && task.time?.description == "19:00")
        #expect(task.tags == ["errand"] && task.category == "bill" && task.created == "2026-11-23T09:30:00+00:00")
    }

    @Test func addRefusesABlankTitleAndATimeOutsideItsSlot() throws {
        #expect(throws: InputError.self) {
            try TaskOperations.add(
                TaskWords(title: " "), defaultDate: Self.monday, defaultSlot: .morning, id: 4, uid: "u4",
                in: Self.records, context: Self.context)
        }
        let words = TaskWords(slot: .morning, time: TimeOfDay(hour: 19, minute: 0), title: "Late")
        #expect(throws: InputError.self) {
            try TaskOperations.add(
                words, defaultDate: Self.monday, defaultSlot: .morning, id: 4, uid: "u4", in: Self.records,
                context: Self.context)
        }
    }

    @Test func statusChangesOnlyWhatChangesAndStampsIt() throws {
        let changes = try TaskOperations.setStatus(.done, ids: [1, 2], in: Self.records, context: Self.context)
        #expect(changes.count == 2)
        let fields = changes[0].fieldChanges.map(\.field)
        #expect(fields == ["status", "modified", "done_at"])
        let done = Self.records.applying(changes)
        #expect(try TaskOperations.setStatus(.done, ids: [1], in: done, context: Self.context).isEmpty)
    }

    @Test func aMissingIdChangesNothingAndNamesEveryMissingOne() {
        #expect {
            try TaskOperations.setStatus(.done, ids: [1, 8, 9], in: Self.records, context: Self.context)
        } throws: { error in
            (error as? InputError)?.message.text.contains("there is no task 8, 9; nothing was changed") == true
        }
    }

    @Test func moveDropsATimeThatNoLongerFits() throws {
        let changes = try TaskOperations.move(
            id: 1, to: Self.monday.adding(days: 1), slot: .evening, time: nil, in: Self.records, context: Self.context)
        let moved = try #require(changes.first?.after?.task)
        #expect(moved.slot == .evening && moved.time == nil && moved.date.description == "2026-11-24")
    }

    @Test func editKeepsATimeInsideTheTasksSlot() throws {
        let words = TaskWords(time: TimeOfDay(hour: 19, minute: 0), title: "")
        #expect(throws: InputError.self) {
            try TaskOperations.edit(id: 1, words, clearTime: false, in: Self.records, context: Self.context)
        }
    }

    @Test func renameMovesEveryTaskOfTheCategory() throws {
        let changes = try CategoryOperations.rename("work", to: "job", in: Self.records, context: Self.context)
        let after = Self.records.applying(changes)
        #expect(after.categories().map(\.name) == ["health", "job"])
        #expect(after.task(id: 2)?.category == "job")
        #expect(after.categories().first { $0.name == "job" }?.color == .blue)
        #expect(throws: InputError.self) {
            try CategoryOperations.rename("work", to: "health", in: Self.records, context: Self.context)
        }
    }

    @Test func renamingACategoryToTheNameItHasSaysSoAndNamesNoMerge() throws {
        // `Work` is `work` (names are kept in lowercase): not a merge of a category into itself.
        for name in ["work", "Work"] {
            do {
                _ = try CategoryOperations.rename("work", to: name, in: Self.records, context: Self.context)
                Issue.record("renaming work to \(name) was accepted")
            } catch let error as InputError {
                #expect(error.message.text.contains("called 'work' already"), "\(error.message)")
                #expect(!error.message.text.contains("--to"), "\(error.message)")
            }
        }
    }

    @Test func removingACategoryMovesItsTasksToAnotherMadeOnTheFly() throws {
        let changes = try CategoryOperations.remove("work", movingTo: "errand", in: Self.records, context: Self.context)
        let after = Self.records.applying(changes)
        #expect(after.categories().map(\.name) == ["errand", "health"])
        #expect(after.task(id: 2)?.category == "errand")
    }

    /// A change stamps exactly the fields a user sets whose value it changes (as `fieldChanges`
    /// lists them), and leaves every other stamp as it was — over random operations.
    @Test func aChangeStampsEachStampedFieldItChangesAndNoOther() async {
        let steps = Gen<RandomOperation>.case.array(of: 1...25)
        let picks = Gen.int(in: 0...1000).array(of: 25)
        let stamp = FieldStamp(at: "2026-11-23T11:00:00+00:00", by: "ana")
        await propertyCheck(count: 100, input: steps, picks) { steps, picks in
            Self.runRandomChanges(steps, picks) { step, _, change in
                for record in change where record.action == .change {
                    guard let before = record.before, let after = record.after else { continue }
                    let expected = Set(record.fieldChanges.map(\.field)).intersection(after.stampedFields)
                    let stamped = record.stamped(stamp).after?.stamps.changed ?? [:]
                    for field in after.stampedFields.union(stamped.keys) {
                        let want = expected.contains(field) ? stamp : after.stamps.changed[field]
                        #expect(stamped[field] == want, "\(step): \(field) of \(before.key)")
                    }
                }
            }
        }
    }

    /// Runs random operations from `records`, each on what the ones before it made, handing
    /// `body` each step, the records it ran on and its change; returns the records at the end.
    @discardableResult
    static func runRandomChanges(
        _ steps: [RandomOperation], _ picks: [Int],
        _ body: (RandomOperation, PlannerSnapshot, [RecordChange]) -> Void
    ) -> PlannerSnapshot {
        var records = Self.records
        for (index, step) in steps.enumerated() {
            guard
                let change = step.changes(
                    pick: picks[index], ids: Array(records.tasksByID.keys), in: records, newID: 100 + index,
                    context: Self.later)
            else { continue }
            body(step, records, change)
            records = records.applying(change)
        }
        return records
    }

    @Test func applyingAChangeThenItsInverseGivesBackTheSameRecords() async {
        let steps = Gen<RandomOperation>.case.array(of: 1...25)
        let picks = Gen.int(in: 0...1000).array(of: 25)
        await propertyCheck(count: 300, input: steps, picks) { steps, picks in
            var history: [(before: PlannerSnapshot, change: [RecordChange])] = []
            var records = Self.runRandomChanges(steps, picks) { step, records, change in
                // Each change undone alone gives back the records it started from…
                #expect(records.applying(change).applying(change.reversed().map(\.inverse)) == records, "\(step)")
                history.append((records, change))
            }
            // …and undoing every change, newest first, gives back the records the sequence started from.
            for (before, change) in history.reversed() {
                records = records.applying(change.reversed().map(\.inverse))
                #expect(records == before)
            }
            #expect(records == Self.records)
        }
    }
}
