import ShadeCore
import ShadeTestSupport
import Testing

/// The reminder rules: what `remind:` takes, when each reminder goes off, and what `remind --due`
/// does with it at a given moment.
@Suite struct ReminderTests {
    static let schedule = SlotSchedule.standard
    static let monday = CivilDate.fixture("2026-11-23")

    static func task(
        _ id: Int, on date: CivilDate = monday, _ slot: Slot = .morning, at time: String? = nil, remind: String?,
        status: TaskStatus = .open
    ) -> PlannerTask {
        PlannerTask(
            id: id, uid: "uid-\(id)", title: "Task \(id)", date: date, slot: slot,
            time: time.flatMap { TimeOfDay(parsing: $0) }, status: status,
            remind: remind.flatMap { Reminders(parsing: $0) }, created: "2026-11-20T08:00:00+00:00")
    }

    static func minute(_ text: String) -> LocalDateTime { LocalDateTime(Moment.fixture(text)) }

    @Test(arguments: [
        ("15m", "15m"), ("1h", "1h"), ("2h30m", "2h30m"), ("90m", "1h30m"), ("1d", "1d"), ("0m", "0m"),
        ("1d2h5m", "1d2h5m"), ("7d", "7d"), ("07:45", "07:45"), ("slot", "slot"), ("SLOT", "slot"), ("2H", "2h"),
    ])
    func whenIsReadAndWrittenBack(text: String, written: String) {
        #expect(Reminder(parsing: text)?.description == written)
    }

    @Test(arguments: [
        ("1d,15m", "1d,15m", 2), ("15m,15m,1h", "15m,1h", 2), ("slot,07:45,1d,2h,0m", "slot,07:45,1d,2h,0m", 5),
        ("1D,SLOT", "1d,slot", 2),
    ])
    func severalAreReadInTheOrderWrittenWithoutRepeats(text: String, written: String, count: Int) {
        let reminders = Reminders(parsing: text)
        #expect(reminders?.description == written)
        #expect(reminders?.rules.count == count)
    }

    @Test(arguments: ["1d,", ",15m", "1d,,15m", "1d,soon", "1m,2m,3m,4m,5m,6m", "15m;1h"])
    func aListWithAnEmptyOrBadPartOrASixthIsNoReminders(text: String) {
        #expect(Reminders(parsing: text) == nil)
    }

