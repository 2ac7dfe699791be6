import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// The planner on a phone through CalDAV (SPEC §15): a Radicale server started by the test, and
/// Python's `caldav` client acting as the phone's task app.
@Suite struct CalDAVSyncTests {
    /// A week synced out, read back by the phone: every task, with its slot and tags, due on its
    /// own day (DUE, as a phone's task app shows and moves it).
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
                print(c.get("summary"), c.get("x-shade-slot"), c.get("due").dt, "dtstart" in c, ",".join(c.get("categories").cats) if c.get("categories") else "")
            """)
        #expect(
            seen.split(separator: "\n") == [
                "Gym morning 2026-11-23 False health", "Read a book evening 2026-11-24 False ",
                "Swim afternoon 2026-11-25 False ",
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
        try dav.linkAndSync()
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
        try dav.linkAndSync()
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

    /// What the list holds and shade cannot take (a VTODO repeating by a rule shade has none
    /// for, a title past the limits) is left alone, here and there: never read as a deletion.
    @Test func anItemShadeCannotTakeIsLeftAloneNotRemoved() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Buy milk"], at: "2026-11-23T08:00")
        try dav.ok(["add", "tue", "Call Bob"], at: "2026-11-23T08:00")
        try dav.linkAndSync()
        try dav.phone(
            """
            milk = find("Buy milk")
            milk.icalendar_component.add("rrule", {"freq": "monthly", "bymonthday": 15})
            milk.save()
            bob = find("Call Bob")
            bob.icalendar_component["summary"] = "x" * 20000
            bob.save()
            """)
        let synced = try dav.ok(["sync"], at: "2026-11-23T08:03")
        #expect(synced.contains("2 items of the list left alone"), "\(synced)")
        #expect(try dav.tasks(at: "2026-11-23T08:04").keys.sorted() == ["Buy milk", "Call Bob"])
        let left = try dav.phone("print(len(list(todos())))")
        #expect(left.contains("2"), "\(left)")
    }

    /// A phone that sends no LAST-MODIFIED: its edit arrives, with no false conflict, and a
    /// second edit of a task the phone made arrives the same way.
    @Test func anEditWithoutLastModifiedArrivesWithoutAConflict() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Gym"], at: "2026-11-23T08:00")
        try dav.linkAndSync()
        try dav.phone(
            """
            principal.calendar(cal_id="tasks").save_todo(summary="Phone made", uid="phone-made", dtstart=datetime.date(2026, 11, 24))
            for summary, title in [("Gym", "Gym at 7")]:
                todo = find(summary)
                todo.icalendar_component["summary"] = title
                todo.icalendar_component.pop("last-modified", None)
                todo.save()
            """)
        try dav.ok(["sync"], at: "2026-11-23T09:00")
        try dav.phone(
            """
            todo = find("Phone made")
            todo.icalendar_component["summary"] = "Phone made, edited"
            todo.icalendar_component.pop("last-modified", None)
            todo.save()
            """)
        try dav.ok(["sync"], at: "2026-11-23T10:00")
        let tasks = try dav.tasks(at: "2026-11-23T10:01")
        #expect(tasks.keys.sorted() == ["Gym at 7", "Phone made, edited"])
        let conflicts = try JSONParser.parse(Array(try dav.ok(["conflicts", "--json"], at: "2026-11-23T10:02").utf8))
        #expect(conflicts.objectValue?["conflicts"]?.arrayValue?.isEmpty == true, "\(conflicts)")
        let again = try dav.ok(["sync"], at: "2026-11-23T10:03")
        #expect(again.contains("sent 0 changes, received 0 changes"), "\(again)")
    }

    /// The phone deletes a task changed here since the last sync: the change is kept and sent
    /// again, and the removal is in `conflicts`, as a git sync has it.
    @Test func aDeletionOnThePhoneLosesToALaterChangeHere() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "mon", "Gym"], at: "2026-11-23T08:00")
        try dav.linkAndSync()
        try dav.phone("find('Gym').delete()")
        try dav.ok(["note", "1", "bring a towel"], at: "2026-11-23T09:00")
        try dav.ok(["sync"], at: "2026-11-23T09:01")
        #expect(try dav.tasks(at: "2026-11-23T09:02")["Gym"]?["notes"]?.stringValue == "bring a towel")
        let conflicts = try JSONParser.parse(Array(try dav.ok(["conflicts", "--json"], at: "2026-11-23T09:03").utf8))
        #expect(conflicts.objectValue?["conflicts"]?.arrayValue?.first?.objectValue?["field"]?.stringValue == "removed")
        try dav.ok(["sync"], at: "2026-11-23T09:04")
        let back = try dav.phone("print(find('Gym').icalendar_component.get('description'))")
        #expect(back.contains("bring a towel"), "\(back)")
    }

    /// The inbox and the phone (SPEC §16): a task the phone makes with no date arrives in the inbox
    /// and its edits follow it there; a date given on the phone plans it on that day; an inbox task
    /// made here goes out with no date, and one removed here leaves the list. A planned task the
    /// phone takes the date off stays on its day.
    @Test func anUndatedPhoneTaskIsAnInboxTaskBothWays() throws {
        let dav = try CalDAVFixture()
        try dav.ok(["add", "wed", "Dentist"], at: "2026-11-23T08:00")
        try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:01")
        try dav.phone("principal.calendar(cal_id='tasks').save_todo(summary='Someday', uid='someday-1')")
        try dav.ok(["add", "someday", "Paint the fence", "+home"], at: "2026-11-23T08:01")
        try dav.ok(["sync"], at: "2026-11-23T08:02")
        func inbox(_ now: String) throws -> [String] {
            let value = try JSONParser.parse(Array(try dav.ok(["inbox", "--json"], at: now).utf8))
            return (value.objectValue?["tasks"]?.arrayValue ?? []).compactMap { $0.objectValue?.string("title") }
        }
        #expect(try inbox("2026-11-23T08:03").sorted() == ["Paint the fence", "Someday"])
        #expect(try dav.tasks(at: "2026-11-23T08:03")["Someday"] == nil, "in no week")
        let undated = try dav.phone(
            """
            for todo in todos():
                c = todo.icalendar_component
                print(c.get("summary"), "due" in c or "dtstart" in c)
            """)
        #expect(undated.contains("Paint the fence False"), "\(undated)")
        #expect(undated.contains("Dentist True"), "\(undated)")
        // Edited on the phone, still undated: the inbox task changes.
        try dav.phone(
            """
            todo = find("Someday")
            todo.icalendar_component["summary"] = "Someday soon"
            todo.save()
            dentist = find("Dentist")
            for key in ("dtstart", "due"):
                if dentist.icalendar_component.get(key) is not None:
                    del dentist.icalendar_component[key]
            dentist.icalendar_component["summary"] = "Dentist at four"
            dentist.save()
            """)
        try dav.ok(["sync"], at: "2026-11-24T08:00")
        #expect(try inbox("2026-11-24T08:01").sorted() == ["Paint the fence", "Someday soon"])
        #expect(try dav.tasks(at: "2026-11-24T08:01")["Dentist at four"]?.string("date") == "2026-11-25")
        // A date given on the phone plans it there, under the id it had in the inbox.
        let id = try #require(
            try JSONParser.parse(Array(try dav.ok(["inbox", "--json"], at: "2026-11-24T08:02").utf8)).objectValue?[
                "tasks"]?.arrayValue?.compactMap(\.objectValue).first { $0.string("title") == "Someday soon" }?.int(
                    "id"))
        try dav.phone(
            """
            todo = find("Someday soon")
            todo.icalendar_component.add("due", datetime.date(2026, 11, 27))
            todo.save()
            """)
        try dav.ok(["sync"], at: "2026-11-24T09:00")
        #expect(try inbox("2026-11-24T09:01") == ["Paint the fence"])
        let planned = try dav.tasks(at: "2026-11-24T09:01")["Someday soon"]
        #expect(planned?.string("date") == "2026-11-27" && planned?.int("id") == id)
        // Removed here: it leaves the list.
        let fence = try #require(
            try JSONParser.parse(Array(try dav.ok(["inbox", "--json"], at: "2026-11-24T09:02").utf8)).objectValue?[
                "tasks"]?.arrayValue?.first?.objectValue?.int("id"))
        try dav.ok(["rm", String(fence)], at: "2026-11-24T09:03")
        try dav.ok(["sync"], at: "2026-11-24T09:04")
        let left = try dav.phone("print(sorted(str(t.icalendar_component.get('summary')) for t in todos()))")
        #expect(!left.contains("Paint the fence"), "\(left)")
        let settled = try dav.ok(["sync"], at: "2026-11-24T09:05")
        #expect(settled.contains("sent 0 changes, received 0 changes"), "\(settled)")
        #expect(try dav.ok(["check"], at: "2026-11-24T09:06").contains("no problems"))
    }

    /// A server that redirects elsewhere is not followed: the password never goes there.
    @Test func aRedirectIsNotFollowed() throws {
        let dav = try CalDAVFixture()
        let root = dav.shade.root
        let script = """
            import http.server, socketserver, sys, threading
            class Elsewhere(http.server.BaseHTTPRequestHandler):
                def do_REPORT(self):
                    open("\(root)/reached", "w").write(self.headers.get("Authorization") or "")
                    self.send_response(207); self.end_headers()
                do_PROPFIND = do_REPORT
                def log_message(self, *a): pass
            class Redirect(http.server.BaseHTTPRequestHandler):
                def do_REPORT(self):
                    self.send_response(302); self.send_header("Location", "http://127.0.0.1:%d/x/" % other.server_address[1]); self.end_headers()
                do_PROPFIND = do_REPORT
                def log_message(self, *a): pass
            other = socketserver.TCPServer(("127.0.0.1", 0), Elsewhere)
            first = socketserver.TCPServer(("127.0.0.1", 0), Redirect)
            open("\(root)/port", "w").write(str(first.server_address[1]))
            threading.Thread(target=other.serve_forever, daemon=True).start()
            threading.Timer(30, lambda: sys.exit(0)).start()
            first.timeout = 30
            first.handle_request(); first.handle_request()
            """
        try script.write(toFile: root + "/redirect.py", atomically: true, encoding: .utf8)
        _ = try ExternalCommand.run("/bin/sh", ["-c", "python3 '\(root)/redirect.py' </dev/null >/dev/null 2>&1 &"])
        var port = ""
        for _ in 0..<100 where port.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            port = (try? String(contentsOfFile: root + "/port", encoding: .utf8)) ?? ""
        }
        let refused = try dav.run(
            ["caldav", "init", "http://127.0.0.1:\(port)/ana/tasks/", "--user", "ana"], at: "2026-11-23T08:00")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("follows no redirect"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/reached"))
    }

    /// With auto on, a change reaches the phone with no sync typed, with no git remote at all.
    @Test func autoSyncReachesThePhoneWithoutGit() throws {
        let dav = try CalDAVFixture()
        defer {
            _ = try? ExternalCommand.run("/usr/bin/pkill", ["-f", "--", dav.shade.store + " sync-background"])
        }
        try dav.ok(["caldav", "init", dav.listURL, "--user", dav.user], at: "2026-11-23T08:00")
        try dav.ok(["sync", "auto", "on"], at: "2026-11-23T08:01")
        try dav.ok(["add", "tue", "Water the plants"], at: "2026-11-23T08:02")
        var titles = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !titles.contains("Water the plants") {
            Thread.sleep(forTimeInterval: 0.5)
            titles = try dav.phone("print(sorted(str(t.icalendar_component.get('summary')) for t in todos()))")
        }
        #expect(titles.contains("Water the plants"), "\(titles)")
    }
}
