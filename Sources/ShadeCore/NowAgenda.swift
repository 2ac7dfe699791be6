/// What `now` shows: the slot the clock is in, its tasks (open first), how long it has left, the
/// next open task with a time, and what the next slot holds.
public struct NowAgenda: Hashable, Sendable {
    /// Today.
    public let date: CivilDate
    /// The slot the clock is in.
    public let slot: Slot
    /// When it ends.
    public let slotEnd: TimeOfDay
    /// Minutes until it ends.
    public let minutesLeft: Int
    /// The slot's tasks: open ones first, each group in timeline order.
    public let tasks: [PlannerTask]
    /// The next open task with a time at or after now, today or tomorrow.
    public let next: PlannerTask?
    /// The slot after this one (tomorrow's morning after the evening).
    public let nextSlot: PlannerView
    /// Its open tasks, in timeline order.
    public let nextSlotTasks: [PlannerTask]

    /// The agenda at `now`, from tasks that include today's and tomorrow's (others are ignored).
    public init(now: Moment, schedule: SlotSchedule, tasks: [PlannerTask]) {
        let today = schedule.on(now.date)
        let current = today.slot(containing: now.time)
        date = now.date
        slot = current
        slotEnd = today.end(of: current)
        minutesLeft = schedule.minutes(of: current, on: now.date, from: now.time)
        let inSlot = PlannerTask.sortedInTimelineOrder(tasks.filter { $0.date == now.date && $0.slot == current })
        self.tasks = inSlot.filter { $0.status == .open } + inSlot.filter { $0.status != .open }
        let tomorrow = now.date.adding(days: 1)
        let timed = tasks.filter { task in
            guard task.status == .open, let time = task.time else { return false }
            return (task.date == now.date && time >= now.time) || task.date == tomorrow
        }
        next = timed.min { ($0.date, $0.time?.minutes ?? 0, $0.id) < ($1.date, $1.time?.minutes ?? 0, $1.id) }
        switch current {
        case .morning: nextSlot = PlannerView(date: now.date, slot: .afternoon)
        case .afternoon: nextSlot = PlannerView(date: now.date, slot: .evening)
        case .evening: nextSlot = PlannerView(date: tomorrow, slot: .morning)
        }
        let following = nextSlot
        nextSlotTasks = PlannerTask.sortedInTimelineOrder(
            tasks.filter { $0.date == following.date && $0.slot == following.slot && $0.status == .open })
    }
}
