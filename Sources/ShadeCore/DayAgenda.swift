/// One slot of one day, its tasks in timeline order, and their tally.
public struct SlotAgenda: Hashable, Sendable {
    /// Which slot.
    public let slot: Slot
    /// The slot's tasks in timeline order.
    public let tasks: [PlannerTask]
    /// The slot's counts and rate.
    public let tally: Tally
}

/// One day: its three slots in order, and the day's pooled tally.
public struct DayAgenda: Hashable, Sendable {
    /// The date.
    public let date: CivilDate
    /// Morning, afternoon and evening, always all three, in that order.
    public let slots: [SlotAgenda]
    /// The day's counts and rate, pooled over its tasks.
    public let tally: Tally

    /// Builds a day's agenda from any tasks; tasks of other days are ignored. (A list, not any
    /// sequence: code generic over a sequence from another module looks its conformances up when
    /// a process first runs it, which every `day` would pay.)
    public init(date: CivilDate, tasks: [PlannerTask]) {
        self.date = date
        var bySlot: [[PlannerTask]] = [[], [], []]
        for task in tasks where task.date == date { bySlot[task.slot.index].append(task) }
        var dayTally = Tally()
        self.slots = Slot.allCases.map { slot in
            let sorted = PlannerTask.sortedInTimelineOrder(bySlot[slot.index])
            let tally = Tally(sorted)
            dayTally.add(tally)
            return SlotAgenda(slot: slot, tasks: sorted, tally: tally)
        }
        self.tally = dayTally
    }

    /// Every task of the day in timeline order.
    public var tasks: [PlannerTask] { slots.flatMap(\.tasks) }
}

/// One ISO week: seven day agendas, Monday first, and the week's pooled tally.
public struct WeekAgenda: Hashable, Sendable {
    /// The week.
    public let week: ISOWeek
    /// Monday through Sunday.
    public let days: [DayAgenda]
    /// The week's counts and rate, pooled over all its tasks (not an average of day rates).
    public let tally: Tally

    /// Builds a week's agenda from any tasks; tasks of other weeks are ignored.
    public init(week: ISOWeek, tasks: [PlannerTask]) {
        self.week = week
        var byDay: [[PlannerTask]] = Array(repeating: [], count: 7)
        let monday = week.monday
        for task in tasks {
            let offset = monday.days(to: task.date)
            if (0..<7).contains(offset) { byDay[offset].append(task) }
        }
        var weekTally = Tally()
        self.days = week.days.enumerated().map { offset, date in
            let day = DayAgenda(date: date, tasks: byDay[offset])
            weekTally.add(day.tally)
            return day
        }
        self.tally = weekTally
    }
}
