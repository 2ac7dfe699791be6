/// A slot's minutes (SPEC §16): what its open tasks' estimates plan, and what is left of its length
/// (from now, for the slot under way; none of a slot that has ended). Done and cancelled tasks
/// count nothing, a task without an estimate 0.
public struct SlotMinutes: Hashable, Sendable {
    /// The estimates of the slot's open tasks.
    public let planned: Int
    /// The slot's length (its boundaries; from now for the slot under way) less `planned`: below
    /// zero when the estimates pass what is left.
    public let free: Int
    /// Whether any of its tasks (open or not) has an estimate: a view shows the minutes only then.
    public let estimated: Bool

    /// The minutes of `slot` on `date` holding `tasks` (those of the slot), by `schedule` and
    /// the clock.
    public init(slot: Slot, on date: CivilDate, tasks: [PlannerTask], schedule: SlotSchedule, now: Moment) {
        var planned = 0
        var estimated = false
        for task in tasks where task.date == date && task.slot == slot {
            guard let minutes = task.estimate else { continue }
            estimated = true
            if task.status == .open { planned += minutes }
        }
        let start = schedule.start(of: slot).minutes
        let end = schedule.end(of: slot).minutes
        let from: Int
        if date < now.date {
            from = end
        } else if date > now.date {
            from = start
        } else {
            from = min(max(start, now.time.minutes), end)
        }
        self.planned = planned
        self.free = end - from - planned
        self.estimated = estimated
    }
}
