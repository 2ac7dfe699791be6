import ShadeCore
import ShadeRendering
import Testing

private let outcome: ImportOperations.Outcome = {
    var outcome = ImportOperations.Outcome()
    outcome.changes = [.removed(.category(Category(name: "old")))]
    outcome.added = ["u1", "u2"]
    outcome.updated = ["u3"]
    outcome.left = ["u4", "u5", "u6"]
    outcome.recordsAdded = [RepeatSeries.kind: 1, Category.kind: 2]
    outcome.recordsUpdated = [Goal.kind: 1, Category.kind: 1, WeekTemplate.kind: 2]
    return outcome
}()
private let notes = ["3 tasks had no slot and were filed in the morning", "a \u{1B}[31mcontrol\u{7} character"]

@Suite struct ImportSummaryTests {
    @Test func anImportCountsWhatItAddedUpdatedAndLeftAndPassesOnTheNotes() throws {
        try RecordedText.check(
            ImportSummary.render(outcome, notes: notes, file: "week.csv", format: "csv", dryRun: false),
            "import-summary")
        try RecordedText.check(
            ImportSummary.render(outcome, notes: [], file: "standard input", format: "json", dryRun: true),
            "import-summary-dry-run")
        try RecordedText.check(ImportSummary.json(outcome, notes: notes, format: "csv", dryRun: false), "import-json")
        try RecordedText.check(
            ImportSummary.json(outcome, notes: notes, format: "csv", dryRun: true), "import-json-dry-run")
    }

    @Test func anImportThatChangesNothingSaysSo() {
        var same = ImportOperations.Outcome()
        same.left = ["u1"]
        #expect(
            ImportSummary.render(same, notes: [], file: "a.ics", format: "ics", dryRun: false)
                == "nothing to import from a.ics (ics): 0 tasks added, 0 updated, 1 left as they were")
    }
}

@Suite struct ExportSummaryTests {
    @Test func anExportToAFileSaysWhatItWrote() {
        #expect(
            ExportSummary.render(tasks: 1, series: 0, file: "week.csv", format: "csv")
                == "exported 1 task to week.csv (csv)")
        #expect(
            ExportSummary.render(tasks: 12, series: 2, file: "all\u{7}.json", format: "json")
                == "exported 12 tasks and 2 repeating to all\\x07.json (json)")
    }
}
