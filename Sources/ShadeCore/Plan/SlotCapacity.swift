/// How many open tasks each slot holds before it is over-full (SPEC §8): a limit per slot, and
/// per weekday and slot where one is set (which wins). No limit where none is set.
public struct SlotCapacity: Hashable, Sendable {
    /// The limits, nil where none is set: the three slots of every day (morning, afternoon,
    /// evening), then the three of each weekday, Monday first. A list rather than dictionaries by
    /// slot and weekday: those are generic types made at run time, each looked up among every
    /// conformance the program holds, and every command that opens a session holds a capacity.
    private var limits: [Int?]

    /// No limit anywhere.
    public init() { limits = Array(repeating: nil, count: 3 * 8) }

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

    /// The limit of a slot on a day, or nil when it has none.
    public func limit(on date: CivilDate, _ slot: Slot) -> Int? {
        limits[Self.index(slot, date.weekday)] ?? limits[Self.index(slot, nil)]
    }

    /// The limit set for a slot on every day (no weekday), or on one weekday alone; nil when
    /// none is set there.
    public func limit(for slot: Slot, on weekday: Weekday? = nil) -> Int? { limits[Self.index(slot, weekday)] }

    /// Whether `open` open tasks are more than the slot holds on that day.
    public func isOver(_ open: Int, on date: CivilDate, _ slot: Slot) -> Bool {
        limit(on: date, slot).map { open > $0 } ?? false
    }
}

extension SlotCapacity {
    /// Sets (or, with nil, clears) the limit of a slot on every day, or on one weekday.
    public mutating func set(_ limit: Int?, for slot: Slot, on weekday: Weekday? = nil) {
        limits[Self.index(slot, weekday)] = limit
    }

    /// Whether no slot has a limit.
    public var isEmpty: Bool { limits.allSatisfy { $0 == nil } }
}

extension SlotCapacity {
    /// How many open tasks a slot of a day holds once `changes` are made: `before` holds the
    /// tasks of that day (filed, and the occurrences series show) as they were before them.
    public static func openTasks(
        in slot: Slot, on date: CivilDate, before: [PlannerTask], changes: [RecordChange]
    ) -> Int {
        PlannerSnapshot(tasks: before).applying(changes).tasksByID.values.count {
            $0.date == date && $0.slot == slot && $0.status == .open
        }
    }
}
