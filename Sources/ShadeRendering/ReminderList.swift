import ShadeCore
import ShadeJSON

/// The views of reminders: `remind ls` as text and as JSON, and the lines the REPL shows for
/// reminders that came due (what `remind --due` did is `ReminderDeliveryReport`).
public enum ReminderList {
    /// One reminder with its state, as a view shows it.
    public struct Row: Sendable {
        /// The reminder.
        public let alert: ReminderAlert
        /// Its state at the time of the view.
        public let state: ReminderAgenda.State

        /// A reminder with its state.
        public init(alert: ReminderAlert, state: ReminderAgenda.State) {
            self.alert = alert
            self.state = state
        }
    }

    /// The word of a state: `pending`, `due`, `sent`, `missed`.
    public static func word(_ state: ReminderAgenda.State) -> String {
        switch state {
        case .pending: "pending"
        case .due: "due"
        case .sent: "sent"
        case .missed: "missed"
        }
    }

    /// The table of `remind ls`: state, moment, task id, title, rule.
    public static func render(_ rows: [Row], context: RenderContext) -> SafeText {
        let style = context.style
        let states = rows.map { SafeText(escaping: word($0.state)) }
        let moments = rows.map { row -> SafeText in
            RateFormat.shortDay(row.alert.due.date) + " \(row.alert.due.time)"
        }
        let ids = rows.map { SafeText("\($0.alert.task.id)") }
        let titles = rows.map { DisplayWidth.truncate(SafeText(escaping: $0.alert.task.title), to: 40) }
        let stateWidth = states.map { DisplayWidth.of($0) }.max() ?? 0
        let momentWidth = moments.map { DisplayWidth.of($0) }.max() ?? 0
        let idWidth = ids.map { DisplayWidth.of($0) }.max() ?? 0
        let titleWidth = titles.map { DisplayWidth.of($0) }.max() ?? 0
        var text = SafeText()
        for (index, row) in rows.enumerated() {
            var state = DisplayWidth.padRight(states[index], to: stateWidth)
            switch row.state {
            case .due: state = style.yellow(state)
            case .missed, .sent: state = style.dim(state)
            case .pending: break
            }
            text +=
                state + "  " + DisplayWidth.padRight(moments[index], to: momentWidth) + "  "
                + DisplayWidth.padLeft(ids[index], to: idWidth) + " "
                + DisplayWidth.padRight(titles[index], to: titleWidth) + "  "
                + style.dim("\(row.alert.reminder.phrase)")
                + "\n"
        }
        return text
    }

    /// What `remind ls` says when the window holds no reminder.
    public static let none: SafeText =
        "no reminders from 12 hours ago to 7 days ahead; add one with remind:15m (see: help remind)"

    /// The lines an open REPL prints above its prompt for reminders that came due:
    /// `reminder: 4 Call Ana · Mon 23 Nov · morning · 09:00 — starts in 15 min`.
    public static func notices(
        _ alerts: [ReminderAlert], now: LocalDateTime, schedule: SlotSchedule, style: Style
    ) -> SafeText {
        alerts.map { alert -> SafeText in
            let message = ReminderAgenda.notification(for: alert, now: now, schedule: schedule)
            return style.yellow("reminder:") + " \(alert.task.id) " + SafeText(escaping: message.title) + " · "
                + SafeText(escaping: message.body) + "\n"
        }.joined()
    }

    /// A reminder as JSON: the task's id, uid, title and place, the rule, the moment and the state.
    /// `remind --json`: `{"reminders": [...]}`, one object a row.
    public static func json(_ rows: [Row]) -> JSONValue { ["reminders": .array(rows.map(json))] }

    public static func json(_ row: Row) -> JSONValue {
        let task = row.alert.task
        var object = JSONObject()
        object.appendUnique("id", .int(Int64(task.id)))
        object.appendUnique("uid", .string(task.uid))
        object.appendUnique("title", .string(task.title))
        object.appendUnique("date", .string(task.date.description))
        object.appendUnique("slot", .string(task.slot.rawValue))
        object.appendUnique("time", .optional(task.time?.description))
        object.appendUnique("remind", .string(row.alert.reminder.description))
        object.appendUnique("due", .string(row.alert.due.description))
        object.appendUnique("state", .string(word(row.state)))
        if case .sent(let at) = row.state {
            object.appendUnique("sent_at", .string(at))
        } else {
            object.appendUnique("sent_at", .null)
        }
        return .object(object)
    }
}
