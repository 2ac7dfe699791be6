import ShadeTestSupport
import Testing

@testable import ShadeCore

/// The import's merge as a pure function: by uid, a task is added, updated in the fields the
/// format holds (and no other), or left; keyed records by key; occurrences mark their series.
@Suite struct ImportOperationTests {
    static let context = OperationContext(now: Moment.fixture("2026-11-24T10:00"), schedule: .standard)

    static func task(_ uid: String, _ title: String, notes: String? = nil, status: TaskStatus = .open) -> PlannerTask {
        PlannerTask(
            id: 0, uid: uid, title: title, notes: notes, date: CivilDate.fixture("2026-11-24"), slot: .morning,
            status: status, created: "2026-11-20T08:00:00+00:00")
    }

    static func merge(_ bundle: PlannerBundle, into planner: [PlannerTask], records: PlannerSnapshot? = nil) throws
        -> ImportOperations.Outcome
    {
        var next = 100
        let byUID = Dictionary(uniqueKeysWithValues: planner.map { ($0.uid, $0) })
        return try ImportOperations.merge(
            bundle, existing: { byUID[$0] }, records: records ?? PlannerSnapshot(tasks: planner, categories: []),
            context: context,
            nextID: {
                next += 1
                return next
            })
    }

    @Test func addsUpdatesAndLeavesByUID() throws {
        var kept = Self.task("a", "Keep", notes: "my note")
        kept.id = 1
        var changed = Self.task("b", "Change")
        changed.id = 2
        // A format without notes: the note in the planner stays.
        let bundle = PlannerBundle(
            tasks: [Self.task("a", "Keep"), Self.task("b", "Change", status: .done), Self.task("c", "New")],
            taskFields: [.title, .status, .date, .slot])
        let outcome = try Self.merge(bundle, into: [kept, changed])
        #expect(outcome.added == ["c"] && outcome.updated == ["b"] && outcome.left == ["a"])
        let updated = try #require(outcome.changes.compactMap { $0.after?.task }.first { $0.uid == "b" })
        #expect(updated.id == 2 && updated.status == .done && updated.doneAt == Self.context.now.timestamp)
        #expect(updated.modified == Self.context.now.timestamp)
        let added = try #require(outcome.changes.compactMap { $0.after?.task }.first { $0.uid == "c" })
        #expect(added.id == 101)
        #expect(!outcome.changes.contains { $0.after?.task?.uid == "a" }, "a task that would not change is left")
    }

    @Test func theSameBundleTwiceChangesNothingTheSecondTime() throws {
        let bundle = PlannerBundle(tasks: [Self.task("a", "One"), Self.task("b", "Two")])
        let first = try Self.merge(bundle, into: [])
        let planner = first.changes.compactMap { $0.after?.task }
        let second = try Self.merge(bundle, into: planner)
        #expect(second.isEmpty && second.left == ["a", "b"])
    }

    @Test func aUIDGivenTwiceIsAMistakeInTheFile() throws {
        let bundle = PlannerBundle(tasks: [Self.task("a", "One"), Self.task("a", "Again")])
        #expect(throws: ImportError.self) { try Self.merge(bundle, into: []) }
    }

    @Test func aCategoryATaskNamesIsMadeOnce() throws {
        var first = Self.task("a", "One")
        first.category = "home"
        var second = Self.task("b", "Two")
        second.category = "home"
        let outcome = try Self.merge(PlannerBundle(tasks: [first, second]), into: [])
        #expect(outcome.changes.compactMap { $0.after?.keyedRecord?.base as? Category }.map(\.name) == ["home"])
    }

    @Test func anOccurrenceMarksItsSeries() throws {
        let series = RepeatSeries(
            uid: "s", title: "Gym", slot: .morning, rule: .daily, anchor: CivilDate.fixture("2026-11-23"),
            created: "2026-11-20T08:00:00+00:00")
        var done = series.occurrence(on: CivilDate.fixture("2026-11-24"))
        done.status = .done
        var bundle = PlannerBundle(tasks: [done], records: [AnyKeyedRecord(series)])
        bundle.linkOccurrences()
        #expect(bundle.series.first?.exceptions == [CivilDate.fixture("2026-11-24")])
        // A series the planner has, and the file does not bring, is marked by the merge.
        var planner = PlannerSnapshot()
        planner.keyed[RepeatSeries.kind] = ["s": AnyKeyedRecord(series)]
        let outcome = try Self.merge(PlannerBundle(tasks: [done]), into: [], records: planner)
        let marked = outcome.changes.compactMap { $0.after?.keyedRecord?.base as? RepeatSeries }.first
        #expect(marked?.exceptions == [CivilDate.fixture("2026-11-24")])
    }

    @Test func derivedUIDsAreCanonicalAndStable() {
        let uid = UIDGenerator.derived(from: "todotxt\nBuy milk +errand")
        #expect(UIDGenerator.isCanonical(uid))
        #expect(uid == UIDGenerator.derived(from: "todotxt\nBuy milk +errand"))
        #expect(uid != UIDGenerator.derived(from: "todotxt\nBuy milk +errands"))
        #expect(!UIDGenerator.isCanonical("s@2026-11-24"))
    }

    @Test func foreignNamesBecomeCategoriesAndTags() {
        #expect(ImportValidation.category("Home.Bills") == "home-bills")
        #expect(ImportValidation.category(" Work Stuff ") == "work-stuff")
        #expect(ImportValidation.category("...") == nil)
        #expect(ImportValidation.tag("deep work") == "deep-work")
        // Text from a file is kept exactly (SPEC §13); views show its control characters escaped.
        #expect(ImportValidation.title("two\nlines\tand \u{1B}[31m ") == "two\nlines\tand \u{1B}[31m ")
        var task = ImportOperationTests.task("a", "bell \u{07} and \u{202E}bidi")
        #expect(throws: Never.self) { try ImportValidation.check(task) }
        task.title = "   "
        #expect(throws: ImportError.self) { try ImportValidation.check(task) }
    }
}
