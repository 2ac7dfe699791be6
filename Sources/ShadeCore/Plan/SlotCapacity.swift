/// How many open tasks each slot holds before it is over-full (SPEC §8): a limit per slot, and
/// per weekday and slot where one is set (which wins). No limit where none is set.
public struct SlotCapacity: Hashable, Sendable {
    /// The limit of each slot on every day.
    public var bySlot: [Slot: Int]
    /// The limit of a slot on one weekday.
    public var byWeekday: [Weekday: [Slot: Int]]

    public init(bySlot: [Slot: Int] = [:], byWeekday: [Weekday: [Slot: Int]] = [:]) {
        self.bySlot = bySlot
        self.byWeekday = byWeekday
    }

    /// The limit of a slot on a day, or nil when it has none.
    public func limit(on date: CivilDate, _ slot: Slot) -> Int? {
        byWeekday[date.weekday]?[slot] ?? bySlot[slot]
    }

    /// Whether `open` open tasks are more than the slot holds on that day.
    public func isOver(_ open: Int, on date: CivilDate, _ slot: Slot) -> Bool {
        limit(on: date, slot).map { open > $0 } ?? false
    }
}

extension SlotCapacity {
    /// Sets (or, with nil, clears) the limit of a slot on every day, or on one weekday.
    public mutating func set(_ limit: Int?, for slot: Slot, on weekday: Weekday? = nil) {
        if let weekday {
            var slots = byWeekday[weekday] ?? [:]
            slots[slot] = limit
            byWeekday[weekday] = slots.isEmpty ? nil : slots
        } else {
            bySlot[slot] = limit
        }
    }

    /// Whether no slot has a limit.
    public var isEmpty: Bool { bySlot.isEmpty && byWeekday.isEmpty }
}
