/// One reminder of one task: the task, one of its `remind:` rules and the moment that rule gives.
public struct ReminderAlert: Hashable, Sendable {
    /// The task it reminds of, as it is now.
    public let task: PlannerTask
    /// Its rule.
    public let reminder: Reminder
    /// When it goes off.
    public let due: LocalDateTime

    /// The alert of one rule of a task.
    public init(_ task: PlannerTask, reminder: Reminder, schedule: SlotSchedule) {
        self.task = task
        self.reminder = reminder
        self.due = reminder.moment(date: task.date, slot: task.slot, time: task.time, schedule: schedule)
    }

    /// The alerts of a task's reminders, by moment: one a moment (two rules that give the same
    /// moment are one reminder, sent once). Empty for a task without reminders.
    public static func alerts(of task: PlannerTask, schedule: SlotSchedule) -> [ReminderAlert] {
        var alerts: [ReminderAlert] = []
        for rule in task.remind?.rules ?? [] {
            let alert = ReminderAlert(task, reminder: rule, schedule: schedule)
            if !alerts.contains(where: { $0.due == alert.due }) { alerts.append(alert) }
        }
        return alerts.sorted { $0.due < $1.due }
    }

    /// When the task itself begins: its time, else the start of its slot.
    public func start(schedule: SlotSchedule) -> LocalDateTime {
        LocalDateTime(date: task.date, time: task.time ?? schedule.on(task.date).start(of: task.slot))
    }
}
