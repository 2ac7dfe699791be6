import Foundation
import ShadeJSON
import Testing

@Suite struct StatsCommandTests {
    private func weeks(_ value: JSONValue) -> [JSONObject] {
        value.objectValue?["weeks"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    @Test func theDefaultIsTwelveWeeksUpToTheWeekInView() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Alpha"])
        try shade.run(["add", "2026-09-10", "Beta"])
        try shade.run(["done", "1"])
        let stats = try shade.json(["stats"])
        let lines = weeks(stats)
        #expect(lines.count == 12)
        #expect(lines.first?.string("week") == "2026-W37" && lines.last?.string("week") == "2026-W48")
        #expect(lines.first?.string("start") == "2026-09-07")
        #expect(lines.last?["rate"]?.doubleValue == 1)
        #expect(lines[1]["rate"] == .null, "an empty week has no rate")
        #expect(stats.objectValue?["rate"]?.doubleValue == 0.5)
        for key in ["by_slot", "by_weekday"] { #expect(stats.objectValue?[key]?.objectValue != nil) }
        #expect(stats.objectValue?["by_weekday"]?.objectValue?["thursday"]?.objectValue?.int("open") == 1)
    }

    @Test func aRangeAcrossWeek53AndNewYear() throws {
        let shade = ShadeProcess(now: "2027-01-06T10:00")
        try shade.run(["add", "2026-12-31", "evening", "NYE"])
        try shade.run(["add", "2027-01-05", "morning", "Back"])
        try shade.run(["done", "2"])
        let stats = try shade.json(["stats", "--from", "2026-W52", "--to", "2027-W02"])
        #expect(weeks(stats).map { $0.string("week")! } == ["2026-W52", "2026-W53", "2027-W01", "2027-W02"])
        #expect(weeks(stats).map { $0["rate"] } == [.null, .double(0), .double(1), .null])
        #expect(try shade.json(["stats", "--weeks", "2"]).objectValue?["from"] == "2026-W53")
        let text = try shade.run(["stats", "--weeks", "3"])
        #expect(
            text.stdout.contains("2026-W53") && text.stdout.contains("by slot") && text.stdout.contains("best: morning")
        )
    }

    @Test func allOnAnEmptyStoreIsEmptyAndWithoutRate() throws {
        let shade = ShadeProcess()
        let stats = try #require(try shade.json(["stats", "--all"]).objectValue)
        #expect(stats["weeks"] == [])
        #expect(stats["rate"] == .null)
        #expect(stats["best_slot"] == .null)
        #expect(try shade.run(["stats", "--all"]).stdout.contains("no weeks with tasks yet"))
        #expect(!FileManager.default.fileExists(atPath: shade.store))
    }

    @Test func allRunsFromTheFirstTaskToTheLast() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "2025-12-30", "old"])
        try shade.run(["add", "2026-02-02", "later"])
        let stats = try shade.json(["stats", "--all"])
        #expect(stats.objectValue?.string("from") == "2026-W01")
        #expect(stats.objectValue?.string("to") == "2026-W06")
        #expect(weeks(stats).count == 6)
    }

    @Test func aHandEditedWeekIsCountedFromTheFileNotFromAStaleSummary() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Alpha"])
        let path = shade.store + "/weeks/2026/2026-W48.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: #""status": "open""#, with: #""status": "done""#).write(
            toFile: path, atomically: false, encoding: .utf8)
        let stats = try shade.json(["stats", "--weeks", "1"])
        #expect(stats.objectValue?.int("done") == 1 && stats.objectValue?.int("open") == 0)
    }

    @Test func aLostOrTornSummaryIsRecountedAndWrittenBack() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Alpha"])
        try shade.run(["add", "tue", "Beta"])
        try shade.run(["done", "2"])
        let summary = shade.store + "/summary/2026.json"
        let expected = try shade.json(["stats", "--all"])
        try FileManager.default.removeItem(atPath: summary)
        #expect(try shade.json(["stats", "--all"]) == expected)
        #expect(FileManager.default.fileExists(atPath: summary), "stats wrote the summary back")
        try "{\"format\":1,\"kind\":\"summ".write(toFile: summary, atomically: false, encoding: .utf8)
        #expect(try shade.json(["stats", "--all"]) == expected)
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func badRangesAreRefused() throws {
        let shade = ShadeProcess()
        #expect(try shade.run(["stats", "--all", "--weeks", "3"]).status == 64)
        #expect(try shade.run(["stats", "--weeks", "0"]).status == 64)
        let backwards = try shade.run(["stats", "--from", "2026-W48", "--to", "2026-W40"])
        #expect(backwards.status == 1 && backwards.stderr.contains("comes after"))
        #expect(try shade.run(["stats", "--from", "2025-W53"]).status == 1)
    }

    @Test func inTheREPLStatsStartsFromTheWeekInView() throws {
        let shade = ShadeProcess()
        let result = try shade.run([], stdin: "week 2026-W10\nstats --weeks 2 --json\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"to\": \"2026-W10\""))
    }
}
