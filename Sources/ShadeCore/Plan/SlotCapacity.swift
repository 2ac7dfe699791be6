/// How much each slot holds before it is over-full (SPEC §8, §16): a number of open tasks, or
/// minutes of their estimates (`capacity evening 3h`); a limit per slot, and per weekday and slot
/// where one is set (which wins, of either kind). No limit where none is set.
public struct SlotCapacity: Hashable, Sendable {
    /// The limits, nil where none is set: the three slots of every day (morning, afternoon,
    /// evening), then the three of each weekday, Monday first. A list rather than dictionaries by
    /// slot and weekday: those are generic types made at run time, each looked up among every
    /// conformance the program holds, and every command that opens a session holds a capacity.
    private var limits: [Int?]
    /// The limits in minutes, kept the same way (a place holds a limit of one kind at most).
    private var minuteLimits: [Int?]

    /// No limit anywhere.
    public init() {
        limits = Array(repeating: nil, count: 3 * 8)
        minuteLimits = limits
    }

    /// The limit of each slot on every day, and of a slot on one weekday (which wins).
    public init(bySlot: [Slot: Int], byWeekday: [Weekday: [Slot: Int]] = [:]) {
        self.init()
        for (slot, limit) in bySlot { set(limit, for: slot) }
        for (weekday, slots) in byWeekday {
            for (slot, limit) in slots { set(limit, for: slot, on: weekday) }
        }
    }

    /// Where the limit of a slot on every day (no weekday), or on one weekday, is kept.
    private static func index(_ slot: Slot, _ weekday: Weekday?) -> Int { (weekday?.rawValue ?? 0) * 3 + slot.index }

    /// Where the limit of a slot on a day is kept: its weekday's, when one of either kind is set
    /// there, else the slot's own.
    private func place(_ date: CivilDate, _ slot: Slot) -> Int {
        let weekday = Self.index(slot, date.weekday)
        return limits[weekday] != nil || minuteLimits[weekday] != nil ? weekday : Self.index(slot, nil)
    }

    /// The limit in open tasks of a slot on a day, or nil when it has none (or one in minutes).
    public func limit(on date: CivilDate, _ slot: Slot) -> Int? { limits[place(date, slot)] }

    /// The limit in minutes of a slot on a day, or nil when it has none (or one in tasks).
    public func minutesLimit(on date: CivilDate, _ slot: Slot) -> Int? { minuteLimits[place(date, slot)] }

    /// Whether a slot on a day has a limit of either kind.
    public func hasLimit(on date: CivilDate, _ slot: Slot) -> Bool {
        limit(on: date, slot) != nil || minutesLimit(on: date, slot) != nil
    }

    /// The limit set for a slot on every day (no weekday), or on one weekday alone; nil when
    /// none is set there.
    public func limit(for slot: Slot, on weekday: Weekday? = nil) -> Int? { limits[Self.index(slot, weekday)] }

    /// The limit in minutes set for a slot on every day, or on one weekday alone.
    public func minutesLimit(for slot: Slot, on weekday: Weekday? = nil) -> Int? {
        minuteLimits[Self.index(slot, weekday)]
    }

    /// Whether `open` open tasks, whose estimates come to `minutes`, are more than the slot holds
    /// on that day.
    public func isOver(_ open: Int, minutes: Int = 0, on date: CivilDate, _ slot: Slot) -> Bool {
        let at = place(date, slot)
        if let limit = limits[at] { return open > limit }
        if let limit = minuteLimits[at] { return minutes > limit }
        return false
    }

    /// Whether a slot holding `open` open tasks whose estimates come to `minutes` has room for
    /// one more that takes `adding` minutes.
    public func hasRoom(_ open: Int, minutes: Int, adding: Int, on date: CivilDate, _ slot: Slot) -> Bool {
        let at = place(date, slot)
        if let limit = limits[at] { return open < limit }
        if let limit = minuteLimits[at] { return minutes + adding <= limit }
        return true
    }
}

extension SlotCapacity {
    /// Sets (or, with nil, clears) the limit in open tasks of a slot on every day, or on one
    /// weekday; a limit in minutes there goes.
    public mutating func set(_ limit: Int?, for slot: Slot, on weekday: Weekday? = nil) {
        limits[Self.index(slot, weekday)] = limit
        minuteLimits[Self.index(slot, weekday)] = nil
    }

    /// Sets the limit in minutes of a slot on every day, or on one weekday; a limit in tasks
    /// there goes.
    public mutating func set(minutes: Int, for slot: Slot, on weekday: Weekday? = nil) {
        minuteLimits[Self.index(slot, weekday)] = minutes
        limits[Self.index(slot, weekday)] = nil
    }

    /// Whether some slot has a limit in minutes.
    public var hasMinuteLimits: Bool { minuteLimits.contains { $0 != nil } }

    /// The minutes of the estimates of the open tasks among `tasks`, cell by cell as `WeekCells`
    /// orders them (Monday morning first).
    public static func openMinutes(_ tasks: [PlannerTask]) -> [Int] {
        var result = Array(repeating: 0, count: 21)
        for task in tasks where task.status == .open {
            result[(task.date.weekday.rawValue - 1) * 3 + task.slot.index] += task.estimate ?? 0
        }
        return result
    }

    /// Whether no slot has a limit.
    public var isEmpty: Bool { limits.allSatisfy { $0 == nil } && minuteLimits.allSatisfy { $0 == nil } }
}

extension SlotCapacity {
    /// How many open tasks a slot of a day holds once `changes` are made: `before` holds the
    /// tasks of that day (filed, and the occurrences series show) as they were before them.
    public static func openTasks(
        in slot: Slot, on date: CivilDate, before: [PlannerTask], changes: [RecordChange]
    ) -> (count: Int, minutes: Int) {
        var result = (count: 0, minutes: 0)
        for task in PlannerSnapshot(tasks: before).applying(changes).tasksByID.values
        where task.date == date && task.slot == slot && task.status == .open {
            result.count += 1
            result.minutes += task.estimate ?? 0
        }
        return result
    }
}
