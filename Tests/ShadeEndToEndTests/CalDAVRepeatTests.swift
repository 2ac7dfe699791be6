import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Repeating tasks and due days on a phone through CalDAV (SPEC §15): a series is one VTODO with
/// an RRULE, an occurrence of its own a VTODO with its RECURRENCE-ID; a Radicale server started by
/// the test, and Python's `caldav` client as the phone's task app.
@Suite struct CalDAVRepeatTests {
    /// The tasks of week 48 as `week --json` shows them: "DATE TITLE STATUS" each, in order.
    static func week(_ dav: CalDAVFixture, at now: String) throws -> [String] {
        let value = try JSONParser.parse(Array(try dav.ok(["week", "2026-W48", "--json"], at: now).utf8))
        var result: [String] = []
        for day in value.objectValue?["days"]?.arrayValue ?? [] {
            for slot in day.objectValue?["slots"]?.arrayValue ?? [] {
                for task in slot.objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
                    let fields = ["date", "title", "status"].map { task[$0]?.stringValue ?? "?" }
                    result.append(fields.joined(separator: " "))
                }
            }
        }
        return result
    }

    /// A daily series with one occurrence done goes out as one item (RRULE, the done day a
    /// RECURRENCE-ID, the removed day an EXDATE); the phone renames the series, marks another
    /// occurrence done and takes a day out, and all of it arrives; what shade then does to an
    /// occurrence goes back.
    @Test func aRepeatingTaskAndItsOccurrencesGoBothWays() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "evening", "Run", "every:daily", "until:2026-11-29"], at: "2026-11-23T08:00")
        let monday = try Self.week(dav, at: "2026-11-23T08:00")
        #expect(monday.count == 7, "\(monday)")
        let ids = try JSONParser.parse(Array(try dav.ok(["week", "2026-W48", "--json"], at: "2026-11-23T08:00").utf8))
        let runs = (ids.objectValue?["days"]?.arrayValue ?? []).flatMap { day in
            (day.objectValue?["slots"]?.arrayValue ?? []).flatMap { $0.objectValue?["tasks"]?.arrayValue ?? [] }
        }.compactMap { $0.objectValue?["id"]?.intValue }
        try #require(runs.count == 7)
        try dav.ok(["done", String(runs[1])], at: "2026-11-24T21:00")
        try dav.ok(["rm", String(runs[2])], at: "2026-11-24T21:01")
        try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-24T21:02")
        try dav.ok(["sync"], at: "2026-11-24T21:03")
        let seen = try dav.phone(
            """
            items = list(todos())
            print(len(items))
            for c in items[0].icalendar_instance.walk("VTODO"):
                rid = c.get("recurrence-id")
                print(c.get("summary"), rid.dt if rid else "master", c.get("status"), c.get("rrule").to_ical().decode() if c.get("rrule") else "", [d.dt for e in (c.get("exdate") if isinstance(c.get("exdate"), list) else [c.get("exdate")] if c.get("exdate") else []) for d in e.dts])
            """)
        #expect(
            seen.split(separator: "\n") == [
                "1", "Run master NEEDS-ACTION FREQ=DAILY;UNTIL=20261129 [datetime.date(2026, 11, 25)]",
                "Run 2026-11-24 COMPLETED  []",
            ], "\(seen)")
        // The phone renames the series, marks Thursday's run done and takes Friday's out.
        try dav.phone(
            """
            import icalendar
            run = find("Run")
            cal = run.icalendar_instance
            master = [c for c in cal.walk("VTODO") if c.get("recurrence-id") is None][0]
            master["summary"] = icalendar.vText("Run 5k")
            master.add("exdate", datetime.date(2026, 11, 27))
            done = icalendar.Todo()
            for name in ["uid", "x-shade-slot"]:
                done.add(name, master[name])
            done.add("summary", "Run 5k")
            done.add("dtstart", datetime.date(2026, 11, 26))
            done.add("due", datetime.date(2026, 11, 27))
            done.add("recurrence-id", datetime.date(2026, 11, 26))
            done.add("status", "COMPLETED")
            done.add("completed", datetime.datetime(2026, 11, 26, 19, 0, tzinfo=datetime.timezone.utc))
            cal.add_component(done)
            run.save()
            """)
        let synced = try dav.ok(["sync"], at: "2026-11-26T20:00")
        #expect(synced.contains("received"), "\(synced)")
        #expect(
            try Self.week(dav, at: "2026-11-26T20:00") == [
                "2026-11-23 Run 5k open", "2026-11-24 Run done", "2026-11-26 Run 5k done", "2026-11-28 Run 5k open",
                "2026-11-29 Run 5k open",
            ])
        // Nothing more either way.
        let again = try dav.ok(["sync"], at: "2026-11-26T20:01")
        #expect(again.contains("sent 0 changes, received 0 changes"), "\(again)")
        // Saturday's run done here reaches the phone as an occurrence of its own.
        let saturday = try JSONParser.parse(
            Array(try dav.ok(["week", "2026-W48", "--json"], at: "2026-11-28T10:00").utf8))
        let saturdayID = (saturday.objectValue?["days"]?.arrayValue ?? []).flatMap { day in
            (day.objectValue?["slots"]?.arrayValue ?? []).flatMap { $0.objectValue?["tasks"]?.arrayValue ?? [] }
        }.compactMap(\.objectValue).first { $0["date"]?.stringValue == "2026-11-28" }?["id"]?.intValue
        try dav.ok(["done", String(try #require(saturdayID))], at: "2026-11-28T10:00")
        try dav.ok(["sync"], at: "2026-11-28T10:01")
        let after = try dav.phone(
            """
            for c in find("Run 5k").icalendar_instance.walk("VTODO"):
                rid = c.get("recurrence-id")
                if rid: print(rid.dt, c.get("status"))
            """)
        #expect(
            after.split(separator: "\n") == [
                "2026-11-24 COMPLETED", "2026-11-26 COMPLETED", "2026-11-28 COMPLETED",
            ], "\(after)")
        // A series deleted on the phone ends here: its done occurrences stay as they were.
        try dav.phone("find(\"Run 5k\").delete()")
        try dav.ok(["sync"], at: "2026-11-28T10:02")
        #expect(
            try Self.week(dav, at: "2026-11-28T10:02") == [
                "2026-11-24 Run done", "2026-11-26 Run 5k done", "2026-11-28 Run 5k done",
            ])
        // Those done days are not sent back to the phone as tasks of their own.
        let quiet = try dav.ok(["sync"], at: "2026-11-28T10:03")
        #expect(quiet.contains("sent 0 changes, received 0 changes"), "\(quiet)")
        #expect(try dav.phone("print(len(list(todos())))").contains("0"))
    }

    /// The phone makes a repeating task plain (drops its RRULE): the series ends here, the task
    /// arrives at the next sync, and then nothing goes back and forth.
    @Test func aSeriesMadePlainOnThePhoneSettlesWithoutALoop() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Water plants", "every:day"], at: "2026-11-23T08:00")
        try dav.linkAndSync()
        try dav.phone(
            """
            water = find("Water plants")
            water.icalendar_component.pop("rrule")
            water.save()
            """)
        try dav.ok(["sync"], at: "2026-11-23T09:00")
        try dav.ok(["sync"], at: "2026-11-23T09:01")
        let settled = try dav.ok(["sync"], at: "2026-11-23T09:02")
        #expect(settled.contains("sent 0 changes, received 0 changes"), "\(settled)")
        #expect(try Self.week(dav, at: "2026-11-23T09:03") == ["2026-11-23 Water plants open"])
        let phone = try dav.phone("print([str(t.icalendar_component.get('rrule')) for t in todos()])")
        #expect(phone.contains("['None']"), "\(phone)")
    }

    /// A series made on the phone arrives as a repeating task (COUNT as count:N); one with a rule
    /// shade has no words for stays on the phone, left alone.
    @Test func aRepeatingTaskMadeOnThePhoneArrives() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:00")
        try dav.phone(
            """
            tasks = principal.calendar(cal_id="tasks")
            tasks.save_todo(summary="Water plants", uid="phone-water", dtstart=datetime.date(2026, 11, 24), rrule={"freq": "weekly", "byday": ["TU", "FR"]})
            tasks.save_todo(summary="Three times", uid="phone-three", dtstart=datetime.date(2026, 11, 24), rrule={"freq": "daily", "count": 3})
            tasks.save_todo(summary="Mid-month", uid="phone-mid", dtstart=datetime.date(2026, 11, 15), rrule={"freq": "monthly", "bymonthday": 15})
            """)
        let synced = try dav.ok(["sync"], at: "2026-11-23T09:00")
        #expect(synced.contains("1 item of the list left alone"), "\(synced)")
        #expect(
            try Self.week(dav, at: "2026-11-23T09:00").sorted() == [
                "2026-11-24 Three times open", "2026-11-24 Water plants open", "2026-11-25 Three times open",
                "2026-11-26 Three times open", "2026-11-27 Water plants open",
            ])
        let again = try dav.ok(["sync"], at: "2026-11-23T09:02")
        #expect(again.contains("sent 0 changes, received 0 changes"), "\(again)")
    }

    /// The phone moves a task's due day: the task moves to that day here.
    @Test func aDueDayMovedOnThePhoneMovesTheTask() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "afternoon", "Dentist"], at: "2026-11-23T08:00")
        try dav.linkAndSync()
        try dav.phone(
            """
            todo = find("Dentist")
            todo.icalendar_component["due"].dt = datetime.date(2026, 11, 26)
            todo.save()
            """)
        try dav.ok(["sync"], at: "2026-11-23T09:00")
        let moved = try dav.tasks(at: "2026-11-23T09:00")["Dentist"]
        #expect(moved?["date"]?.stringValue == "2026-11-26")
        #expect(moved?["slot"]?.stringValue == "afternoon")
    }

    /// What the phone keeps in a task that shade does not hold (a LOCATION, its own X- property)
    /// stays when shade sends the task again, changed.
    @Test func whatThePhoneKeepsInATaskOutlivesAChangeHere() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Dentist"], at: "2026-11-23T08:00")
        try dav.linkAndSync()
        try dav.phone(
            """
            todo = find("Dentist")
            todo.icalendar_component.add("location", "Main street 4")
            todo.icalendar_component.add("x-phone-order", "7")
            todo.save()
            """)
        try dav.ok(["sync"], at: "2026-11-23T08:03")
        try dav.ok(["edit", "1", "Dentist at 9"], at: "2026-11-23T08:04")
        let sent = try dav.ok(["sync"], at: "2026-11-23T08:05")
        #expect(sent.contains("sent 1 change"), "\(sent)")
        let seen = try dav.phone(
            """
            c = find("Dentist at 9").icalendar_component
            print(c.get("location"), c.get("x-phone-order"))
            """)
        #expect(seen.split(separator: "\n") == ["Main street 4 7"], "\(seen)")
    }
}
