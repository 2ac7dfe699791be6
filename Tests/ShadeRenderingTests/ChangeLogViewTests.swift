import ShadeCore
import ShadeRendering
import ShadeTestSupport
import Testing

private let colour = Style(enabled: true)

private let bank = PlannerTask(
    id: 29, uid: "u29", title: "Call the bank", date: .fixture("2026-11-24"), slot: .evening, tags: ["errand"],
    created: "2026-11-20T08:00:00")
private let bankDone: PlannerTask = {
    var task = bank
    task.status = .done
    task.tags = []
    task.notes = "about the loan, and the card that was swallowed by the machine at the station"
    task.modified = "2026-11-24T19:00:00"
    return task
}()
private let added = PlannerTask(
    id: 30, uid: "u30", title: "読書 📚 a very long title that a log line cuts to forty columns",
    date: .fixture("2026-11-25"),
    slot: .morning, created: "2026-11-25T07:00:00")
private let template = WeekTemplate(
    name: "typical", source: RecordedText.week("2026-W47"), entries: [], created: "2026-11-22T10:00:00")

/// Newest first: a change of a task's fields, then one that adds a task and removes a category and
/// a template.
private let entries: [(number: Int, change: Change)] = [
    (
        12,
        Change(
            label: "done 29", at: "2026-11-24T19:00:00", by: "ana",
            records: [.changed(.task(bank), to: .task(bankDone))])
    ),
    (
        11,
        Change(
            label: "add tue Read", at: "2026-11-24T08:30:00", by: "",
            records: [
                .added(.task(added)), .removed(.category(Category(name: "school", color: .blue))),
                .removed(.keyed(template)),
            ])
    ),
]

@Suite struct ChangeLogViewTests {
    @Test func eachChangeShowsItsNumberMomentAuthorAndFieldsOldAndNew() throws {
        try RecordedText.check(ChangeLogView.render(entries, style: .plain), "change-log")
        try RecordedText.check(ChangeLogView.render(entries, style: colour), "change-log-color")
        try RecordedText.check(ChangeLogView.json(entries), "change-log-json")
    }

    @Test func aMomentIsShownToTheMinute() {
        #expect(ChangeLogView.shownTime("2026-11-23T09:30:59") == "2026-11-23 09:30")
        #expect(ChangeLogView.shownTime("2026-11-23") == "2026-11-23")
    }
}

@Suite struct UndoViewTests {
    @Test func undoNamesTheChangeAndEachKindOfRecordOnce() throws {
        try RecordedText.check(UndoView.render(entries[1].change), "undo")
        #expect(UndoView.render(entries[0].change) == "undid “done 29” (task 29)")
        #expect(UndoView.render(nil) == "nothing to undo")
    }

    @Test func undoOfALargeImportNamesItsFirstTasksAndCountsTheRest() {
        let records = (1...25).map { id -> RecordChange in
            var task = added
            task.id = id
            return RecordChange(before: nil, after: .task(task))
        }
        let change = Change(label: "import big.csv", at: "2026-11-25T09:00:00", by: "ana", records: records)
        let first = (1...20).map(String.init).joined(separator: ", ")
        #expect(UndoView.render(change) == "undid “import big.csv” (tasks \(first) and 5 more)")
    }

    @Test func undoAsJSONListsTheTasksRestoredAndRemoved() throws {
        let context = RenderContext(style: .plain, now: .fixture("2026-11-25T09:00"), schedule: .standard)
        try RecordedText.check(UndoView.json(entries[1].change, context: context), "undo-json")
        try RecordedText.check(UndoView.json(nil, context: context), "undo-nothing-json")
    }
}
