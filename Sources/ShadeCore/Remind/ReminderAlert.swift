/// One reminder of one task: the task, its `remind:` rule and the moment that rule gives.
public struct ReminderAlert: Hashable, Sendable {
    /// The task it reminds of, as it is now.
    public let task: PlannerTask
    /// Its rule.
    public let reminder: Reminder
    /// When it goes off.
    public let due: LocalDateTime

    /// The alert of a task that has a reminder.
    public init?(_ task: PlannerTask, schedule: SlotSchedule) {
        guard let reminder = task.remind else { return nil }
        self.task = task
        self.reminder = reminder
        self.due = reminder.moment(date: task.date, slot: task.slot, time: task.time, schedule: schedule)
    }

    /// When the task itself begins: its time, else the start of its slot.
    public func start(schedule: SlotSchedule) -> LocalDateTime {
        LocalDateTime(date: task.date, time: task.time ?? schedule.start(of: task.slot))
    }
}
