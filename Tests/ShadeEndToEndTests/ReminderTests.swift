import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Reminders end to end: `remind:` on tasks and repeats, `remind --due` through a notification
/// command that records its arguments, `remind ls`, and the systemd units of `remind install`.
@Suite struct ReminderTests {
    /// A notification command that appends each call's arguments to a log, one per line, after
    /// their count; `fails` makes it exit 1 instead.
    static func recorder(in shade: ShadeProcess, fails: Bool = false) throws -> (command: String, log: String) {
        let command = shade.root + "/notify"
        let log = shade.root + "/notify.log"
        let script = "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" >> '\(log)'\n" + (fails ? "exit 1\n" : "")
        try InheritedDescriptors.writeExecutable(script, to: command)
        return (command, log)
    }

    /// The calls a recorder logged: each the list of its arguments.
    static func calls(_ log: String) -> [[String]] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var calls: [[String]] = []
        while let count = lines.first.flatMap({ Int($0) }) {
            calls.append(Array(lines[1...count]))
            lines.removeFirst(count + 1)
        }
        return calls
    }

    @Test func aDueReminderIsSentOnceWithTheTitleLiterallyAndALateOneIsMarkedMissed() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let (command, log) = try Self.recorder(in: shade)
        let hostile = "$(touch x); rm -rf y"
        try shade.run(["add", "mon", "Gym", "at:10:00", "remind:15m"])
        try shade.run(["add", "mon", "afternoon", hostile, "remind:slot"])
        try shade.run(["add", "2026-11-22", "evening", "Yesterday", "remind:slot"])
        try shade.run(["add", "wed", "Later", "remind:1d"])
        let environment = ["SHADE_NOTIFY_CMD": command]
        // 09:46: the gym's reminder (09:45) is sent; yesterday's (18:00, over 12 hours ago) is missed.
        let first = try shade.run(
            ["remind", "--due", "--json"], environment: environment.merging(["SHADE_NOW": "2026-11-23T09:46"]) { $1 })
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(try first.json().objectValue)
        #expect(report["sent"]?.arrayValue?.compactMap { $0.objectValue?.string("title") } == ["Gym"])
        #expect(report["missed"]?.arrayValue?.compactMap { $0.objectValue?.string("title") } == ["Yesterday"])
        #expect(Self.calls(log) == [["Gym", "Mon 23 Nov · morning · 10:00 — starts in 14 min"]])
        // Run again at once: nothing is sent twice.
        let again = try shade.run(
            ["remind", "--due"], environment: environment.merging(["SHADE_NOW": "2026-11-23T09:50"]) { $1 })
        #expect(again.stdout == "no reminder is due\n")
        #expect(Self.calls(log).count == 1)
        // At noon the hostile title goes out as one argument, exactly as typed, and no shell ran it.
        let noon = try shade.run(
            ["remind", "--due"], environment: environment.merging(["SHADE_NOW": "2026-11-23T12:00"]) { $1 })
        #expect(noon.status == 0)
        #expect(Self.calls(log).last == [hostile, "Mon 23 Nov · afternoon — starts now"])
        #expect(!FileManager.default.fileExists(atPath: shade.root + "/x"))
        #expect(!FileManager.default.fileExists(atPath: "x"))
        // remind ls tells each state; the ledger is this copy's own file, valid by the schema.
        let list = try shade.run(["remind", "ls", "--json"], environment: ["SHADE_NOW": "2026-11-23T12:30"])
        let states = try list.json().objectValue?["reminders"]?.arrayValue?.compactMap { entry -> String? in
            guard let object = entry.objectValue else { return nil }
            return "\(object.string("title") ?? "")=\(object.string("state") ?? "")"
        }
        #expect(states == ["Gym=sent", "\(hostile)=sent", "Later=pending"])
        #expect(shade.storeFile("reminders.json") != nil)
    }

    @Test func severalRemindersOfATaskAreEachSentOnceAtTheirOwnMoment() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let (command, log) = try Self.recorder(in: shade)
        try shade.run(["add", "wed", "afternoon", "Dentist", "at:16:30", "remind:1d,15m,1d"])
        let task = try #require(try shade.json(["show", "1"]).objectValue?["remind"]?.objectValue)
        #expect(task.string("when") == "1d,15m")
        #expect(task.string("at") == "2026-11-24T16:30")
        #expect(
            task["each"]?.arrayValue?.compactMap {
                $0.objectValue.map { "\($0.string("when") ?? "")@\($0.string("at") ?? "")" }
            }
                == ["1d@2026-11-24T16:30", "15m@2026-11-25T16:15"])
        // A sixth is one too many, and nothing changes.
        let six = try shade.run(["edit", "1", "remind:1d,2h,1h,30m,15m,5m"])
        #expect(six.status == 64)
        #expect(six.stderr.contains("at most 5"))
        #expect(try shade.json(["show", "1"]).objectValue?["remind"]?.objectValue?.string("when") == "1d,15m")
        let environment = ["SHADE_NOTIFY_CMD": command]
        // The day before: the first goes; run again and again, nothing more.
        for now in ["2026-11-24T16:31", "2026-11-24T17:00", "2026-11-25T16:00"] {
            let run = try shade.run(["remind", "--due"], environment: environment.merging(["SHADE_NOW": now]) { $1 })
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(Self.calls(log).map { $0[1] } == ["Wed 25 Nov · afternoon · 16:30 — starts in 23 h 59 min"])
        let states = try shade.run(["remind", "ls", "--json"], environment: ["SHADE_NOW": "2026-11-25T02:00"]).json()
            .objectValue?["reminders"]?.arrayValue?
            .compactMap { $0.objectValue.map { "\($0.string("remind") ?? "")=\($0.string("state") ?? "")" } }
        #expect(states == ["1d=sent", "15m=pending"])
        // A quarter of an hour before: the second, once.
        for now in ["2026-11-25T16:16", "2026-11-25T16:20"] {
            try shade.run(["remind", "--due"], environment: environment.merging(["SHADE_NOW": now]) { $1 })
        }
        #expect(
            Self.calls(log).map { $0[1] } == [
                "Wed 25 Nov · afternoon · 16:30 — starts in 23 h 59 min",
                "Wed 25 Nov · afternoon · 16:30 — starts in 14 min",
            ])
        // They travel in the store as written, and through iCalendar as two alarms and back.
        let ics = try shade.run(["export", "--format", "ics"])
        #expect(ics.stdout.components(separatedBy: "BEGIN:VALARM").count == 3)
        #expect(ics.stdout.contains("X-SHADE-REMIND:1d\\,15m") || ics.stdout.contains("X-SHADE-REMIND:1d,15m"))
    }

    @Test func aFailedDeliveryIsReportedAndTriedAgainByTheNextRun() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let failing = try Self.recorder(in: shade, fails: true)
        try shade.run(["add", "mon", "Gym", "at:10:00", "remind:15m"])
        let failed = try shade.run(
            ["remind", "--due"], environment: ["SHADE_NOTIFY_CMD": failing.command, "SHADE_NOW": "2026-11-23T09:45"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("1 reminder(s) not delivered"))
        #expect(failed.stderr.contains("exited with status 1"))
        let missing = try shade.run(
            ["remind", "--due"],
            environment: ["SHADE_NOTIFY_CMD": shade.root + "/no-such-command", "SHADE_NOW": "2026-11-23T09:46"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("was not found"))
        let working = try Self.recorder(in: shade)
        let sent = try shade.run(
            ["remind", "--due"], environment: ["SHADE_NOTIFY_CMD": working.command, "SHADE_NOW": "2026-11-23T09:47"])
        #expect(sent.status == 0, "\(sent.stderr)")
        // The failing command's call and the working one's (the same log); the missing one made none.
        #expect(Self.calls(working.log).map(\.first) == ["Gym", "Gym"])
    }

    @Test func aRepeatingTaskRemindsOnEachDayItsRuleReaches() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:00")
        let (command, log) = try Self.recorder(in: shade)
        try shade.run(["add", "mon", "morning", "Gym", "every:weekday", "at:7", "remind:15m"])
        let monday = try #require(try shade.json(["show", "1"]).objectValue)
        #expect(monday["remind"]?.objectValue?.string("when") == "15m")
        #expect(monday["remind"]?.objectValue?.string("at") == "2026-11-23T06:45")
        for now in ["2026-11-23T06:45", "2026-11-24T06:50", "2026-11-25T06:40"] {
            try shade.run(["remind", "--due"], environment: ["SHADE_NOTIFY_CMD": command, "SHADE_NOW": now])
        }
        // Monday's and Tuesday's are sent; Wednesday's moment (06:45) has not come at 06:40.
        #expect(
            Self.calls(log).map { $0[1] } == [
                "Mon 23 Nov · morning · 07:00 — starts in 15 min", "Tue 24 Nov · morning · 07:00 — starts in 10 min",
            ])
        // A reminder taken off one occurrence leaves the others; a done occurrence reminds no more.
        let list = try shade.json(["ls", "wed"]).objectValue?["tasks"]?.arrayValue
        let wednesday = try #require(list?.first?.objectValue?.int("id"))
        try shade.run(["edit", "\(wednesday)", "remind:none"])
        let thursday = try #require(
            try shade.json(["ls", "thu"]).objectValue?["tasks"]?.arrayValue?.first?.objectValue?.int("id"))
        try shade.run(["done", "\(thursday)"])
        let pending = try shade.json(["remind", "ls"]).objectValue?["reminders"]?.arrayValue?.compactMap {
            $0.objectValue?.string("date")
        }
        #expect(pending?.contains("2026-11-25") == false)
        #expect(pending?.contains("2026-11-26") == false)
        #expect(pending?.contains("2026-11-27") == true)
    }

    @Test func remindWordsAreCheckedAndAConfiguredDefaultAppliesToNewTasks() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let bad = try shade.run(["add", "Gym", "remind:soon"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("'remind:soon' is not a reminder"))
        for (word, at) in [("2h30m", "2026-11-23T15:30"), ("17:05", "2026-11-23T17:05"), ("slot", "2026-11-23T18:00")] {
            let task = try shade.json(["add", "mon", "Tea", "at:18:00", "remind:\(word)"]).objectValue
            #expect(task?["remind"]?.objectValue?.string("at") == at, "\(word)")
        }
        try FileManager.default.createDirectory(atPath: shade.root + "/config/shade", withIntermediateDirectories: true)
        try #"{"reminders": {"default": "1h"}}"#.write(
            toFile: shade.root + "/config/shade/config.json", atomically: true, encoding: .utf8)
        let defaulted = try shade.json(["add", "mon", "afternoon", "Call"]).objectValue
        #expect(defaulted?["remind"]?.objectValue?.string("when") == "1h")
        let none = try shade.json(["add", "mon", "afternoon", "Quiet", "remind:none"]).objectValue
        #expect(none?["remind"] == .null)
        // An undo of an edit of the reminder gives the old one back.
        let id = try #require(defaulted?.int("id"))
        try shade.run(["edit", "\(id)", "remind:slot"])
        try shade.run(["undo"])
        #expect(try shade.json(["show", "\(id)"]).objectValue?["remind"]?.objectValue?.string("when") == "1h")
    }

    @Test func installWritesUnitsThatSystemdAcceptsAndEnablesThemWhenAUserSystemdRuns() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let printed = try shade.run(["remind", "install", "--print"])
        #expect(printed.status == 0)
        let binary = URL(fileURLWithPath: ShadeProcess.binary).resolvingSymlinksInPath().path
        #expect(printed.stdout.contains("ExecStart=\"\(binary)\" remind --due"), "\(printed.stdout)")
        #expect(printed.stdout.contains("Environment=\"SHADE_STORE=\(shade.store)\""))
        #expect(printed.stdout.contains("Persistent=true"))
        #expect(printed.stdout.contains("OnCalendar=*-*-* 12:00:00"))
        #expect(!FileManager.default.fileExists(atPath: shade.root + "/config/systemd"))
        // No user systemd (no runtime directory): the files are written, and it says how to enable them.
        // A store path with what systemd would otherwise read as a variable, a specifier or a quote.
        let oddStore = shade.root + "/my $HOME 100% \"planner\""
        let written = try shade.run(["remind", "install", "--store", oddStore])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("no user systemd is running here"))
        let units = shade.root + "/config/systemd/user"
        let service = units + "/shade-remind.service"
        let timer = units + "/shade-remind.timer"
        #expect(FileManager.default.fileExists(atPath: service))
        #expect(FileManager.default.fileExists(atPath: timer))
        let serviceText = try String(contentsOfFile: service, encoding: .utf8)
        #expect(
            serviceText.contains(#"Environment="SHADE_STORE="# + shade.root + #"/my $HOME 100%% \"planner\"""#),
            "\(serviceText)")
        // systemd's own check, failing on anything it says.
        try UserSystemdStandIn.verify([service, timer], root: shade.root)
        // A user systemd that runs: systemctl is asked to reload and to enable the timer.
        let systemd = try UserSystemdStandIn(root: shade.root)
        let enabled = try shade.run(["remind", "install"], environment: systemd.environment)
        #expect(enabled.status == 0, "\(enabled.stderr)")
        #expect(enabled.stdout.contains("enabled shade-remind.timer"))
        let asked = try systemd.asked()
        #expect(asked == "--user daemon-reload\n--user enable --now shade-remind.timer\n")
    }
}

