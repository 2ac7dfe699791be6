import ShadeCore
import ShadeHost
import ShadeRendering

/// What an open REPL prints above its prompt while it waits: each reminder that came due since it
/// last looked (at most once a minute, as reminders fall on whole minutes). It only shows them:
/// sending them to the desktop, once, is `remind --due`'s.
final class ReminderWatch {
    private let session: Session
    private var lastLook: LocalDateTime?

    init(session: Session) {
        self.session = session
        lastLook = (try? session.now()).map(LocalDateTime.init)
    }

    /// The lines for the reminders that came due since the last look, or nil when none did.
    func look() -> SafeText? {
        guard let now = try? session.now() else { return nil }
        let minute = LocalDateTime(now)
        guard let last = lastLook, minute > last else {
            lastLook = minute
            return nil
        }
        lastLook = minute
        // After a sleep of the machine, what came due over 12 hours ago is not news any more.
        let since = max(last, minute.adding(minutes: -ReminderAgenda.lateLimit))
        let dates = ReminderAgenda.taskDates(dueFrom: since.adding(minutes: 1), through: minute)
        guard let tasks = try? session.read({ try $0.tasks(from: dates.first, through: dates.last) }) else {
            return nil
        }
        let alerts = ReminderAgenda.cameDue(
            ReminderAgenda.alerts(for: tasks, schedule: session.schedule), after: since, now: minute)
        guard !alerts.isEmpty else { return nil }
        let style = Style(
            enabled: session.colorMode.isEnabled(
                terminalInvitesColor: Terminal.invitesColor(session.environment, stdoutIsTerminal: true)))
        return ReminderList.notices(alerts, now: minute, schedule: session.schedule, style: style)
    }
}
