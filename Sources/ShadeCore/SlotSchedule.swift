/// Where the slots begin and end on each day of the week (SPEC §1, §16): boundaries for every day,
/// a weekday's own where it has them (`slots.sat.morning`), and the zone's changes of clocks, so
/// that a slot's length is the minutes it really lasts.
public struct SlotSchedule: Hashable, Sendable {
    /// The boundaries of every day that has none of its own.
    public let everyDay: SlotBoundaries
    /// The boundaries of each weekday, Monday first.
    private let days: [SlotBoundaries]
    /// The changes of clocks a slot's length accounts for.
    public let clockChanges: ClockChanges

    /// The default schedule: 06:00, 12:00, 18:00 every day, no change of clocks.
    public static let standard = SlotSchedule(everyDay: .standard)

    /// A schedule of the same boundaries every day, except the weekdays in `weekdays`.
    public init(
        everyDay: SlotBoundaries, weekdays: [Weekday: SlotBoundaries] = [:], clockChanges: ClockChanges = .none
    ) {
        self.everyDay = everyDay
        days = Weekday.allCases.map { weekdays[$0] ?? everyDay }
        self.clockChanges = clockChanges
    }

    /// The same boundaries every day, when the starts are in order.
    public init(morning: TimeOfDay, afternoon: TimeOfDay, evening: TimeOfDay) throws(InputError) {
        self.init(everyDay: try SlotBoundaries(morning: morning, afternoon: afternoon, evening: evening))
    }

    /// This schedule with other changes of clocks.
    public func with(_ changes: ClockChanges) -> SlotSchedule {
        SlotSchedule(everyDay: everyDay, days: days, clockChanges: changes)
    }

    private init(everyDay: SlotBoundaries, days: [SlotBoundaries], clockChanges: ClockChanges) {
        self.everyDay = everyDay
        self.days = days
        self.clockChanges = clockChanges
    }

    /// The boundaries of a weekday.
    public func boundaries(of weekday: Weekday) -> SlotBoundaries { days[weekday.rawValue - 1] }

    /// The boundaries on `date` (its weekday's).
    public func on(_ date: CivilDate) -> SlotBoundaries { boundaries(of: date.weekday) }

    /// The slot the clock is in at `now` (by today's boundaries).
    public func slot(at now: Moment) -> Slot { on(now.date).slot(containing: now.time) }

    /// Whether `slot` on `date` has ended by the clock.
    public func hasEnded(_ slot: Slot, on date: CivilDate, at now: Moment) -> Bool {
        if date != now.date { return date < now.date }
        return on(date).end(of: slot) <= now.time
    }

    /// Whether every day has the same boundaries.
    public var isUniform: Bool { days.allSatisfy { $0 == days[0] } }

    /// The minutes `slot` lasts on `date`: from its start to its end, less an hour the clocks
    /// skip inside it, plus one they repeat.
    public func length(of slot: Slot, on date: CivilDate) -> Int {
        let day = on(date)
        return clockChanges.minutes(on: date, from: day.start(of: slot), to: day.end(of: slot))
    }

    /// The minutes of `slot` on `date` from `time` (within it) to its end.
    public func minutes(of slot: Slot, on date: CivilDate, from time: TimeOfDay) -> Int {
        clockChanges.minutes(on: date, from: time, to: on(date).end(of: slot))
    }

    /// Every time a slot starts on some day, in order: when a reminder timer fires.
    public var slotStarts: [TimeOfDay] {
        var starts: [TimeOfDay] = []
        for day in days {
            for slot in Slot.allCases where !starts.contains(day.start(of: slot)) { starts.append(day.start(of: slot)) }
        }
        return starts.sorted()
    }
}
