import Foundation
import ShadeJSON
import Testing

/// `import` of a file past a parser's limit (SPEC §14): every format has a nesting depth and a
/// size limit; going past one is a short error naming the limit, exit 1, and nothing imported —
/// never a crash. A date outside the years 1900–9998 is refused at import too.
@Suite struct ImportLimitTests {
    /// A planner holding one task, so that "nothing imported" is seen against something there.
    static func planner() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        #expect(try shade.run(["add", "tue", "Already here"]).status == 0)
        return shade
    }

    /// Imports `text` as `name` and checks the refusal: exit 1, one or two lines on standard
    /// error holding `fragment`, and the planner as it was.
    static func expectRefused(
        _ text: String, as name: String, fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let shade = try planner()
        let before = try shade.allTasks()
        let file = shade.root + "/" + name
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let result = try shade.run(["import", file])
        #expect(result.status == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect((1...2).contains(lines.count), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try shade.allTasks() == before, "nothing was imported", sourceLocation: sourceLocation)
    }

    static let calendarHead = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"

    /// A uid given to two tasks is a mistake in the file, whichever weeks they fall in: nothing is
    /// imported, and the second in the file's order is named (here it lies in the earlier week,
    /// which a week-at-a-time import reads first).
    @Test func aUIDGivenTwiceImportsNothingAndNamesTheSecond() throws {
        try Self.expectRefused(
            "uid,date,title\nsame,2026-12-09,First\nother,2026-11-25,Fine\nsame,2026-11-26,Second\n", as: "twice.csv",
            fragment: "the uid same is given to two tasks (“Second” is the second)")
        try Self.expectRefused(
            "uid,date,title\nsame,2026-11-25,First\nsame,2026-11-26,Second\n", as: "twice.csv",
            fragment: "the uid same is given to two tasks (“Second” is the second)")
    }

    /// An occurrence naming a series no planner can hold (a uid with @) is refused by its line,
    /// before anything is set aside.
    @Test func anOccurrenceOfASeriesNoPlannerCanHoldIsRefusedByItsLine() throws {
        try Self.expectRefused(
            "uid,date,title,series\nok,2026-11-25,Fine,\nx,2026-11-26,Odd,a@b\n", as: "series.csv",
            fragment: "line 3: the task “Odd” (x) is an occurrence of the repeating task a@b")
    }

    /// An import that changes nothing where there is no planner yet (a bad file, a dry run, a file
    /// of nothing) leaves no store behind, as no other first command does.
    @Test func anImportThatChangesNothingLeavesNoStoreWhereThereWasNone() throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        let bad = shade.root + "/bad.csv"
        try "uid,date,title\nu1,2026-13-40,Nope\n".write(toFile: bad, atomically: false, encoding: .utf8)
        let good = shade.root + "/good.csv"
        try "uid,date,title\nu1,2026-11-25,Fine\n".write(toFile: good, atomically: false, encoding: .utf8)
        let empty = shade.root + "/empty.csv"
        try "uid,date,title\n".write(toFile: empty, atomically: false, encoding: .utf8)
        #expect(try shade.run(["import", bad]).status == 1)
        #expect(try shade.run(["import", "--dry-run", good]).status == 0)
        #expect(try shade.run(["import", empty]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: shade.store))
        #expect(try shade.run(["import", good]).status == 0)
        #expect(try shade.allTasks().count == 1)
    }

    @Test(arguments: ["VALARM", "X-NESTED", "VCALENDAR"])
    func aCalendarNested4000DeepIsRefusedNamingTheLimit(kind: String) throws {
        let todo = "BEGIN:VTODO\r\nUID:deep\r\nSUMMARY:deep\r\nDTSTART;VALUE=DATE:20261124\r\n"
        let text =
            Self.calendarHead + todo + String(repeating: "BEGIN:\(kind)\r\n", count: 4000)
            + String(repeating: "END:\(kind)\r\n", count: 4000) + "END:VTODO\r\nEND:VCALENDAR\r\n"
        // VCALENDAR, VTODO, then 62 of them: the 63rd, on line 7 + 63, is the 65th level.
        try Self.expectRefused(
            text, as: "deep.ics",
            fragment: "line 70: not iCalendar: BEGIN:\(kind) nests deeper than 64 components (the limit)")
    }

    @Test func aCalendar64DeepIsRead() throws {
        let shade = try Self.planner()
        let todo = "BEGIN:VTODO\r\nUID:deep\r\nSUMMARY:Sixty-four deep\r\nDTSTART;VALUE=DATE:20261125\r\n"
        let text =
            Self.calendarHead + todo + String(repeating: "BEGIN:X-NESTED\r\n", count: 62)
            + String(repeating: "END:X-NESTED\r\n", count: 62) + "END:VTODO\r\nEND:VCALENDAR\r\n"
        try text.write(toFile: shade.root + "/deep.ics", atomically: false, encoding: .utf8)
        let result = try shade.run(["import", shade.root + "/deep.ics"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try shade.allTasks().compactMap { $0.string("title") }.contains("Sixty-four deep"))
    }

    @Test func shadesOwnJSONNestedTooDeepIsRefusedNamingTheLimit() throws {
        let text =
            #"{"shade": "planner", "format": 3, "tasks": "# + String(repeating: "[", count: 4000)
            + String(repeating: "]", count: 4000) + "}\n"
        try Self.expectRefused(text, as: "deep.json", fragment: "nesting deeper than 32 levels (the limit)")
    }

    @Test(arguments: [false, true])
    func aTaskwarriorExportNestedTooDeepIsRefusedNamingTheLimit(oneObjectALine: Bool) throws {
        let object =
            #"{"uuid": "5f1c0e8a-0000-4000-8000-000000000001", "description": "deep", "x": "#
            + String(repeating: #"{"a": "#, count: 4000) + "1" + String(repeating: "}", count: 4001)
        let text = oneObjectALine ? object + "\n" : "[\n" + object + "\n]\n"
        try Self.expectRefused(
            text, as: "deep.task", fragment: "nesting deeper than 32 levels (the limit)")
    }

    @Test(arguments: ["big.csv", "big.ics", "big.txt", "big.json"])
    func aFileLargerThanOneGibibyteIsRefusedNamingTheLimitBeforeItIsRead(name: String) throws {
        let shade = try Self.planner()
        let before = try shade.allTasks()
        // A sparse file: its size is what counts, and it is refused before a byte is read.
        let path = shade.root + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(1 << 30) + 1)
        try handle.close()
        let result = try shade.run(["import", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("larger than 1 GiB (1073741824 bytes, the limit)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
        #expect(try shade.allTasks() == before)
    }

    /// A task dated `date` in each format.
    static func file(_ format: String, date: String) -> (name: String, text: String) {
        let compact = date.replacing("-", with: "")
        switch format {
        case "csv": return ("dated.csv", "title,date\nDated,\(date)\n")
        case "todotxt": return ("dated.txt", "Dated due:\(date)\n")
        case "ics":
            return (
                "dated.ics",
                calendarHead + "BEGIN:VTODO\r\nUID:dated\r\nSUMMARY:Dated\r\nDTSTART;VALUE=DATE:\(compact)\r\n"
                    + "END:VTODO\r\nEND:VCALENDAR\r\n"
            )
        case "taskwarrior":
            return (
                "dated.task",
                #"[{"uuid": "5f1c0e8a-0000-4000-8000-000000000002", "description": "Dated", "due": "\#(compact)T120000Z"}]"#
            )
        default:
            return (
                "dated.json",
                #"{"shade": "planner", "format": 3, "tasks": [{"uid": "5f1c0e8a-0000-4000-8000-000000000003", "id": 1, "date": "\#(date)", "slot": "morning", "title": "Dated", "notes": null, "time": null, "status": "open", "tags": [], "category": null, "color": null, "favorite": false, "remind": null, "created": "2026-11-24T09:00:00+00:00", "modified": "2026-11-24T09:00:00+00:00", "done_at": null}]}"#
            )
        }
    }

    @Test(
        arguments: ["csv", "todotxt", "ics", "taskwarrior", "json"], ["1899-12-31", "9999-12-31"])
    func aDateOutsideYears1900To9998IsRefusedAtImport(format: String, date: String) throws {
        let (name, text) = Self.file(format, date: date)
        try Self.expectRefused(
            text, as: name, fragment: "is \(date), outside the dates shade takes (1900-01-01 to 9998-12-31)")
    }

    @Test(
        arguments: ["csv", "todotxt", "ics", "taskwarrior", "json"], ["1900-01-01", "9998-12-31"])
    func theFirstAndLastDayShadeTakesAreImported(format: String, date: String) throws {
        let shade = try Self.planner()
        let (name, text) = Self.file(format, date: date)
        try text.write(toFile: shade.root + "/" + name, atomically: false, encoding: .utf8)
        let result = try shade.run(["import", shade.root + "/" + name])
        #expect(result.status == 0, "\(result.stderr)")
        let dated = try shade.allTasks().filter { $0.string("title") == "Dated" }
        #expect(dated.compactMap { $0.string("date") } == [date])
    }
}
