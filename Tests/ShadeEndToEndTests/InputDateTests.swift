import Foundation
import ShadeJSON
import Testing

/// Dates are taken only in the years 1900–9998 (SPEC §14): wherever a user gives one — a day, a
/// range, a week, `until:`, `for:`, `due:`, the pinned clock — one outside them is refused naming
/// the range; a store that holds one all the same (a hand edit) still exports.
@Suite struct InputDateTests {
    static let range = "shade takes dates from 1900-01-01 to 9998-12-31"

    @Test(
        arguments: [
            ["add", "1899-12-31", "Too early"], ["add", "9999-12-31", "Too late"], ["mv", "1", "9999-01-01"],
            ["mv", "1", "1899-12-31", "evening"], ["ls", "1899-12-30..1900-01-02"], ["ls", "9999-W01"],
            ["week", "9999-W01"], ["week", "1899-W52"], ["day", "9999-01-01"],
            ["add", "Daily", "every:day", "until:9999-01-01"],
            ["goal", "add", "Read", "for:9999-W01"], ["goal", "add", "Read", "for:1899-12-31"],
            ["goal", "add", "Read", "due:1899-12-31"], ["chart", "month", "9999-01"],
            ["add", "tue", "Late", "due:9999-01-01"], ["edit", "1", "due:1899-12-31"],
        ])
    func aDateOutsideTheYearsShadeTakesIsRefusedNamingThem(words: [String]) throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        #expect(try shade.run(["add", "tue", "Here"]).status == 0)
        let before = try shade.allTasks()
        let result = try shade.run(words)
        #expect(result.status == 1, "\(words): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: " + Self.range), "\(words): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try shade.allTasks() == before)
    }

    @Test func theFirstAndLastDaysAreTakenEverywhere() throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        #expect(try shade.run(["add", "1900-01-01", "First"]).status == 0)
        #expect(try shade.run(["add", "2026-11-24", "Yearly", "every:year", "until:9998-12-31"]).status == 0)
        #expect(try shade.run(["mv", "1", "9998-12-31"]).status == 0)
        let listed = try shade.json(["ls", "9998-12-25..9998-12-31"]).objectValue?["tasks"]?.arrayValue ?? []
        let dates = listed.compactMap { $0.objectValue?.string("date") }
        #expect(dates.contains("9998-12-31"))
        #expect(try shade.run(["week", "1900-W01"]).status == 0)
        #expect(try shade.run(["goal", "add", "Read", "for:9998-12-31"]).status == 0)
    }

    @Test(arguments: ["1899-12-31T10:00", "9999-01-01T10:00"])
    func aPinnedClockOutsideTheYearsIsRefused(now: String) throws {
        let shade = ShadeProcess(now: now)
        let result = try shade.run(["ls"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: SHADE_NOW: \(Self.range) (years 1900 to 9998); that is outside them\n")
    }

    /// A store holding a task on 9999-12-31 and one on 2026-11-25, made the only way one can be
    /// now: a task added on 9998-12-31 (week 9998-W53), its files edited by hand into 9999-W52.
    static func handEditedStore() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        #expect(try shade.run(["add", "9998-12-31", "Last day"]).status == 0)
        #expect(try shade.run(["add", "2026-11-25", "An ordinary day"]).status == 0)
        func edit(_ from: String, to: String) throws {
            let text = try String(contentsOfFile: shade.store + "/" + from, encoding: .utf8)
            try FileManager.default.removeItem(atPath: shade.store + "/" + from)
            let edited = text.replacing("9998-W53", with: "9999-W52").replacing("9998-12-31", with: "9999-12-31")
            try FileManager.default.createDirectory(
                atPath: shade.store + "/" + (to as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try edited.write(toFile: shade.store + "/" + to, atomically: false, encoding: .utf8)
        }
        try edit("weeks/9998/9998-W53.json", to: "weeks/9999/9999-W52.json")
        try edit("ids/weeks/9998-W53.json", to: "ids/weeks/9999-W52.json")
        try edit("ids/0000.json", to: "ids/0000.json")
        return shade
    }

    @Test func aHandEditedTaskOn9999_12_31DoesNotStopAnICalendarExport() throws {
        let shade = try Self.handEditedStore()
        let late = try #require(try shade.allTasks().first { $0.string("date") == "9999-12-31" })
        let uid = try #require(late.string("uid"))
        let result = try shade.run(["export", "--format", "ics"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("SUMMARY:An ordinary day"))
        #expect(!result.stdout.contains("00000000"), "no date written as libical's null date")
        #expect(
            result.stderr
                == "note: “Last day” (\(uid)) was left out: VTODO: DUE falls in 9999, after 3000, the last year libical writes\n"
        )
        // The file it wrote reads back.
        let file = shade.root + "/planner.ics"
        #expect(try shade.run(["export", "--format", "ics", "-o", file]).status == 0)
        #expect(try shade.run(["import", "--dry-run", file]).status == 0)
    }

    @Test(arguments: ["json", "csv", "todotxt", "taskwarrior"])
    func aHandEditedTaskOn9999_12_31IsExportedByTheOtherFormats(format: String) throws {
        let shade = try Self.handEditedStore()
        let result = try shade.run(["export", "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Last day") && result.stdout.contains("An ordinary day"))
    }

    /// Days in words (SPEC §16): `in 3 days`, `in 2 weeks` from today, in `add`, `mv` and the
    /// views, one-shot and in the REPL; a count in words or past the bound changes nothing.
    @Test func daysInWordsCountFromToday() throws {
        let shade = ShadeProcess(now: "2026-12-28T10:00")
        let added = try shade.json(["add", "in", "3", "days", "evening", "Read", "a", "book"])
        #expect(added.objectValue?["date"]?.stringValue == "2026-12-31")
        #expect(added.objectValue?["slot"]?.stringValue == "evening")
        #expect(added.objectValue?["title"]?.stringValue == "Read a book")
        #expect(try shade.run(["mv", "1", "in", "1", "week"]).status == 0)
        #expect(try shade.allTasks().first?.string("date") == "2027-01-04")
        let day = try shade.json(["day", "in", "2", "weeks"])
        #expect(day.objectValue?["date"]?.stringValue == "2027-01-11")
        let repl = try shade.run([], stdin: "add in 1 day Walk\nday in 1 day\n")
        #expect(repl.status == 0, "\(repl.stderr)")
        #expect(repl.stdout.contains("Tue 29 Dec"), "\(repl.stdout)")
        let before = try shade.allTasks()
        for words in [["mv", "1", "in", "three", "days"], ["day", "in", "99999", "days"]] {
            let result = try shade.run(words)
            #expect(result.status != 0, "\(words)")
            #expect(result.stderr.contains("in N days"), "\(words): \(result.stderr)")
        }
        #expect(try shade.allTasks() == before)
    }
}
