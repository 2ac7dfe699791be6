/// Where the user is looking: a day and a slot (and so a week).
public struct PlannerView: Hashable, Sendable {
    /// The day in view.
    public var date: CivilDate
    /// The slot in view.
    public var slot: Slot

    /// Creates a view.
    public init(date: CivilDate, slot: Slot) {
        self.date = date
        self.slot = slot
    }

    /// The view a session starts with: today and the slot the clock is in.
    public init(now: Moment, schedule: SlotSchedule) {
        self.init(date: now.date, slot: schedule.slot(at: now))
    }

    /// The week in view.
    public var week: ISOWeek { date.isoWeek }

    /// Moves to the same weekday of another week, keeping the slot.
    public mutating func move(to week: ISOWeek) {
        date = week.date(of: date.weekday)
    }
}
