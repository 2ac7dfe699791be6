import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// The planner on a phone through CalDAV (SPEC §15): a Radicale server started by the test, and
/// Python's `caldav` client acting as the phone's task app.
@Suite struct CalDAVSyncTests {
    /// A week synced out, read back by the phone: every task, with its slot and tags.
    @Test func aWeekGoesOutAndThePhonesEditsComeBack() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Gym", "+health"], at: "2026-11-23T08:00")
        try dav.ok(["add", "tue", "evening", "Read a book"], at: "2026-11-23T08:00")
        try dav.ok(["add", "wed", "afternoon", "Swim"], at: "2026-11-23T08:00")
        let linked = try JSONParser.parse(
            Array(
                try dav.ok(
                    ["caldav", "init", dav.serverURL, "--calendar", "Tasks", "--user", dav.user, "--json"],
                    at: "2026-11-23T08:01"
                ).utf8)
        ).objectValue
        #expect(linked?["url"]?.stringValue == dav.listURL)
        try dav.ok(["sync"], at: "2026-11-23T08:02")
        let seen = try dav.phone(
            """
            for todo in sorted(todos(), key=lambda t: str(t.icalendar_component.get("summary"))):
                c = todo.icalendar_component
                print(c.get("summary"), c.get("x-shade-slot"), c.get("dtstart").dt, ",".join(c.get("categories").cats) if c.get("categories") else "")
            """)
        #expect(
            seen.split(separator: "\n") == [
                "Gym morning 2026-11-23 health", "Read a book evening 2026-11-24 ", "Swim afternoon 2026-11-25 ",
            ], "\(seen)")
        // The phone marks one done, renames one, adds one and deletes one.
        try dav.phone(
            """
            find("Gym").complete()
            read = find("Read a book")
            read.icalendar_component["summary"] = "Read two books"
            read.save()
            find("Swim").delete()
            principal.calendar(cal_id="tasks").save_todo(summary="Buy milk", uid="phone-milk", dtstart=datetime.date(2026, 11, 26))
            """)
        let synced = try dav.ok(["sync"], at: "2026-11-23T09:00")
        #expect(synced.contains("received 4 changes"), "\(synced)")
        let tasks = try dav.tasks(at: "2026-11-23T09:00")
        #expect(tasks["Gym"]?["status"]?.stringValue == "done")
        #expect(tasks["Gym"]?["tags"] == .array(["health"]))
        #expect(tasks["Read two books"]?["slot"]?.stringValue == "evening")
        #expect(tasks["Read a book"] == nil)
        #expect(tasks["Swim"] == nil)
        #expect(tasks["Buy milk"]?["date"]?.stringValue == "2026-11-26")
        #expect(tasks["Buy milk"]?["slot"]?.stringValue == "morning")
        // Nothing more to do either way.
        let again = try dav.ok(["sync"], at: "2026-11-23T09:01")
        #expect(again.contains("sent 0 changes, received 0 changes"), "\(again)")
        // What shade changes goes out.
        try dav.ok(["edit", String(tasks["Buy milk"]?["id"]?.intValue ?? 0), "Buy oat milk"], at: "2026-11-23T09:02")
        try dav.ok(["sync"], at: "2026-11-23T09:03")
        let titles = try dav.phone("print(sorted(str(t.icalendar_component.get('summary')) for t in todos()))")
        #expect(titles.contains("Buy oat milk"), "\(titles)")
        let status = try JSONParser.parse(
            Array(try dav.ok(["caldav", "status", "--json"], at: "2026-11-23T09:04").utf8))
        #expect(status.objectValue?["last_error"] == .null)
        #expect(status.objectValue?["last_sync"]?.stringValue == "2026-11-23T09:03:00+00:00")
    }

    /// Both sides change the same title after the last sync: the later change wins on both, and
    /// the other is in `conflicts`.
    @Test(arguments: [true, false])
    func bothChangeTheSameTitleAndTheLaterWins(phoneLater: Bool) throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Gym"], at: "2026-11-23T08:00")
        try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:01")
        try dav.ok(["sync"], at: "2026-11-23T08:02")
        let phoneHour = phoneLater ? 10 : 9
        try dav.ok(["edit", "1", "Gym at 7"], at: "2026-11-23T10:00")
        try dav.phone(
            """
            gym = find("Gym")
            gym.icalendar_component["summary"] = "Gym at 8"
            gym.icalendar_component.pop("last-modified", None)
            gym.icalendar_component.add("last-modified", datetime.datetime(2026, 11, 23, \(phoneHour), 30, tzinfo=datetime.timezone.utc))
            gym.save()
            """)
        let synced = try dav.ok(["sync"], at: "2026-11-23T11:00")
        #expect(synced.contains("1 conflict"), "\(synced)")
        let kept = phoneLater ? "Gym at 8" : "Gym at 7"
        let lost = phoneLater ? "Gym at 7" : "Gym at 8"
        #expect(try dav.tasks(at: "2026-11-23T11:00")[kept] != nil)
        let onPhone = try dav.phone("print(find('\(kept)').icalendar_component.get('summary'))")
        #expect(onPhone.contains(kept))
        let conflicts = try JSONParser.parse(Array(try dav.ok(["conflicts", "--json"], at: "2026-11-23T11:01").utf8))
        let entry = conflicts.objectValue?["conflicts"]?.arrayValue?.first?.objectValue
        #expect(entry?["field"]?.stringValue == "title")
        #expect(entry?["lost"]?.stringValue == lost)
        #expect(entry?["kept"]?.stringValue == kept)
    }

    /// The server stops: the sync says so in one line and exits 1, nothing is lost, and the next
    /// sync, with the server back, completes.
    @Test func aServerThatIsDownLosesNothing() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Gym"], at: "2026-11-23T08:00")
        try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:01")
        try dav.ok(["sync"], at: "2026-11-23T08:02")
        dav.stop()
        try dav.ok(["add", "tue", "Read"], at: "2026-11-23T08:03")
        let failed = try dav.run(["sync"], at: "2026-11-23T08:04")
        #expect(failed.status == 1)
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("could not reach"), "\(failed.stderr)")
        #expect(!failed.stderr.contains(dav.password))
        let status = try JSONParser.parse(
            Array(try dav.ok(["caldav", "status", "--json"], at: "2026-11-23T08:05").utf8))
        #expect(status.objectValue?["last_error"]?.stringValue?.contains("could not reach") == true)
        #expect(try dav.tasks(at: "2026-11-23T08:05").keys.sorted() == ["Gym", "Read"])
        try dav.start()
        try dav.ok(["sync"], at: "2026-11-23T08:06")
        let titles = try dav.phone("print(sorted(str(t.icalendar_component.get('summary')) for t in todos()))")
        #expect(titles.contains("Read"), "\(titles)")
        let mended = try JSONParser.parse(
            Array(try dav.ok(["caldav", "status", "--json"], at: "2026-11-23T08:07").utf8))
        #expect(mended.objectValue?["last_error"] == .null)
    }

    /// The password is read from the environment or a 0600 file, and is in no file of the store
    /// and in no output.
    @Test func thePasswordIsNeverKeptOrShown() throws {
        let dav = try CalDAVFixture()
        dav.shade.environment["SHADE_CALDAV_PASSWORD"] = nil
        try dav.ok(["add", "mon", "Gym"], at: "2026-11-23T08:00")
        let none = try dav.run(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:01")
        #expect(none.status == 1)
        #expect(none.stderr.contains("SHADE_CALDAV_PASSWORD"))
        let file = dav.shade.root + "/caldav-password"
        try dav.password.write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        try FileManager.default.createDirectory(
            atPath: dav.shade.root + "/config/shade", withIntermediateDirectories: true)
        try "{\"caldav\": {\"password_file\": \"\(file)\"}}\n".write(
            toFile: dav.shade.root + "/config/shade/config.json", atomically: true, encoding: .utf8)
        let open = try dav.run(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:02")
        #expect(open.status == 1)
        #expect(open.stderr.contains("chmod 600"))
        chmod(file, 0o600)
        var output = try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:03")
        output += try dav.ok(["sync"], at: "2026-11-23T08:04")
        output += try dav.ok(["caldav", "status", "--json"], at: "2026-11-23T08:05")
        #expect(!output.contains(dav.password))
        let wrong = try dav.shade.run(
            ["sync"], environment: ["SHADE_NOW": "2026-11-23T08:06", "SHADE_CALDAV_PASSWORD": "not-it"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("401"), "\(wrong.stderr)")
        let files = FileManager.default.enumerator(atPath: dav.shade.store)
        while let name = files?.nextObject() as? String {
            let data = FileManager.default.contents(atPath: dav.shade.store + "/" + name) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains(dav.password), "\(name) holds the password")
        }
        // A URL with a password in it is refused: the password never goes into the link.
        let inURL = try dav.run(
            ["caldav", "init", "http://ana:\(dav.password)@127.0.0.1:\(dav.port)/ana/tasks/"], at: "2026-11-23T08:07")
        #expect(inURL.status == 1)
        #expect(!inURL.stderr.contains(dav.password))
        try dav.ok(["caldav", "off"], at: "2026-11-23T08:08")
        let off = try JSONParser.parse(Array(try dav.ok(["caldav", "status", "--json"], at: "2026-11-23T08:09").utf8))
        #expect(off.objectValue?["url"] == .null)
    }
}