/// The default notification command for real: `notify-send` to a notification daemon (dunst) on a
/// private D-Bus session and a virtual X display, whose history shows what reached the desktop.
@Suite struct DesktopNotificationTests {
    @Test func theDefaultCommandPutsTheReminderOnTheDesktopWithTheTitleAsTyped() throws {
        let tools = ["/usr/bin/xvfb-run", "/usr/bin/dbus-run-session", "/usr/bin/dunst", "/usr/bin/dunstctl"]
        for tool in tools {
            #expect(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is needed (scripts/install-deps)")
        }
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        // A title that notify-send would take for options, were it not told where they end.
        try shade.run(["add", "mon", "at:10:00", "remind:15m", "--", "-u critical Gym"])
        let script = shade.root + "/desktop.sh"
        let text = """
            #!/bin/sh
            dunst >/dev/null 2>&1 &
            daemon=$!
            sleep 1
            SHADE_NOW=2026-11-23T09:46 '\(ShadeProcess.binary)' remind --due
            echo "exit $?"
            dunstctl close-all
            sleep 0.3
            dunstctl history
            kill $daemon
            """
        try InheritedDescriptors.writeExecutable(text, to: script)
        let said = try ExternalCommand.run(
            "/usr/bin/xvfb-run", ["-a", "/usr/bin/dbus-run-session", "--", script],
            environment: shade.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        ).output
        #expect(said.contains("sent 1 · Mon 23 Nov · morning · 10:00 · -u critical Gym"), "\(said)")
        #expect(said.contains("exit 0"), "\(said)")
        // dunstctl history: JSON with each notification's summary, body and sender.
        #expect(said.contains("\"data\" : \"-u critical Gym\""), "\(said)")
        #expect(said.contains("\"data\" : \"Mon 23 Nov · morning · 10:00 — starts in 14 min\""), "\(said)")
        #expect(said.contains("\"data\" : \"shade\""), "\(said)")
    }
}
