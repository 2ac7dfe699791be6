import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeRendering

/// The reminder views: what `remind --due` did, `remind install`'s lines, and the REPL's notices,
/// pinned as they are printed (the delivery views in `Golden/`).
@Suite struct ReminderViewTests {
    private static func alert(
        _ id: Int, _ title: String, _ date: String, _ slot: Slot, time: String? = nil, remind: String
    ) throws -> ReminderAlert {
        let task = PlannerTask(
            id: id, uid: "u\(id)", title: title, date: CivilDate.fixture(date), slot: slot,
            time: time.flatMap { TimeOfDay(parsing: $0) }, remind: Reminders(parsing: remind), created: "c")
        return try #require(ReminderAlert.alerts(of: task, schedule: .standard).first)
    }

    /// A reminder 15 minutes before a morning task at 09:00, and one at the start of an evening
    /// whose title holds a terminal control.
    private static func alerts() throws -> (call: ReminderAlert, old: ReminderAlert) {
        (
            try alert(4, "Call Ana", "2026-11-23", .morning, time: "09:00", remind: "15m"),
            try alert(7, "Old \u{1B}[31mred", "2026-11-22", .evening, remind: "slot")
        )
    }

    @Test func aRunSaysWhatItSentAndMarkedMissed() throws {
        let (call, old) = try Self.alerts()
        let report = ReminderDeliveryReport(
            dryRun: false, sent: [call], missed: [old], failed: [], sentAt: "2026-11-23T08:45:00Z")
        try RecordedText.check(report.text(), "reminder-delivery")
    }

    @Test func aDryRunSaysWhatItWouldDo() throws {
        let (call, old) = try Self.alerts()
        let report = ReminderDeliveryReport(dryRun: true, sent: [call], missed: [old], failed: [], sentAt: "now")
        try RecordedText.check(report.text(), "reminder-delivery-dry-run")
        try RecordedText.check(report.json(), "reminder-delivery-dry-run-json")
    }

    @Test func aRunWithNothingToDoSaysSoAndOneWithOnlyFailuresSaysNothing() throws {
        let (call, _) = try Self.alerts()
        #expect(
            ReminderDeliveryReport(dryRun: false, sent: [], missed: [], failed: [], sentAt: "").text()
                == "no reminder is due\n")
        #expect(ReminderDeliveryReport(dryRun: false, sent: [], missed: [], failed: [call], sentAt: "").text().isEmpty)
    }

    @Test func aRunAsJSONListsSentMissedAndFailedWithTheirStates() throws {
        let (call, old) = try Self.alerts()
        let report = ReminderDeliveryReport(
            dryRun: false, sent: [call], missed: [], failed: [old], sentAt: "2026-11-23T08:45:00Z")
        try RecordedText.check(report.json(), "reminder-delivery-json")
    }

    @Test func installSaysWhatItWroteAndWhetherTheTimerIsOn() {
        #expect(
            ReminderInstallReport.unitFiles([("a.service", "[Unit]\n"), ("a.timer", "[Timer]\n")], in: "/u").text
                == "# /u/a.service\n[Unit]\n\n# /u/a.timer\n[Timer]\n")
        #expect(
            ReminderInstallReport.written(["a.service", "a.timer"], in: "/u")
                == "wrote /u/a.service\nwrote /u/a.timer\n")
        #expect(
            ReminderInstallReport.notEnabled(timer: "t.timer").text
                == "no user systemd is running here, so the timer is not enabled yet; in a session that has one:\n  systemctl --user daemon-reload && systemctl --user enable --now t.timer"
        )
        #expect(
            ReminderInstallReport.enabled(
                timer: "t.timer", doing: "reminders are sent every 5 minutes and at each slot's start")
                == "enabled t.timer: reminders are sent every 5 minutes and at each slot's start")
    }

    @Test func theREPLShowsEachReminderThatCameDueOnALineOfItsOwn() throws {
        let (call, _) = try Self.alerts()
        let now = try #require(LocalDateTime(parsing: "2026-11-23T08:45"))
        #expect(
            ReminderList.notices([call], now: now, schedule: .standard, style: .plain)
                == "reminder: 4 Call Ana · Mon 23 Nov · morning · 09:00 — starts in 15 min\n")
    }
}
