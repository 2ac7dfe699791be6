import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// `export` and `import` through the built binary: a round trip through every format, imports
/// that change nothing the second time, a bad record that imports nothing, `--dry-run`, one undo
/// step, and files written by other programs (Python's csv module, a hand-written todo.txt).
@Suite struct InterchangeTests {
    /// A planner holding the demo store (a quarter of history, repeating tasks, goals, templates).
    static func demo() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        try FileManager.default.copyItem(
            atPath: ShadeProcess.packageRoot.appendingPathComponent("data/demo-store").path, toPath: shade.store)
        return shade
    }

    /// Every task by uid, with its goal named by uid rather than this copy's number.
    static func tasksByUID(_ shade: ShadeProcess) throws -> [String: JSONObject] {
        let goals = try shade.json(["goals", "all"]).objectValue?["goals"]?.arrayValue ?? []
        var goalUID: [String: String] = [:]
        for goal in goals.compactMap(\.objectValue) {
            if let id = goal.string("id"), let uid = goal.string("uid") { goalUID[id] = uid }
        }
        var result: [String: JSONObject] = [:]
        for var task in try shade.allTasks() {
            if let goal = task.string("goal") { task["goal"] = .string(goalUID[goal] ?? "?") }
            result[task.string("uid") ?? ""] = task
        }
        return result
    }

    /// What each format cannot hold (besides the ids, which are each copy's own), as the
    /// fields of `ls --json` that may differ after a round trip through an empty planner. Who
    /// made and last changed a task (`created_by`, `modified_by`) is whoever imports it, in
    /// every format: an import is their change.
    static let cannotHold: [String: Set<String>] = [
        // shade's own: everything (ids too, into an empty planner).
        "json": ["created_by", "modified_by"],
        // No goals.
        "csv": ["id", "goal", "created_by", "modified_by"],
        // No goals, no carry history.
        "ics": ["id", "goal", "carried", "planned", "created_by", "modified_by"],
        // No notes, colours, goals, carry history; days for times (created, done).
        "todotxt": [
            "id", "notes", "color", "goal", "carried", "planned", "created", "modified", "done_at", "created_by",
            "modified_by",
        ],
        // No colours, reminders, goals, carry history; every-week-on-several-days rules are left
        // out (their occurrences come back as tasks of their own).
        "taskwarrior": [
            "id", "color", "remind", "goal", "carried", "planned", "series", "repeat", "modified", "created",
            "done_at", "created_by", "modified_by",
        ],
    ]

    @Test(arguments: ["json", "csv", "ics", "todotxt", "taskwarrior"])
    func roundTripThroughAnEmptyPlanner(format: String) throws {
        let source = try InterchangeTests.demo()
        let file = source.root + "/export." + format
        let exported = try source.run(["export", "--format", format, "-o", file])
        #expect(exported.status == 0, "\(exported.stderr)")
        let target = ShadeProcess(now: "2026-11-24T10:00")
        let imported = try target.json(["import", file])
        let before = try InterchangeTests.tasksByUID(source)
        let after = try InterchangeTests.tasksByUID(target)
        #expect(Set(after.keys) == Set(before.keys))
        // Taskwarrior keeps an occurrence that is as its series shows it as the series' own: it
        // comes back as the series' occurrence, not as a record.
        let added = imported.objectValue?["added"]?.arrayValue?.count ?? 0
        #expect(format == "taskwarrior" ? added <= before.count && added > 0 : added == before.count)
        var differing: Set<String> = []
        for (uid, task) in before {
            for key in task.keys where task[key] != after[uid]?[key] { differing.insert(key) }
        }
        let allowed = InterchangeTests.cannotHold[format] ?? []
        #expect(differing.isSubset(of: allowed), "\(format) lost \(differing.subtracting(allowed).sorted())")
        if format == "json" {
            // Repeating tasks, goals, categories and templates come back the same.
            for view in [["goals", "all"], ["templates"], ["cat"]] {
                var left = try source.json(view)
                var right = try target.json(view)
                if view == ["goals", "all"] {
                    left = InterchangeTests.sortedGoals(left)
                    right = InterchangeTests.sortedGoals(right)
                }
                #expect(left == right, "\(view)")
            }
        }
        // The second import changes nothing and records nothing.
        let again = try target.json(["import", file])
        #expect(again.objectValue?["added"]?.arrayValue?.isEmpty == true)
        #expect(again.objectValue?["updated"]?.arrayValue?.isEmpty == true)
        #expect(again.objectValue?["left"]?.arrayValue?.count == added)
        let log = try target.json(["log"]).objectValue?["changes"]?.arrayValue ?? []
        #expect(log.count == 1, "one import, one change")
        #expect(try target.run(["check"]).status == 0)
    }

    /// Goals without this copy's numbers, in uid order (numbers are local, like task ids).
    static func sortedGoals(_ value: JSONValue) -> JSONValue {
        let goals = (value.objectValue?["goals"]?.arrayValue ?? []).compactMap(\.objectValue).map { goal in
            var goal = goal
            goal["id"] = nil
            goal["tasks"] = nil
            // An import is a change of whoever imports: its records are stamped as theirs.
            goal["created_by"] = nil
            goal["modified_by"] = nil
            return goal
        }
        return .array(goals.sorted { ($0.string("uid") ?? "") < ($1.string("uid") ?? "") }.map(JSONValue.object))
    }

    @Test func anUpdatedFileUpdatesFieldByFieldAndDryRunChangesNothing() throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        try shade.run(["add", "tue", "morning", "Pay", "rent", "cat:bills"])
        try shade.run(["add", "wed", "evening", "Call", "Ana", "+family"])
        let file = shade.root + "/tasks.csv"
        #expect(try shade.run(["export", "--format", "csv", "-o", file]).status == 0)
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: ",Call Ana,open,", with: ",Call Ana,done,")
        text += "\r\n,2026-11-27,afternoon,,Buy a gift,open,,,,,,,,,,,,,,,,,,\r\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let before = try shade.allTasks()
        let dry = try shade.json(["import", "--dry-run", file]).objectValue
        let call = before.first { $0.string("title") == "Call Ana" }?.string("uid")
        #expect(dry?["updated"]?.arrayValue == [.string(call ?? "")])
        #expect(dry?["added"]?.arrayValue?.count == 1)
        #expect(dry?["left"]?.arrayValue?.count == 1)
        #expect(try shade.allTasks() == before, "--dry-run changes nothing")
        let result = try shade.run(["import", file])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1 task added, 1 updated, 1 left as they were"), "\(result.stdout)")
        let after = try shade.allTasks()
        #expect(after.first { $0.string("uid") == call }?.string("status") == "done")
        #expect(after.first { $0.string("title") == "Pay rent" }?.string("category") == "bills")
        // One undo takes the whole import back.
        let undo = try shade.run(["undo"])
        #expect(undo.status == 0)
        #expect(try shade.allTasks() == before)
    }

    @Test(arguments: [
        (
            "csv", "uid,date,slot,title,status\r\n,2026-11-24,morning,Fine,open\r\n,2026-11-25,noon,Bad slot,open\r\n",
            "line 3: 'noon' is not a slot"
        ),
        (
            "csv", "title,date\r\nFine,2026-11-24\r\n\"Two\r\nlines\",2026-11-24\r\nBad,2026-13-01\r\n",
            "line 5: '2026-13-01' is not a date"
        ),
        ("todotxt", "Fine task due:2026-11-24\nAnother due:2026-11-25 slot:dawn\n", "line 2: 'dawn' is not a slot"),
        (
            "taskwarrior",
            "[\n{\"uuid\":\"a1b2c3d4-0000-4000-8000-000000000001\",\"description\":\"ok\",\"status\":\"pending\"},\n{\"uuid\":\"a1b2c3d4-0000-4000-8000-000000000002\",\"description\":\"bad\",\"status\":\"sleeping\"}\n]\n",
            "line 3: 'sleeping' is not a Taskwarrior status"
        ),
        (
            "json", "{\"shade\": \"planner\", \"format\": 3, \"tasks\": [\n  {\"uid\": 5}\n]}\n",
            "line 2, column 3: tasks[0].id: missing"
        ),
        ("json", "{\"shade\": \"planner\",\n \"format\": 3,, \"tasks\": []}\n", "line 2, column 14"),
    ])
    func aBadRecordImportsNothingAndNamesItsLine(format: String, text: String, message: String) throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        let file = shade.root + "/bad." + format
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try shade.run(["import", "--format", format, file])
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was changed"))
        #expect(try shade.allTasks().isEmpty)
        #expect(try shade.json(["log"]).objectValue?["changes"]?.arrayValue?.isEmpty == true)
    }

    @Test func aCSVWrittenByPythonsCSVModule() throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        let file = shade.root + "/python.csv"
        let script = """
            import csv, sys
            with open(sys.argv[1], "w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(["title", "date", "time", "tags", "category", "notes", "status"])
                w.writerow(['Buy "good" bread, rye', "2026-11-24", "08:15", "+errand food", "Home", "", ""])
                w.writerow(["Write to Zoë 👋", "2026-11-25", "19:30", "", "", "line one\\nline two, with comma", "done"])
                w.writerow(["Plan the trip", "2026-11-26", "", "travel", "", "", "cancelled"])
                w.writerow(["Red \\x1b[31malert\\x07 \\u202eevil", "2026-11-26", "", "", "", "", ""])
            """
        let python = try ExternalCommand.run("/usr/bin/python3", ["-c", script, file])
        #expect(python.status == 0, "\(python.output)")
        let result = try shade.json(["import", file])
        #expect(result.objectValue?["added"]?.arrayValue?.count == 4)
        let tasks = try shade.allTasks()
        let bread = tasks.first { $0.string("title") == "Buy \"good\" bread, rye" }
        #expect(bread?.string("time") == "08:15")
        #expect(bread?.string("slot") == "morning")
        #expect(bread?["tags"] == ["errand", "food"])
        #expect(bread?.string("category") == "home")
        let zoe = tasks.first { $0.string("title") == "Write to Zoë 👋" }
        #expect(zoe?.string("slot") == "evening")
        #expect(zoe?.string("notes") == "line one\nline two, with comma")
        #expect(zoe?.string("status") == "done")
        #expect(tasks.first { $0.string("title") == "Plan the trip" }?.string("status") == "cancelled")
        // Text from a file is kept exactly (SPEC §13), and views show it escaped.
        #expect(tasks.contains { $0.string("title") == "Red \u{1B}[31malert\u{07} \u{202E}evil" })
        let shown = try shade.run(["ls", "2026-11-26"])
        #expect(shown.stdout.contains("Red \\e[31malert\\x07") && !shown.stdout.contains("\u{1B}"), "\(shown.stdout)")
        // Without uids in the file, the same rows are found again by what they hold.
        let again = try shade.json(["import", file]).objectValue
        #expect(again?["added"]?.arrayValue?.isEmpty == true)
        #expect(again?["left"]?.arrayValue?.count == 4)
    }

    @Test func aHandWrittenTodoTxt() throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        let file = shade.root + "/todo.txt"
        let text = """
            (A) 2026-11-20 Call Mom +family @home due:2026-11-24
            x 2026-11-23 2026-11-20 Pay the electricity bill @bills due:2026-11-23

            Buy milk +errand
            2026-11-21 Write the report +work @job due:2026-11-25 slot:afternoon at:14:30 see http://example.com
            2026-11-21 Water the plants due:2026-11-22 every:week
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try shade.json(["import", file])
        #expect(result.objectValue?["added"]?.arrayValue?.count == 3)
        let tasks = try shade.allTasks()
        let mom = tasks.first { $0.string("title") == "Call Mom" }
        #expect(mom?["favorite"] == .bool(true))
        #expect(mom?["tags"] == ["family"])
        #expect(mom?.string("category") == "home")
        #expect(mom?.string("date") == "2026-11-24")
        let bill = tasks.first { $0.string("title") == "Pay the electricity bill" }
        #expect(bill?.string("status") == "done")
        #expect(bill?.string("date") == "2026-11-23")
        // No due: is no day yet: the inbox.
        #expect(tasks.first { $0.string("title") == "Buy milk" } == nil)
        let inbox = try shade.json(["inbox"]).objectValue?["tasks"]?.arrayValue ?? []
        #expect(inbox.compactMap { $0.objectValue?.string("title") } == ["Buy milk"])
        let report = tasks.first { $0.string("title") == "Write the report see http://example.com" }
        #expect(report?.string("slot") == "afternoon")
        #expect(report?.string("time") == "14:30")
        let week = try shade.json(["ls", "2026-11-29"]).objectValue?["tasks"]?.arrayValue ?? []
        #expect(week.compactMap { $0.objectValue?.string("title") } == ["Water the plants"], "every:week repeats")
        let again = try shade.json(["import", file]).objectValue
        #expect(again?["added"]?.arrayValue?.isEmpty == true)
        #expect(again?["updated"]?.arrayValue?.isEmpty == true)
    }

    @Test func exportFiltersSelectTasks() throws {
        let shade = try InterchangeTests.demo()
        let result = try shade.run(["export", "--format", "csv", "2026-W48", "cat:work"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\r\n").dropFirst()
        let expected = try shade.json(["ls", "2026-W48", "cat:work"]).objectValue?["tasks"]?.arrayValue ?? []
        let stored = expected.compactMap(\.objectValue).filter { $0["series"] == nil || $0["series"] == .null }
        #expect(rows.count >= stored.count && !rows.isEmpty)
        #expect(rows.allSatisfy { $0.contains(",work,") }, "\(rows)")
    }

    @Test func anICSWrittenByPythonsIcalendarWithTimeZones() throws {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        let file = shade.root + "/calendar.ics"
        let script = """
            import sys, datetime, zoneinfo, icalendar
            cal = icalendar.Calendar()
            cal.add("prodid", "-//test//python icalendar//EN")
            cal.add("version", "2.0")
            ny = zoneinfo.ZoneInfo("America/New_York")
            e = icalendar.Event()
            e.add("uid", "meeting-1@example.com")
            e.add("summary", "Call with the New York office")
            e.add("dtstart", datetime.datetime(2026, 12, 1, 9, 0, tzinfo=ny))
            e.add("dtend", datetime.datetime(2026, 12, 1, 10, 0, tzinfo=ny))
            e.add("dtstamp", datetime.datetime(2026, 11, 20, 8, 0, tzinfo=datetime.timezone.utc))
            e.add("categories", ["Work Stuff", "calls"])
            e.add("description", "Agenda: budget, hiring\\nBring the numbers")
            cal.add_component(e)
            d = icalendar.Event()
            d.add("uid", "holiday-1@example.com")
            d.add("summary", "Day off")
            d.add("dtstart", datetime.date(2026, 12, 2))
            d.add("dtstamp", datetime.datetime(2026, 11, 20, 8, 0, tzinfo=datetime.timezone.utc))
            cal.add_component(d)
            r = icalendar.Event()
            r.add("uid", "yoga@example.com")
            r.add("summary", "Yoga")
            r.add("dtstart", datetime.datetime(2026, 11, 30, 18, 0, tzinfo=zoneinfo.ZoneInfo("Europe/Berlin")))
            r.add("rrule", {"freq": "weekly", "byday": ["MO", "WE"]})
            r.add("dtstamp", datetime.datetime(2026, 11, 20, 8, 0, tzinfo=datetime.timezone.utc))
            cal.add_component(r)
            t = icalendar.Todo()
            t.add("uid", "todo-1@example.com")
            t.add("summary", "Renew the passport")
            t.add("due", datetime.date(2026, 11, 27))
            t.add("status", "COMPLETED")
            t.add("completed", datetime.datetime(2026, 11, 23, 12, 0, tzinfo=datetime.timezone.utc))
            t.add("dtstamp", datetime.datetime(2026, 11, 20, 8, 0, tzinfo=datetime.timezone.utc))
            cal.add_component(t)
            cal.add_missing_timezones()
            open(sys.argv[1], "wb").write(cal.to_ical())
            """
        let python = try ExternalCommand.run("/usr/bin/env", ["python3", "-c", script, file])
        #expect(python.status == 0, "Python's icalendar (scripts/install-deps --tests): \(python.output)")
        let berlin = ["TZ": "Europe/Berlin"]
        let result = try shade.run(["import", file, "--json"], environment: berlin)
        #expect(result.status == 0, "\(result.stderr)")
        let tasks = try shade.json(["ls", "all"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        func task(_ title: String) -> JSONObject? { tasks.first { $0.string("title") == title } }
        // 09:00 in New York is 15:00 in Berlin: the afternoon.
        let call = task("Call with the New York office")
        #expect(call?.string("date") == "2026-12-01")
        #expect(call?.string("time") == "15:00")
        #expect(call?.string("slot") == "afternoon")
        #expect(call?["tags"] == ["Work-Stuff", "calls"])
        #expect(call?.string("notes") == "Agenda: budget, hiring\nBring the numbers")
        #expect(task("Day off")?.string("date") == "2026-12-02")
        #expect(task("Day off")?.string("time") == nil)
        #expect(task("Renew the passport")?.string("status") == "done")
        #expect(task("Renew the passport")?.string("date") == "2026-11-27")
        let yoga = tasks.filter { $0.string("title") == "Yoga" }
        #expect(yoga.map { $0.string("date") }.prefix(2) == ["2026-11-30", "2026-12-02"])
        #expect(yoga.first?.string("slot") == "evening")
        let again = try shade.run(["import", file, "--json"], environment: berlin)
        #expect(try again.json().objectValue?["added"]?.arrayValue?.isEmpty == true)
    }

    @Test func anExportedICSOpensInPythonsIcalendar() throws {
        let shade = try InterchangeTests.demo()
        let file = shade.root + "/planner.ics"
        #expect(try shade.run(["export", "--format", "ics", "-o", file]).status == 0)
        let script = """
            import sys, icalendar
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            todos = cal.walk("VTODO")
            print(len(todos))
            for t in todos:
                if "RRULE" in t: print("rrule", t["UID"], t["RRULE"].to_ical().decode())
            print(max(len(l) for l in open(sys.argv[1], "rb").read().split(b"\\r\\n")))
            """
        let python = try ExternalCommand.run("/usr/bin/env", ["python3", "-c", script, file])
        #expect(python.status == 0, "\(python.output)")
        let lines = python.output.split(separator: "\n")
        let stored = try shade.allTasks().filter { $0["series"] == nil || $0["series"] == .null }.count
        let occurrences = try shade.allTasks().count - stored
        #expect(Int(lines.first ?? "") ?? 0 >= stored + 3, "every task and repeating task is a VTODO")
        #expect(lines.filter { $0.hasPrefix("rrule") }.count == 3)
        #expect(Int(lines.last ?? "") ?? 99 <= 75, "lines folded at 75 octets")
        _ = occurrences
    }

    /// A repeating task's day taken out (`rm` of one occurrence) is an EXDATE of its VTODO, and
    /// stays out in the planner the file is imported into; a done occurrence comes back done.
    @Test func aDayTakenOutOfASeriesStaysOutThroughICalendar() throws {
        let source = ShadeProcess(now: "2026-11-23T08:00")
        #expect(try source.run(["add", "mon", "evening", "Run", "every:daily", "until:2026-11-29"]).status == 0)
        #expect(try source.run(["done", "2"]).status == 0)
        #expect(try source.run(["rm", "3"]).status == 0)
        let file = source.root + "/planner.ics"
        #expect(try source.run(["export", "--format", "ics", "-o", file]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("EXDATE;VALUE=DATE:20261125\r\n"), "\(text)")
        let target = ShadeProcess(now: "2026-11-23T09:00")
        let imported = try target.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        func days(_ shade: ShadeProcess) throws -> [String] {
            let week = try shade.json(["week", "2026-W48"])
            return (week.objectValue?["days"]?.arrayValue ?? []).flatMap { day in
                (day.objectValue?["slots"]?.arrayValue ?? []).flatMap { $0.objectValue?["tasks"]?.arrayValue ?? [] }
            }.compactMap(\.objectValue).map { "\($0.string("date") ?? "") \($0.string("status") ?? "")" }
        }
        #expect(try days(target) == days(source))
        #expect(try days(target).count == 6)
    }

    /// The richer rules (SPEC §16) travel as the RRULE that says the same, and come back as the
    /// same rule; Taskwarrior takes the ones it has a recurrence for.
    @Test(arguments: [
        ("3days", "FREQ=DAILY;INTERVAL=3"), ("2months", "FREQ=MONTHLY;INTERVAL=2"),
        ("2nd-fri", "FREQ=MONTHLY;BYDAY=2FR"), ("last-fri", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("month-end", "FREQ=MONTHLY;BYMONTHDAY=-1"),
    ])
    func aRicherRuleTravelsAsItsRRULE(rule: String, rrule: String) throws {
        let source = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try source.run(["add", "mon", "Review", "every:\(rule)"]).status == 0)
        let file = source.root + "/planner.ics"
        #expect(try source.run(["export", "--format", "ics", "-o", file]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("RRULE:\(rrule)\r\n"), "\(text)")
        let target = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try target.run(["import", file]).status == 0)
        func shown(_ shade: ShadeProcess) throws -> [String] {
            let weeks = (48...53).map { "2026-W\($0)" } + (1...6).map { "2027-W0\($0)" }
            return try weeks.flatMap { name -> [String] in
                let week = try shade.json(["week", name])
                return (week.objectValue?["days"]?.arrayValue ?? []).flatMap { day in
                    (day.objectValue?["slots"]?.arrayValue ?? []).flatMap { $0.objectValue?["tasks"]?.arrayValue ?? [] }
                }.compactMap(\.objectValue).map {
                    "\($0.string("date") ?? "") \($0["repeat"]?.objectValue?["every"]?.stringValue ?? "")"
                }
            }
        }
        let dates = try shown(source)
        #expect(try shown(target) == dates)
        #expect(dates.first?.hasSuffix(rule) == true, "\(dates)")
        #expect(dates.count >= 2, "\(dates)")
        let taskwarrior = try source.run(["export", "--format", "taskwarrior"]).stdout
        let expected = ["3days": "3days", "2months": "2months"][rule]
        #expect(taskwarrior.contains("\"recur\":\"\(expected ?? "")\"") == (expected != nil), "\(taskwarrior)")
    }
}
