import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// The inbox through every export format and back (SPEC §16): a task with no day goes out as each
/// format keeps an undated task and comes back to the inbox, its uid, tags, category and (where
/// the format holds them) deadline and estimate kept.
@Suite struct InboxInterchangeTests {
    /// `title|tags|category|due|estimate` of each inbox task, by title.
    static func inbox(_ shade: ShadeProcess) throws -> [String] {
        let tasks = try shade.json(["inbox"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return tasks.map { task in
            let tags = task["tags"]?.arrayValue?.compactMap(\.stringValue).joined(separator: ",") ?? ""
            let estimate = task.int("estimate").map(String.init) ?? "-"
            return
                "\(task.string("title") ?? "")|\(tags)|\(task.string("category") ?? "-")|\(task.string("due") ?? "-")|\(estimate)"
        }.sorted()
    }

    static func uids(_ shade: ShadeProcess) throws -> Set<String> {
        let tasks = try shade.json(["inbox"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return Set(tasks.compactMap { $0.string("uid") })
    }

    @Test(arguments: [
        ("json", true), ("csv", true), ("todotxt", true), ("ics", true), ("taskwarrior", false),
    ])
    func theInboxGoesOutInEachFormatAndComesBack(format: String, keepsDeadlines: Bool) throws {
        let source = ShadeProcess(now: "2026-11-28T09:00")
        try source.run(["add", "someday", "Paint the fence", "+home", "cat:House", "est:2h", "due:2026-12-10"])
        try source.run(["add", "someday", "Call “Bob”, 📞", "+phone"])
        try source.run(["add", "mon", "Gym"])
        let file = source.root + "/out." + format
        let exported = try source.run(["export", "--format", format, "-o", file])
        #expect(exported.status == 0, "\(exported.stderr)")

        let target = ShadeProcess(now: "2026-11-28T09:00")
        let imported = try target.run(["import", file, "--format", format])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("2 inbox tasks new"), "\(imported.stdout)")
        let expected =
            keepsDeadlines
            ? ["Call “Bob”, 📞|phone|-|-|-", "Paint the fence|home|house|2026-12-10|120"]
            : ["Call “Bob”, 📞|phone|-|-|-", "Paint the fence|home|house|-|-"]
        #expect(try Self.inbox(target) == expected)
        #expect(try Self.uids(target) == (try Self.uids(source)))
        // The planned task stays planned, and in no inbox.
        let week = try target.allTasks().compactMap { $0.string("title") }
        #expect(week == ["Gym"])
        // Again: nothing new.
        let again = try target.run(["import", file, "--format", format])
        #expect(!again.stdout.contains("inbox task"), "\(again.stdout)")
        #expect(try Self.inbox(target).count == 2)
    }

    /// One uid is one task: a file's inbox task this planner has planned stays planned (and no
    /// copy hides in the inbox); a file's planned task this planner has in the inbox is planned
    /// on its day, under its inbox id.
    @Test(arguments: ["csv", "todotxt", "json"])
    func anImportNeverHoldsOneTaskInTheInboxAndOnADay(format: String) throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        try shade.run(["add", "someday", "Idea"])
        let undated = shade.root + "/undated." + format
        #expect(try shade.run(["export", "--format", format, "-o", undated]).status == 0)
        #expect(try shade.run(["mv", "1", "wed"]).status == 0)
        let dated = shade.root + "/dated." + format
        #expect(try shade.run(["export", "--format", format, "-o", dated]).status == 0)
        let kept = try shade.run(["import", undated, "--format", format])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try Self.inbox(shade).isEmpty)
        #expect(try shade.json(["show", "1"]).objectValue?.string("date") == "2026-11-25")
        #expect(try shade.run(["rm", "1"]).status == 0)
        #expect(try Self.inbox(shade).isEmpty, "no copy hid in the inbox")
        // The other way: in the inbox here, on a day in the file.
        let other = ShadeProcess(now: "2026-11-23T09:00")
        #expect(try other.run(["import", undated, "--format", format]).status == 0)
        let id = try #require(
            try other.json(["inbox"]).objectValue?["tasks"]?.arrayValue?.first?.objectValue?.int("id"))
        let planned = try other.run(["import", dated, "--format", format])
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(try Self.inbox(other).isEmpty)
        let task = try #require(try other.json(["show", String(id)]).objectValue)
        #expect(task.string("title") == "Idea" && task.string("date") == "2026-11-25")
        #expect(try other.run(["check"]).status == 0)
    }

    @Test func anUndatedTaskFromElsewhereIsForTheInboxButADoneOneKeepsItsDay() throws {
        let shade = ShadeProcess(now: "2026-11-28T09:00")
        let todo = "Call mom +family\nx 2026-11-20 2026-11-18 Fix the tap\n2026-11-01 Water plants every:week\n"
        let result = try shade.run(["import", "-", "--format", "todotxt"], stdin: todo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.inbox(shade) == ["Call mom|family|-|-|-"])
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//phone//EN\r
            BEGIN:VTODO\r
            UID:undated-1@phone\r
            DTSTAMP:20261120T080000Z\r
            SUMMARY:Buy stamps\r
            STATUS:NEEDS-ACTION\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let ics = try shade.run(["import", "-", "--format", "ics"], stdin: calendar)
        #expect(ics.status == 0, "\(ics.stderr)")
        // With no UID, the same item read another day is the same task.
        let noUID = calendar.replacingOccurrences(of: "UID:undated-1@phone\r\n", with: "").replacingOccurrences(
            of: "Buy stamps", with: "Buy envelopes")
        for day in ["2026-11-28T09:00", "2026-11-30T09:00"] {
            let again = try shade.run(
                ["import", "-", "--format", "ics"], stdin: noUID, environment: ["SHADE_NOW": day])
            #expect(again.status == 0, "\(again.stderr)")
        }
        #expect(try Self.inbox(shade).filter { $0.hasPrefix("Buy envelopes") }.count == 1)
        let both = try Self.inbox(shade)
        #expect(
            both == ["Buy envelopes||-|-|-", "Buy stamps||-|-|-", "Call mom|family|-|-|-"], "\(both) \(ics.stdout)")
        // A CSV row with no date that is done has no inbox to go to: it is refused, named.
        let csv = "date,title,status\n,Something,done\n"
        let refused = try shade.run(["import", "-", "--format", "csv"], stdin: csv)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("only an open task with none goes to the inbox"), "\(refused.stderr)")
    }
}
