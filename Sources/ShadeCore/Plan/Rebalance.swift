/// Proposing moves out of over-full slots (SPEC §8, §16): each slot of a week that holds more
/// open tasks than its capacity gives its extra tasks to the nearest slots with room — the other
/// slots of the same day first (an earlier one too, while it has not ended; the nearer first, the
/// later at a tie), then the slots of the following days of the week in time order — never into
/// the past. A task with a time only goes to the same slot of a later day, where its time still
/// fits; tasks without a time move first, then the latest timed ones.
public enum Rebalance {
    /// One proposed move.
    public struct Move: Hashable, Sendable {
        public let task: PlannerTask
        public let date: CivilDate
        public let slot: Slot
    }

    /// The day-and-slot places of a week, in time order.
    static func places(of week: ISOWeek) -> [(date: CivilDate, slot: Slot)] {
        week.days.flatMap { date in Slot.allCases.map { (date, $0) } }
    }

    /// Whether a place has not ended by the clock.
    static func isAhead(_ date: CivilDate, _ slot: Slot, context: OperationContext) -> Bool {
        !context.schedule.hasEnded(slot, on: date, at: context.now)
    }

    /// Where `task` may go from its own place, nearest first: the other slots of its day still
    /// ahead (the nearer first, the later at a tie), then the places of the later days of the
    /// week still ahead, in time order; for a timed task, only the same slot of a later day (its
    /// time must still lie ahead).
    public static func destinations(for task: PlannerTask, in week: ISOWeek, context: OperationContext) -> [(
        date: CivilDate, slot: Slot
    )] {
        let ahead = places(of: week).filter { isAhead($0.date, $0.slot, context: context) }
        if let time = task.time {
            return ahead.filter { place in
                place.date > task.date && place.slot == task.slot
                    && (place.date > context.now.date || time > context.now.time)
            }
        }
        let sameDay = ahead.filter { $0.date == task.date && $0.slot != task.slot }.sorted { lhs, rhs in
            let (left, right) = (abs(lhs.slot.index - task.slot.index), abs(rhs.slot.index - task.slot.index))
            return left != right ? left < right : lhs.slot.index > rhs.slot.index
        }
        return sameDay + ahead.filter { $0.date > task.date }
    }

    /// The moves that bring the week's over-full slots within their capacity as far as there is
    /// room, in the order they are made; a capacity in minutes counts the open tasks' estimates,
    /// and a slot has room for a task while its estimate still fits.
    public static func plan(
        week: ISOWeek, tasks: [PlannerTask], capacity: SlotCapacity, context: OperationContext
    ) -> [Move] {
        var load: [String: (count: Int, minutes: Int)] = [:]
        func key(_ date: CivilDate, _ slot: Slot) -> String { "\(date) \(slot)" }
        let weekTasks = tasks.filter { $0.status == .open && $0.week == week }
        for task in weekTasks {
            load[key(task.date, task.slot), default: (0, 0)].count += 1
            load[key(task.date, task.slot), default: (0, 0)].minutes += task.estimate ?? 0
        }
        func isOver(_ date: CivilDate, _ slot: Slot) -> Bool {
            let here = load[key(date, slot), default: (0, 0)]
            return capacity.isOver(here.count, minutes: here.minutes, on: date, slot)
        }
        func hasRoom(_ date: CivilDate, _ slot: Slot, for task: PlannerTask) -> Bool {
            let here = load[key(date, slot), default: (0, 0)]
            return capacity.hasRoom(here.count, minutes: here.minutes, adding: task.estimate ?? 0, on: date, slot)
        }
        var moves: [Move] = []
        for place in places(of: week) where isAhead(place.date, place.slot, context: context) {
            guard capacity.hasLimit(on: place.date, place.slot), isOver(place.date, place.slot) else { continue }
            // Untimed tasks first (the newest first), then timed ones, the latest first.
            let here = weekTasks.filter { $0.date == place.date && $0.slot == place.slot }.sorted { lhs, rhs in
                switch (lhs.time, rhs.time) {
                case (nil, nil): return lhs.id > rhs.id
                case (nil, _): return true
                case (_, nil): return false
                case (let l?, let r?): return l != r ? l > r : lhs.id > rhs.id
                }
            }
            // Under a limit in minutes, a task without an estimate frees none: it stays.
            let byMinutes = capacity.minutesLimit(on: place.date, place.slot) != nil
            for task in here where isOver(place.date, place.slot) && !(byMinutes && (task.estimate ?? 0) == 0) {
                guard
                    let target = destinations(for: task, in: week, context: context).first(where: {
                        hasRoom($0.date, $0.slot, for: task)
                    })
                else { continue }
                moves.append(Move(task: task, date: target.date, slot: target.slot))
                load[key(place.date, place.slot), default: (0, 0)].count -= 1
                load[key(place.date, place.slot), default: (0, 0)].minutes -= task.estimate ?? 0
                load[key(target.date, target.slot), default: (0, 0)].count += 1
                load[key(target.date, target.slot), default: (0, 0)].minutes += task.estimate ?? 0
            }
        }
        return moves
    }

    /// How many slots of the week hold more than their capacity once `moves` are made.
    public static func overFullSlots(
        week: ISOWeek, tasks: [PlannerTask], after moves: [Move] = [], capacity: SlotCapacity
    ) -> Int {
        let moved = Dictionary(moves.map { ($0.task.uid, $0) }, uniquingKeysWith: { $1 })
        var load: [String: (count: Int, minutes: Int)] = [:]
        for task in tasks where task.status == .open && task.week == week {
            let place = moved[task.uid]
            let key = "\(place?.date ?? task.date) \(place?.slot ?? task.slot)"
            load[key, default: (0, 0)].count += 1
            load[key, default: (0, 0)].minutes += task.estimate ?? 0
        }
        return week.days.reduce(0) { count, date in
            count
                + Slot.allCases.count { slot in
                    let here = load["\(date) \(slot)", default: (0, 0)]
                    return capacity.isOver(here.count, minutes: here.minutes, on: date, slot)
                }
        }
    }

    /// The record changes of the moves (each task keeps its id, uid and time).
    public static func changes(_ moves: [Move], context: OperationContext) -> [RecordChange] {
        moves.map { move in
            var moved = move.task
            moved.date = move.date
            moved.slot = move.slot
            moved.modified = context.now.timestamp
            return .changed(.task(move.task), to: .task(moved))
        }
    }
}
