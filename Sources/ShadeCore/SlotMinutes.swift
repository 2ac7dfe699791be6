/// A slot's minutes (SPEC §16): what its open tasks' estimates plan, and what is left of its length
/// (from now, for the slot under way; none of a slot that has ended). Done and cancelled tasks
/// count nothing, a task without an estimate 0.
public struct SlotMinutes: Hashable, Sendable {
    /// The estimates of the slot's open tasks.
    public let planned: Int
    /// The slot's length (its boundaries, in the minutes it really lasts on a day the clocks
    /// change; from now for the slot under way) less `planned`: below
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
        let day = schedule.on(date)
        let length: Int
        if date < now.date {
            length = 0
        } else if date > now.date || now.time <= day.start(of: slot) {
            length = schedule.length(of: slot, on: date)
        } else {
            length = max(0, schedule.minutes(of: slot, on: date, from: min(now.time, day.end(of: slot))))
        }
        self.planned = planned
        self.free = length - planned
        self.estimated = estimated
    }
}
