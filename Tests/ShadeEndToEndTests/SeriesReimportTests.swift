import ShadeJSON
import Testing

/// A repeating task's occurrences through an export and back: re-importing a planner's own
/// export leaves every occurrence its series shows where it was, with its id (the file brings
/// them as records of their own, the same as the series shows them), and the same file into an
/// empty planner shows them all, in every format.
@Suite struct SeriesReimportTests {
    /// This week's tasks as `ID DATE STATUS`.
    static func week(_ shade: ShadeProcess) throws -> [String] {
        let tasks = try shade.json(["ls", "thisweek"]).objectValue?["tasks"]?.arrayValue ?? []
        return tasks.compactMap(\.objectValue).map {
            "\($0.int("id") ?? 0) \($0.string("date") ?? "?") \($0.string("status") ?? "?")"
        }
    }

    @Test(arguments: ["json", "ics", "csv", "todotxt", "taskwarrior"])
    func reimportingItsOwnExportKeepsEveryOccurrence(format: String) throws {
        let shade = ShadeProcess(now: "2026-11-25T10:00")
        #expect(try shade.run(["add", "mon", "morning", "Stretch", "every:day"]).status == 0)
        #expect(try shade.run(["done", "2"]).status == 0)
        let before = try Self.week(shade)
        #expect(before.count == 7)
        let file = shade.root + "/export." + format
        #expect(try shade.run(["export", "--format", format, "-o", file]).status == 0)

        let again = try shade.json(["import", file])
        #expect(again.objectValue?["added"]?.arrayValue?.isEmpty == true, "\(again)")
        // (A todo.txt completion is a day: the done occurrence's time of completion is updated.)
        #expect(again.objectValue?["updated"]?.arrayValue?.count == (format == "todotxt" ? 1 : 0))
        #expect(try Self.week(shade) == before, "\(format)")

        let empty = ShadeProcess(now: "2026-11-25T10:00")
        #expect(try empty.run(["import", file]).status == 0)
        let dropID = { (line: String) in line.split(separator: " ").dropFirst().joined(separator: " ") }
        #expect(try Self.week(empty).map(dropID) == before.map(dropID), "\(format)")
    }

    /// An occurrence moved to another week comes back once, on the day it was moved to: its
    /// series no longer shows itself on the day the occurrence's uid names.
    @Test(arguments: ["json", "ics", "csv", "todotxt"])
    func aMovedOccurrenceComesBackOnce(format: String) throws {
        let shade = ShadeProcess(now: "2025-01-25T10:00")
        #expect(try shade.run(["add", "2025-01-06", "morning", "Gym", "every:week"]).status == 0)
        let second = try shade.json(["ls", "2025-W03"]).objectValue?["tasks"]?.arrayValue?.first?.objectValue
        #expect(try shade.run(["mv", String(second?.int("id") ?? 0), "2025-01-22"]).status == 0)
        let file = shade.root + "/export." + format
        #expect(try shade.run(["export", "--format", format, "-o", file]).status == 0)
        let empty = ShadeProcess(now: "2025-01-25T10:00")
        #expect(try empty.run(["import", file]).status == 0)
        var shown: [String] = []
        for week in ["2025-W02", "2025-W03", "2025-W04"] {
            let tasks = try empty.json(["ls", week]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
            shown += tasks.map { "\($0.string("date") ?? "?") \($0.string("uid")?.split(separator: "@").last ?? "")" }
        }
        #expect(
            shown.sorted() == ["2025-01-06 2025-01-06", "2025-01-20 2025-01-20", "2025-01-22 2025-01-13"], "\(format)")
    }
}
