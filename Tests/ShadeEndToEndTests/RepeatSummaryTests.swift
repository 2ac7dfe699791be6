import Foundation
import ShadeJSON
import Testing

/// `week` counts a week of repeat rules from the repeat summary (a cache) while the series are as
/// they were counted from, and from the series themselves once they change.
@Suite struct RepeatSummaryTests {
    /// The week's done and open counts as the grid shows them (`week` without `--json`, which
    /// reads the tasks themselves and so the series), checked against `--json`'s.
    static func counts(_ shade: ShadeProcess, _ week: String = "2026-W48") throws -> (done: Int?, open: Int?) {
        let text = try shade.run(["week", week]).stdout
        let header = text.split(separator: "\n").first.map(String.init) ?? ""
        let object = try shade.json(["week", week]).objectValue
        let done = object?.int("done") ?? -1
        let open = object?.int("open") ?? -1
        #expect(
            header.contains("\(done) done · \(open) open") || (done == 0 && header.contains("\(open) open")),
            "\(header)")
        return (done, open)
    }

    @Test func theWeekOfRulesIsCountedFromTheCacheUntilTheSeriesChange() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:30")
        try shade.run(["add", "mon", "morning", "Gym", "every:weekday"])
        try shade.run(["add", "mon", "evening", "Read", "every:day"])
        #expect(try Self.counts(shade) == (0, 12))
        let cache = try #require(shade.storeFile("summary/repeats.json"), "the week was summed up")
        #expect(String(decoding: cache, as: UTF8.self).contains("\"2026-W48\""))
        // An occurrence done: the series change (an exception), the cache is stale, the count right.
        try shade.run(["done", "1"])
        #expect(try Self.counts(shade) == (1, 11))
        try shade.run(["add", "wed", "afternoon", "Water the plants", "every:week"])
        #expect(try Self.counts(shade) == (1, 12))
        try shade.run(["undo"])
        #expect(try Self.counts(shade) == (1, 11))
        // Another week is counted and added to the cache; the first stays.
        #expect(try Self.counts(shade, "2026-W49") == (0, 12))
        let both = String(decoding: try #require(shade.storeFile("summary/repeats.json")), as: UTF8.self)
        #expect(both.contains("\"2026-W48\"") && both.contains("\"2026-W49\""))
    }

    @Test func aDamagedCacheIsRebuiltAndCheckOnlyNotesIt() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:30")
        try shade.run(["add", "mon", "morning", "Gym", "every:weekday"])
        #expect(try Self.counts(shade) == (0, 5))
        try Data("{\"format\": 3, \"kind\": \"repeat-summ".utf8).write(
            to: URL(fileURLWithPath: shade.store + "/summary/repeats.json"))
        let check = try shade.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("damaged summary cache"), "\(check.stdout)")
        #expect(try Self.counts(shade) == (0, 5))
        let rebuilt = try JSONParser.parse(Array(try #require(shade.storeFile("summary/repeats.json"))))
        #expect(rebuilt.objectValue?.string("kind") == "repeat-summary")
    }
}
