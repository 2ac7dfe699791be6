import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Minutes and deadlines (SPEC §16): `est:` and `due:` on tasks, the minutes each slot plans
/// against its free minutes in `day` and `week`, a warning for a task planned after its deadline,
/// and both through every interchange format.
@Suite struct EstimateAndDueTests {
    /// The slots of a day document by name: (minutes_planned, minutes_free).
    static func minutes(_ day: JSONValue) -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        for slot in day.objectValue?["slots"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
            result[slot.string("slot") ?? ""] = [
                slot["minutes_planned"]?.intValue ?? -1, slot["minutes_free"]?.intValue ?? -1,
            ]
        }
        return result
    }

    @Test func slotsCountTheEstimatesOfTheirOpenTasksAgainstWhatIsLeft() throws {
        // Tuesday 13:00: the morning has ended, the afternoon is under way (5 hours left).
        let shade = ShadeProcess(now: "2026-11-24T13:00")
        let added = try shade.json(["add", "tue", "evening", "Write", "the", "report", "est:1h30m", "due:thu"])
        #expect(added.objectValue?["estimate"]?.intValue == 90)
        #expect(added.objectValue?["due"]?.stringValue == "2026-11-26")
        for words in [
            ["add", "tue", "evening", "Call", "mum", "est:30m"], ["add", "tue", "evening", "No", "estimate"],
            ["add", "tue", "afternoon", "Errands", "est:2h"], ["add", "tue", "morning", "Late", "est:45m"],
            ["add", "tue", "evening", "Done", "already", "est:3h"],
        ] {
            #expect(try shade.run(words).status == 0, "\(words)")
        }
        #expect(try shade.run(["done", "6"]).status == 0)
        let day = try shade.json(["day"])
        #expect(
            Self.minutes(day) == [
                "morning": [45, -45], "afternoon": [120, 180], "evening": [120, 240],
            ])
        // week carries the same slots.
        let week = try shade.json(["week"])
        let tuesday = week.objectValue?["days"]?.arrayValue?[1] ?? .null
        #expect(Self.minutes(tuesday) == Self.minutes(day))
        let monday = week.objectValue?["days"]?.arrayValue?[0] ?? .null
        #expect(Self.minutes(monday) == ["morning": [0, 0], "afternoon": [0, 0], "evening": [0, 0]])
        // The text shows them where there are estimates.
        let text = try shade.run(["day"]).stdout
        #expect(text.contains("2h planned, 3h free"), "\(text)")
        #expect(text.contains("~1h30m"), "\(text)")
        #expect(text.contains("due Thu 26 Nov"), "\(text)")
    }

    @Test func editSetsAndClearsThemAndABadEstimateIsAUsageError() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try shade.run(["add", "wed", "Read"]).status == 0)
        #expect(try shade.run(["edit", "1", "est:2h", "due:fri"]).status == 0)
        var task = try #require(try shade.allTasks().first)
        #expect(task.int("estimate") == 120 && task.string("due") == "2026-11-27")
        #expect(try shade.run(["edit", "1", "est:none", "due:none"]).status == 0)
        task = try #require(try shade.allTasks().first)
        #expect(task["estimate"] == .null && task["due"] == .null)
        let before = try shade.allTasks()
        for bad in ["est:5x", "est:0m", "est:25h", "est:"] {
            let result = try shade.run(["edit", "1", bad])
            #expect(result.status == 64, "\(bad): \(result.stderr)")
            #expect(result.stderr.contains("is not an estimate"), "\(bad): \(result.stderr)")
            let added = try shade.run(["add", "thu", "Other", bad])
            #expect(added.status == 64, "\(bad): \(added.stderr)")
        }
        let badDue = try shade.run(["edit", "1", "due:someday"])
        #expect(badDue.status == 1 && badDue.stderr.contains("is not a day"), "\(badDue.stderr)")
        #expect(try shade.allTasks() == before)
    }

    @Test func planningATaskAfterItsDeadlineWarnsAndStillDoesIt() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try shade.run(["add", "wed", "Report", "due:thu"]).status == 0)
        let moved = try shade.run(["mv", "1", "fri"])
        #expect(moved.status == 0)
        #expect(
            moved.stdout.contains("warning: planned for Fri 27 Nov, after its due day Thu 26 Nov"), "\(moved.stdout)")
        #expect(try shade.allTasks().first?.string("date") == "2026-11-27")
        // With --json the warning goes to standard error; the document stays one.
        let json = try shade.run(["mv", "1", "sat", "--json"])
        #expect(json.stderr.contains("after its due day"), "\(json.stderr)")
        #expect((try? JSONParser.parse(Array(json.stdout.utf8))) != nil)
        let added = try shade.run(["add", "sun", "Late", "due:2026-11-23"])
        #expect(added.stdout.contains("after its due day Mon 23 Nov"), "\(added.stdout)")
        let edited = try shade.run(["edit", "1", "due:wed"])
        #expect(edited.stdout.contains("after its due day Wed 25 Nov"), "\(edited.stdout)")
        #expect(try shade.run(["mv", "1", "tue"]).stdout.contains("warning") == false)
    }

    @Test(arguments: ["json", "csv", "todotxt", "ics"])
    func deadlinesAndEstimatesTravelThroughEveryFormat(format: String) throws {
        let source = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try source.run(["add", "wed", "Report", "due:fri", "est:1h30m"]).status == 0)
        #expect(try source.run(["add", "thu", "Gym", "every:day", "until:2026-11-29", "est:45m"]).status == 0)
        let file = source.root + "/export." + format
        #expect(try source.run(["export", "--format", format, "-o", file]).status == 0)
        let target = ShadeProcess(now: "2026-11-24T09:00")
        let imported = try target.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let tasks = try target.allTasks()
        let report = try #require(tasks.first { $0.string("title") == "Report" })
        #expect(report.string("due") == "2026-11-27", "\(format)")
        #expect(report.int("estimate") == 90, "\(format)")
        let gym = try target.json(["day", "2026-11-28"]).objectValue?["slots"]?.arrayValue?.first?.objectValue
        let occurrence = gym?["tasks"]?.arrayValue?.first?.objectValue
        #expect(occurrence?.int("estimate") == 45, "\(format): \(String(describing: occurrence))")
    }

    /// An imported deadline outside the years shade takes is refused, naming its line.
    @Test func anImportedDeadlineOutsideTheYearsIsRefused() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        let file = shade.root + "/late.csv"
        try "title,date,due\r\nReport,2026-11-25,0001-01-01\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try shade.run(["import", file])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("line 2: the due date is 0001-01-01, outside the dates shade takes"),
            "\(result.stderr)")
        #expect(try shade.allTasks().isEmpty)
    }

    @Test func taskwarriorSaysItHoldsNoDeadline() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try shade.run(["add", "wed", "Report", "due:fri"]).status == 0)
        let exported = try shade.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0)
        #expect(exported.stderr.contains("deadlines or estimates (1 task had some)"), "\(exported.stderr)")
    }

    /// `capacity evening 3h`: a slot is over-full when its open tasks' estimates pass it; it is
    /// marked in day and week, add into it warns, and rebalance moves tasks until they fit.
    @Test func aCapacityInMinutesMarksWarnsAndRebalances() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        let set = try shade.run(["capacity", "evening", "3h"])
        #expect(set.status == 0 && set.stdout.contains("capacity of evening: 3h of estimated tasks"), "\(set.stdout)")
        #expect(try shade.json(["capacity"]).objectValue?["capacity"]?.objectValue?["evening"] == "3h")
        #expect(try shade.run(["add", "wed", "evening", "Report", "est:2h"]).status == 0)
        let second = try shade.run(["add", "wed", "evening", "Taxes", "est:1h30m"])
        #expect(second.stdout.contains("over-full: 3h30m planned, room for 3h"), "\(second.stdout)")
        let day = try shade.json(["day", "wed"])
        let evening = day.objectValue?["slots"]?.arrayValue?.last?.objectValue
        #expect(evening?["capacity"] == .null && evening?.int("capacity_minutes") == 180)
        #expect(evening?["over"]?.boolValue == true)
        #expect(try shade.run(["week"]).stdout.contains("!"))
        let applied = try #require(try shade.json(["rebalance", "--apply"]).objectValue)
        #expect(applied.int("over_full") == 0, "\(applied)")
        let moved = applied["moves"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(moved.map { $0.string("slot") } == ["afternoon"], "\(moved)")
        let after = try shade.json(["day", "wed"]).objectValue?["slots"]?.arrayValue?.last?.objectValue
        #expect(after?["over"]?.boolValue == false)
        let bad = try shade.run(["capacity", "evening", "3x"])
        #expect(bad.status == 64)
    }

    /// A template keeps the estimates of the week it was saved from, and reads back (the file
    /// once refused the key it wrote); a series' deadline cannot be set as a whole.
    @Test func aTemplateKeepsEstimatesAndASeriesTakesNoDeadline() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try shade.run(["add", "wed", "Report", "est:1h"]).status == 0)
        #expect(try shade.run(["template", "save", "typical"]).status == 0)
        let listed = try shade.run(["templates", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(try shade.run(["template", "apply", "typical"]).status == 0)
        let next = try shade.allTasks().filter { $0.string("date") == "2026-12-02" }
        #expect(next.map { $0.int("estimate") } == [60], "\(next)")
        #expect(try shade.run(["check"]).status == 0)
        #expect(try shade.run(["add", "thu", "Gym", "every:day"]).status == 0)
        let gym = try #require(try shade.allTasks().first { $0.string("title") == "Gym" }?.int("id"))
        let refused = try shade.run(["edit", String(gym), "--series", "due:fri"])
        #expect(refused.status == 1 && refused.stderr.contains("no deadline as a series"), "\(refused.stderr)")
    }

    /// A timed series goes out in wall-clock time (floating), so that a calendar expanding its
    /// RRULE across a clock change still finds each RECURRENCE-ID and EXDATE among its instances.
    @Test func aTimedSeriesMatchesItsInstancesAcrossAClockChange() throws {
        let shade = ShadeProcess(now: "2026-10-20T09:00")
        shade.environment["TZ"] = "Europe/Berlin"
        #expect(try shade.run(["add", "2026-10-20", "Run", "at:7:00", "every:day"]).status == 0)
        let week = try shade.json(["week", "2026-W44"]).objectValue?["days"]?.arrayValue ?? []
        let ids = week.flatMap { day in
            (day.objectValue?["slots"]?.arrayValue ?? []).flatMap { $0.objectValue?["tasks"]?.arrayValue ?? [] }
        }.compactMap { $0.objectValue?.int("id") }
        try #require(ids.count == 7)
        #expect(try shade.run(["done", String(ids[1])]).status == 0)
        #expect(try shade.run(["rm", String(ids[2])]).status == 0)
        let file = shade.root + "/planner.ics"
        #expect(try shade.run(["export", "--format", "ics", "-o", file]).status == 0)
        let script = """
            import sys, icalendar
            from dateutil.rrule import rrulestr
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            todos = cal.walk("VTODO")
            master = [t for t in todos if "RRULE" in t][0]
            start = master["DTSTART"].dt
            rule = rrulestr(master["RRULE"].to_ical().decode(), dtstart=start)
            instances = set(rule.between(start, start.replace(year=start.year + 1), inc=True))
            ids = [t["RECURRENCE-ID"].dt for t in todos if "RECURRENCE-ID" in t]
            ex = master.get("EXDATE")
            exdates = [d.dt for e in (ex if isinstance(ex, list) else [ex] if ex else []) for d in e.dts]
            print(start.tzinfo is None, len(ids), len(exdates), all(d in instances for d in ids + exdates))
            """
        let python = try ExternalCommand.run("/usr/bin/env", ["python3", "-c", script, file])
        // Floating, the done day among the RECURRENCE-IDs, one EXDATE, every one an instance.
        let words = (python.output.split(separator: "\n").last ?? "").split(separator: " ")
        #expect(words.first == "True" && words.dropFirst(2).first == "1" && words.last == "True", "\(python.output)")
        #expect(Int(words.dropFirst().first ?? "") ?? 0 >= 1, "\(python.output)")
    }
}
