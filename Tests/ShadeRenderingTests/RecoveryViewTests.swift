import ShadeCore
import ShadeRendering
import Testing

@testable import ShadeStore

/// The views of `check` and `restore`, pinned in `Golden/`.
@Suite struct RecoveryViewTests {
    private static let report: StoreReport = {
        var report = StoreReport()
        report.files = 6
        report.tasks = 26
        report.backupSets = 3
        report.problems = [
            StoreProblem(file: "weeks/2026/2026-W48.json", line: 4, column: 17, message: "expected a string"),
            StoreProblem(file: "ids/index.json", message: "id 12 is in 2026-W47, but the index says 2026-W48"),
        ]
        report.notes = ["backups/0000000007 holds a file of another kind \u{1B}[2J"]
        return report
    }()

    private static let sets = [
        BackupSet(
            number: 12, seconds: 1_795_000_000, files: ["ids/weeks/2026-W48.json", "weeks/2026/2026-W48.json"],
            taskCounts: [nil, 3]),
        BackupSet(number: 11, seconds: 1_794_990_000, files: ["weeks/2026/2026-W47.json"], taskCounts: [1]),
    ]

    private static func saved(_ seconds: Int) -> String { "at \(seconds)" }

    @Test func checkListsEachProblemByPlaceThenTheNotesThenASummary() throws {
        try RecordedText.check(StoreCheckView.render(Self.report), "check")
        try RecordedText.check(StoreCheckView.json(Self.report), "check-json")
        #expect(StoreCheckView.render(StoreReport()) == "checked 0 files, 0 tasks: no problems\n")
    }

    @Test func restoreListsTheSetsNewestFirstWithTheTasksOfEachWeek() throws {
        try RecordedText.check(BackupSetView.render(Self.sets, saved: Self.saved), "restore-sets")
        try RecordedText.check(BackupSetView.json(Self.sets, saved: Self.saved), "restore-sets-json")
        try RecordedText.check(
            BackupSetView.restored(Self.sets[0]) + "\n" + BackupSetView.none + "\n", "restore-restored")
    }
}
