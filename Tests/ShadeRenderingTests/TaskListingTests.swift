import ShadeCore
import ShadeRendering
import ShadeTestSupport
import Testing

private let now = Moment.fixture("2026-11-25T13:30")
private let plain = RenderContext(style: .plain, now: now, schedule: .standard, width: 80)
private let coloured = RenderContext(
    style: Style(enabled: true), now: now, schedule: .standard, width: 80, categoryColors: ["work": .blue])

/// Tasks over three days: open, overdue, done and cancelled, with times, tags and categories.
private let tasks: [PlannerTask] = [
    PlannerTask(
        id: 3, uid: "u3", title: "Gym", date: .fixture("2026-11-23"), slot: .morning,
        time: TimeOfDay(parsing: "07:30"), status: .done, tags: ["health"], created: "c"),
    PlannerTask(
        id: 14, uid: "u14", title: "Call the bank", date: .fixture("2026-11-24"), slot: .evening, category: "errand",
        created: "c"),
    PlannerTask(
        id: 7, uid: "u7", title: "Quarterly report", date: .fixture("2026-11-25"), slot: .morning, tags: ["q4"],
        category: "work", favorite: true, created: "c"),
    PlannerTask(
        id: 9, uid: "u9", title: "読書 📚", date: .fixture("2026-11-25"), slot: .evening, status: .cancelled,
        created: "c"),
    PlannerTask(
        id: 12, uid: "u12", title: "Review the budget", date: .fixture("2026-11-26"), slot: .afternoon,
        time: TimeOfDay(parsing: "15:00"), category: "work", created: "c"),
]

@Suite struct TaskListingTests {
    @Test func aListIsOneTaskALineWithItsDayAndSlot() throws {
        try RecordedText.check(
            TaskListing.render(tasks, groups: nil, emptyMessage: "none", context: plain), "task-listing-plain")
    }

    @Test(arguments: TaskGrouping.allCases)
    func aGroupedListHeadsEachSectionWithItsCountShareAndRate(_ grouping: TaskGrouping) throws {
        let groups = TaskGroup.make(grouping, tasks)
        try RecordedText.check(
            TaskListing.render(tasks, groups: groups, emptyMessage: "none", context: plain),
            "task-listing-by-\(grouping.rawValue)")
        try RecordedText.check(
            TaskListing.json(tasks, groups: groups, context: plain), "task-listing-by-\(grouping.rawValue)-json")
    }

    @Test func colourBoldsTheSectionNamesAndDimsTheirSummaries() throws {
        try RecordedText.check(
            TaskListing.render(tasks, groups: TaskGroup.make(.cat, tasks), emptyMessage: "none", context: coloured),
            "task-listing-by-cat-color")
    }

    @Test func anEmptyListSaysWhatTheCommandMeansByEmpty() {
        let text = TaskListing.render([], groups: [], emptyMessage: "no task matches", context: plain)
        #expect(text == "no task matches")
    }

    @Test func anUngroupedListIsJustTheTasks() throws {
        try RecordedText.check(
            TaskListing.json(Array(tasks.prefix(2)), groups: nil, context: plain), "task-listing-json")
    }

    @Test func groupsKeepTheListsOrderAndLeaveNoSectionEmpty() {
        let byStatus = TaskGroup.make(.status, tasks)
        #expect(byStatus.map(\.name) == ["in progress", "completed", "cancelled"])
        #expect(byStatus[0].tasks.map(\.id) == [14, 7, 12])
        let byCategory = TaskGroup.make(.cat, tasks)
        #expect(byCategory.map(\.name) == ["errand", "work", "no category"])
        #expect(byCategory[2].tasks.map(\.id) == [3, 9])
        #expect(TaskGroup.make(.status, tasks.filter { $0.status == .open }).map(\.name) == ["in progress"])
    }
}
