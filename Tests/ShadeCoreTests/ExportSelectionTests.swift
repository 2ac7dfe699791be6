import ShadeTestSupport
import Testing

@testable import ShadeCore

/// What `export` takes: with a filter, the tasks it selects and the category and goal they name;
/// with none, every record.
@Suite struct ExportSelectionTests {
    let day = CivilDate.fixture("2026-11-24")
    let now = Moment.fixture("2026-11-24T10:00")

    func task(_ id: Int, tag: String, category: String?, goal: String?) -> PlannerTask {
        PlannerTask(
            id: id, uid: "t\(id)", title: "Task \(id)", date: day, slot: .morning, tags: [tag], category: category,
            goal: goal, created: "")
    }

    var goals: [Goal] {
        ["g-a", "g-b"].map { Goal(uid: $0, title: $0, period: .day(day), created: "") }
    }

    @Test func aFilterTakesTheSelectedTasksAndOnlyTheRecordsTheyName() {
        let tasks = [
            task(1, tag: "keep", category: "work", goal: "g-a"), task(2, tag: "drop", category: "home", goal: "g-b"),
        ]
        let selection = ExportSelection(query: TaskQuery([.tag("keep")]), standing: nil, now: now, schedule: .standard)
        #expect(!selection.isEverything)
        let bundle = selection.bundle(
            candidates: tasks, series: [], goals: goals, categories: [Category(name: "work"), Category(name: "home")],
            templates: [], members: [])
        #expect(bundle.tasks.map(\.id) == [1])
        #expect(bundle.records.map(\.base.key) == ["work", "g-a"])
    }

    @Test func aStandingFilterNarrowsAsTheQueryDoes() {
        let tasks = [task(1, tag: "keep", category: nil, goal: nil), task(2, tag: "drop", category: nil, goal: nil)]
        let selection = ExportSelection(
            query: TaskQuery([]), standing: TaskQuery([.tag("drop")]), now: now, schedule: .standard)
        #expect(!selection.isEverything)
        let bundle = selection.bundle(
            candidates: tasks, series: [], goals: goals, categories: [], templates: [], members: [])
        #expect(bundle.tasks.map(\.id) == [2] && bundle.records.isEmpty)
    }

    @Test func noFilterTakesEverything() {
        let selection = ExportSelection(query: TaskQuery([]), standing: nil, now: now, schedule: .standard)
        #expect(selection.isEverything)
        let bundle = selection.bundle(
            candidates: [task(1, tag: "x", category: nil, goal: nil)], series: [], goals: goals,
            categories: [Category(name: "work")], templates: [], members: [])
        #expect(bundle.tasks.count == 1 && bundle.records.count == 3)
    }
}
