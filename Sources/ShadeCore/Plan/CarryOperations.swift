/// Carrying unfinished work on (SPEC §8): open tasks move forward to a later day and slot,
/// keeping their id and uid; each counts how often it was carried and remembers the day it was
/// first planned for.
public enum CarryOperations {
    /// How far back `carry` with no day looks for overdue tasks: this week and the three before.
    /// Older open work is carried by naming its week (`carry 2026-W30`), or looked at in `review`.
    public static let lookBackWeeks = 3

    /// The weeks `carry` with no day looks at, oldest first.
    public static func weeksLookedAt(today: CivilDate) -> [ISOWeek] {
        (0...lookBackWeeks).reversed().map { today.isoWeek.adding(weeks: -$0) }
    }

    /// Where carried tasks go: a day when one is named (else today), a slot when one is named.
    public struct Target: Hashable, Sendable {
        public var date: CivilDate?
        public var slot: Slot?

        public init(date: CivilDate? = nil, slot: Slot? = nil) {
            self.date = date
            self.slot = slot
        }
    }

    /// The open tasks whose slot has ended, in timeline order — but for the days a repeating
    /// task missed: its rule brings it back, so they are not piled onto today.
    public static func overdue(_ tasks: [PlannerTask], context: OperationContext) -> [PlannerTask] {
        PlannerTask.sortedInTimelineOrder(
            tasks.filter { $0.series == nil && $0.isOverdue(at: context.now, schedule: context.schedule) })
    }

    /// Checks a target before anything is carried: it is not in the past.
    public static func validate(_ target: Target, context: OperationContext) throws {
        let today = context.now.date
        if let date = target.date, date < today {
            throw InputError.invalid("\(date) has passed; carry moves work forward, to today or a later day")
        }
        if let slot = target.slot, target.date ?? today == today,
            context.schedule.hasEnded(slot, on: today, at: context.now)
        {
            throw InputError.invalid(
                "today's \(slot) has ended; carry to a slot still ahead, e.g. carry … to today \(context.schedule.slot(at: context.now))"
            )
        }
    }

    /// Where a task lands when carried to `target`, or nil when that would not move it forward.
    ///
    /// With no day named, it goes to the current slot today, keeping its time only when that
    /// still lies ahead (in the slot the time falls in). With a day, it keeps its slot (the
    /// current one when that has ended today) unless a slot is named; its time stays when it
    /// fits the slot and has not passed.
    public static func destination(of task: PlannerTask, to target: Target, context: OperationContext)
        -> (date: CivilDate, slot: Slot, time: TimeOfDay?)?
    {
        let now = context.now
        let current = context.schedule.slot(at: now)
        let date = target.date ?? now.date
        // Each time is read by the boundaries of the day it is on.
        let today = context.schedule.on(now.date)
        let day = context.schedule.on(date)
        var slot: Slot
        if let named = target.slot {
            slot = named
        } else if target.date == nil {
            slot = current
            if let time = task.time, time > now.time, today.slot(containing: time) >= current {
                slot = today.slot(containing: time)
            }
        } else {
            // A time keeps its task in the slot it falls in by that day's hours.
            slot = task.time.map(day.slot(containing:)) ?? task.slot
            if context.schedule.hasEnded(slot, on: date, at: now) { slot = current }
        }
        var time: TimeOfDay?
        if let old = task.time, day.slot(containing: old) == slot, date > now.date || old > now.time {
            time = old
        }
        // Carrying moves work forward, never back, and a task already there stays as it is.
        let from = (task.date.daysSinceEpoch, task.slot.index)
        let to = (date.daysSinceEpoch, slot.index)
        guard to > from else { return nil }
        return (date, slot, time)
    }

    /// Carries the open tasks among `tasks` to `target` (a task already done or cancelled, or one
    /// the target would not move forward, is left as it is). One change each.
    public static func carry(_ tasks: [PlannerTask], to target: Target, context: OperationContext) throws
        -> [RecordChange]
    {
        try validate(target, context: context)
        return tasks.filter { $0.status == .open }.compactMap { task in
            guard let place = destination(of: task, to: target, context: context) else { return nil }
            var carried = task
            carried.date = place.date
            carried.slot = place.slot
            carried.time = place.time
            carried.carried += 1
            carried.planned = task.planned ?? task.date
            carried.modified = context.now.timestamp
            return .changed(.task(task), to: .task(carried))
        }
    }

    /// Of a week's tasks, those first planned in an earlier week, counted by that week: each was
    /// carried out of it (what `stats` counts).
    public static func carriedFrom(_ tasks: [PlannerTask], week: ISOWeek) -> [ISOWeek: Int] {
        var result: [ISOWeek: Int] = [:]
        for task in tasks {
            if let planned = task.planned?.isoWeek, planned < week { result[planned, default: 0] += 1 }
        }
        return result
    }
}
