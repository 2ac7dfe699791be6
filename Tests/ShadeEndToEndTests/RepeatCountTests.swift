import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// `count:N` (SPEC §16): a series that ends after N occurrences, shown, edited, and carried by
/// every format (RRULE COUNT in iCalendar, a last day in Taskwarrior).
@Suite struct RepeatCountTests {
    static func dates(_ shade: ShadeProcess, _ title: String, _ range: String = "2026-11-23..2027-01-31") throws
        -> [String]
    {
        let tasks = try shade.json(["ls", range]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return tasks.filter { $0.string("title") == title }.compactMap { $0.string("date") }
    }

    @Test func aSeriesEndsAfterItsCountAndTheDaysTakenOutStillCount() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let added = try shade.run(["add", "mon", "Run", "every:3days", "count:4"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("↻ every 3days, 4 times"), "\(added.stdout)")
        #expect(try Self.dates(shade, "Run") == ["2026-11-23", "2026-11-26", "2026-11-29", "2026-12-02"])
        let shown = try #require(try shade.json(["show", "1"]).objectValue?["repeat"]?.objectValue)
        #expect(shown.int("count") == 4)
        // Taking a day out leaves three: the fourth is still the last.
        let second = try #require(try shade.json(["ls", "2026-11-26"]).objectValue?["tasks"]?.arrayValue?.first)
        let id = try #require(second.objectValue?.int("id"))
        #expect(try shade.run(["rm", String(id)]).status == 0)
        #expect(try Self.dates(shade, "Run") == ["2026-11-23", "2026-11-29", "2026-12-02"])
        // edit --series count:N moves the end.
        let edited = try shade.run(["edit", "1", "count:6"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try Self.dates(shade, "Run").last == "2026-12-08")
        // A bad count is a usage error and changes nothing.
        for bad in ["count:0", "count:x", "count:10000"] {
            let refused = try shade.run(["add", "tue", "Swim", "every:week", bad])
            #expect(refused.status == 64, "\(bad): \(refused.stderr)")
        }
        // The largest count ends within the years a planner holds, and travels so.
        try shade.run(["add", "mon", "Yearly", "every:year", "count:9999"])
        let far = shade.root + "/far.tw"
        #expect(try shade.run(["export", "--format", "taskwarrior", "-o", far]).status == 0)
        let other = ShadeProcess(now: "2026-11-23T09:00")
        let back = try other.run(["import", far, "--format", "taskwarrior"])
        #expect(back.status == 0, "\(back.stderr)")
        let alone = try shade.run(["add", "tue", "Swim", "count:3"])
        #expect(alone.status == 1 && alone.stderr.contains("give the rule too"), "\(alone.stderr)")
    }

    static let secondFridays = ["2026-12-11", "2027-01-08", "2027-02-12"]

    /// Taskwarrior has no recurrence for the second Friday: a weekly series there.
    @Test(arguments: [
        ("ics", "2nd-fri", secondFridays), ("csv", "2nd-fri", secondFridays), ("todotxt", "2nd-fri", secondFridays),
        ("json", "2nd-fri", secondFridays), ("taskwarrior", "week", ["2026-11-23", "2026-11-30", "2026-12-07"]),
    ])
    func theCountTravelsThroughEachFormat(format: String, rule: String, expected: [String]) throws {
        let source = ShadeProcess(now: "2026-11-23T09:00")
        try source.run(["add", "mon", "Piano", "every:\(rule)", "count:3", "at:17:00"])
        let file = source.root + "/out." + format
        #expect(try source.run(["export", "--format", format, "-o", file]).status == 0)
        if format == "ics" {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains("COUNT=3"), "\(text)")
        }
        let target = ShadeProcess(now: "2026-11-23T09:00")
        let imported = try target.run(["import", file, "--format", format])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.dates(target, "Piano", "2026-11-23..2027-06-30") == expected)
    }
}