    @Test func eachRuleIsAnAlertAndRulesGivingTheSameMomentAreOne() throws {
        var task = Self.task(1, at: "10:00", remind: "1h,09:00,15m")
        #expect(
            ReminderAlert.alerts(of: task, schedule: Self.schedule).map(\.due.description) == [
                "2026-11-23T09:00", "2026-11-23T09:45",
            ])
        task.remind = nil
        #expect(ReminderAlert.alerts(of: task, schedule: Self.schedule).isEmpty)
    }

    @Test(arguments: ["", "soon", "15", "m", "30m2h", "1h1h", "8d", "24:00", "7:45", "-5m", "1.5h", "1 h", "9999999m"])
    func anythingElseIsNoReminder(text: String) {
        #expect(Reminder(parsing: text) == nil)
    }

    @Test func aReminderGoesOffBeforeTheTimeOrTheSlotAtAGivenTimeOrAtTheSlotsStart() {
        let cases: [(Reminder, Slot, String?, String)] = [
            (.before(minutes: 15), .morning, "10:00", "2026-11-23T09:45"),
            (.before(minutes: 15), .afternoon, nil, "2026-11-23T11:45"),
            (.before(minutes: 7 * 60), .morning, "06:30", "2026-11-22T23:30"),
            (.before(minutes: 1440), .evening, "19:00", "2026-11-22T19:00"),
            (.at(TimeOfDay(minutes: 8 * 60) ?? .midnight), .evening, "19:00", "2026-11-23T08:00"),
            (.slotStart, .evening, "19:00", "2026-11-23T18:00"),
        ]
        for (reminder, slot, time, expected) in cases {
            let moment = reminder.moment(
                date: Self.monday, slot: slot, time: time.flatMap { TimeOfDay(parsing: $0) }, schedule: Self.schedule)
            #expect(moment.description == expected, "\(reminder) \(slot)")
        }
    }

    @Test func aMinuteCrossesMidnightsYearsAndTheEpochBothWays() {
        #expect(Self.minute("2026-12-31T23:50").adding(minutes: 15).description == "2027-01-01T00:05")
        #expect(Self.minute("1970-01-01T00:10").adding(minutes: -20).description == "1969-12-31T23:50")
        #expect(Self.minute("2028-03-01T00:00").adding(minutes: -1).description == "2028-02-29T23:59")
    }

    @Test func dueRemindersAreSentAndOnesOverTwelveHoursLateAreMarkedMissed() {
        let tasks = [
            Self.task(1, at: "10:00", remind: "15m"),  // 09:45
            Self.task(2, on: Self.monday.adding(days: -1), .evening, remind: "slot"),  // Sun 18:00
            Self.task(3, .afternoon, remind: "slot"),  // 12:00, not yet
            Self.task(4, at: "09:00", remind: "15m", status: .done),  // done: never reminds
            Self.task(5, remind: nil),
            // Sun 21:31: 12 hours exactly before the run below, still sent.
            Self.task(6, on: Self.monday.adding(days: -1), .evening, at: "21:31", remind: "0m"),
        ]
        let alerts = ReminderAgenda.alerts(for: tasks, schedule: Self.schedule)
        #expect(alerts.map(\.task.id) == [2, 6, 1, 3])
        let now = Self.minute("2026-11-23T09:31")
        let settled = ReminderAgenda.settle(alerts, ledger: ReminderLedger(), now: now)
        #expect(settled.map(\.alert.task.id) == [2, 6])
        #expect(settled.map(\.action) == [.markMissed, .send])
        // Once settled, a reminder is not settled again.
        var ledger = ReminderLedger()
        for (alert, action) in settled {
            ledger.record(
                .init(uid: alert.task.uid, due: alert.due, outcome: action == .send ? .sent : .missed, settled: "t"))
        }
        let later = ReminderAgenda.settle(alerts, ledger: ledger, now: Self.minute("2026-11-23T09:45"))
        #expect(later.map(\.alert.task.id) == [1])
        #expect(ReminderAgenda.state(of: alerts[0], ledger: ledger, now: now) == .missed)
        #expect(ReminderAgenda.state(of: alerts[1], ledger: ledger, now: now) == .sent("t"))
        #expect(ReminderAgenda.state(of: alerts[3], ledger: ledger, now: now) == .pending)
    }

    @Test func aReminderOlderThanTheLedgerKeepsIsLeftAloneRatherThanMarkedMissedAtEveryRun() {
        // A week-long lead: the task is inside the days a run reads, its moment before the horizon.
        let task = Self.task(1, on: Self.monday, at: "10:00", remind: "7d")
        let alerts = ReminderAgenda.alerts(for: [task], schedule: Self.schedule)
        let now = Self.minute("2026-11-23T10:01")
        #expect(alerts.first?.due == Self.minute("2026-11-16T10:00"))
        #expect(ReminderAgenda.settle(alerts, ledger: ReminderLedger(), now: now).isEmpty)
        #expect(
            ReminderAgenda.settle(alerts, ledger: ReminderLedger(), now: Self.minute("2026-11-23T09:59")).count == 1)
    }

    @Test func aMovedTaskOrAChangedReminderIsANewReminder() throws {
        var ledger = ReminderLedger()
        let task = Self.task(1, at: "10:00", remind: "15m")
        let alert = try #require(ReminderAlert.alerts(of: task, schedule: Self.schedule).first)
        ledger.record(.init(uid: task.uid, due: alert.due, outcome: .sent, settled: "t"))
        var moved = task
        moved.time = TimeOfDay(parsing: "11:00")
        let alerts = ReminderAgenda.alerts(for: [moved], schedule: Self.schedule)
        #expect(ReminderAgenda.settle(alerts, ledger: ledger, now: Self.minute("2026-11-23T10:45")).count == 1)
    }

    @Test func theREPLShowsWhatCameDueSinceItLastLooked() {
        let alerts = ReminderAgenda.alerts(
            for: [Self.task(1, at: "10:00", remind: "15m"), Self.task(2, at: "10:00", remind: "10m")],
            schedule: Self.schedule)
        let shown = ReminderAgenda.cameDue(
            alerts, after: Self.minute("2026-11-23T09:44"), now: Self.minute("2026-11-23T09:49"))
        #expect(shown.map(\.task.id) == [1])
    }

    @Test func theLedgerKeepsOnlyWhatARunStillLooksAt() {
        var ledger = ReminderLedger()
        ledger.record(.init(uid: "a", due: Self.minute("2026-11-10T09:00"), outcome: .sent, settled: "t"))
        ledger.record(.init(uid: "b", due: Self.minute("2026-11-20T09:00"), outcome: .missed, settled: "t"))
        let kept = ledger.keeping(dueFrom: Self.minute("2026-11-16T09:00"))
        #expect(kept.entries.map(\.uid) == ["b"])
    }

    @Test func theNotificationSaysWhereAndWhenTheTaskIs() throws {
        let alert = try #require(
            ReminderAlert.alerts(of: Self.task(1, at: "10:00", remind: "1h"), schedule: Self.schedule).first)
        let early = ReminderAgenda.notification(
            for: alert, now: Self.minute("2026-11-23T09:00"), schedule: Self.schedule)
        #expect(early.title == "Task 1")
        #expect(early.body == "Mon 23 Nov · morning · 10:00 — starts in 1 h")
        let late = ReminderAgenda.notification(
            for: alert, now: Self.minute("2026-11-23T10:05"), schedule: Self.schedule)
        #expect(late.body == "Mon 23 Nov · morning · 10:00 — started 5 min ago")
    }
}
