/// The rules of reminders (SPEC §7): which are due now, which are too late to send, and what
/// each reminder's state is. Values in, values out: the clock, the tasks and the ledger are given.
public enum ReminderAgenda {
    /// A reminder found more than this many minutes after its moment is marked missed, not sent.
    public static let lateLimit = 12 * 60
    /// How far back `remind --due` settles reminders (later ones have no task it reads).
    public static let lookBack = 7 * 1440

    /// The state of one reminder.
    public enum State: Hashable, Sendable {
        /// Its moment has not come.
        case pending
        /// Its moment has come, within the late limit, and it was not sent yet.
        case due
        /// Sent (when).
        case sent(String)
        /// Too late, or marked so.
        case missed
    }

    /// What `remind --due` does with a reminder.
    public enum Action: Hashable, Sendable {
        case send
        case markMissed
    }

    /// The days whose tasks can have a reminder due from `first` through `last`: a reminder goes
    /// off at most `Reminder.longestLead` before its task's day starts.
    public static func taskDates(dueFrom first: LocalDateTime, through last: LocalDateTime) -> (
        first: CivilDate, last: CivilDate
    ) {
        (first.date, last.date.adding(days: Reminder.longestLead / 1440 + 1))
    }

    /// The reminders of the open tasks among `tasks`, by moment, then by id.
    public static func alerts(for tasks: [PlannerTask], schedule: SlotSchedule) -> [ReminderAlert] {
        tasks.filter { $0.status == .open }.flatMap { ReminderAlert.alerts(of: $0, schedule: schedule) }
            .sorted { ($0.due, $0.task.id, $0.task.uid) < ($1.due, $1.task.id, $1.task.uid) }
    }

    /// The state of a reminder at `now`.
    public static func state(of alert: ReminderAlert, ledger: ReminderLedger, now: LocalDateTime) -> State {
        if let entry = ledger.entry(uid: alert.task.uid, due: alert.due) {
            return entry.outcome == .sent ? .sent(entry.settled) : .missed
        }
        if alert.due > now { return .pending }
        return now.minutes - alert.due.minutes > lateLimit ? .missed : .due
    }

    /// What `remind --due` does at `now`: sends every reminder whose moment has come and that was
    /// not settled, at most `lateLimit` minutes late; marks older unsettled ones missed, back to
    /// `lookBack` (as far as the ledger keeps its entries: an older one would be found unsettled
    /// at every run). In moment order.
    public static func settle(_ alerts: [ReminderAlert], ledger: ReminderLedger, now: LocalDateTime) -> [(
        alert: ReminderAlert, action: Action
    )] {
        let horizon = now.adding(minutes: -lookBack)
        return alerts.compactMap { alert in
            guard ledger.entry(uid: alert.task.uid, due: alert.due) == nil, alert.due <= now, alert.due >= horizon
            else { return nil }
            return (alert, state(of: alert, ledger: ledger, now: now) == .due ? .send : .markMissed)
        }
    }

    /// The reminders that came due in `(after, now]`: what an open REPL prints above its prompt.
    public static func cameDue(_ alerts: [ReminderAlert], after: LocalDateTime, now: LocalDateTime) -> [ReminderAlert] {
        alerts.filter { $0.due > after && $0.due <= now }
    }

    /// The title and body of a reminder's notification: the task's title exactly, and where and
    /// when it is, with how long until it starts.
    public static func notification(for alert: ReminderAlert, now: LocalDateTime, schedule: SlotSchedule) -> (
        title: String, body: String
    ) {
        let minutes = alert.start(schedule: schedule).minutes - now.minutes
        let when =
            minutes > 0
            ? "starts in \(Reminder.duration(minutes))"
            : minutes == 0 ? "starts now" : "started \(Reminder.duration(-minutes)) ago"
        return (alert.task.title, "\(alert.task.placement) — \(when)")
    }
}
