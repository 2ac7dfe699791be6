/// Where the three slots of one day begin and end (on the wall clock).
///
/// The morning runs from its start to the afternoon's start, the afternoon to the evening's,
/// the evening to midnight. Anything before the morning's start counts as morning.
public struct SlotBoundaries: Hashable, Sendable {
    /// When the morning starts (default 06:00).
    public let morningStart: TimeOfDay
    /// When the afternoon starts (default 12:00).
    public let afternoonStart: TimeOfDay
    /// When the evening starts (default 18:00).
    public let eveningStart: TimeOfDay

    /// The default schedule: 06:00, 12:00, 18:00.
    public static let standard = SlotBoundaries(
        uncheckedMorning: TimeOfDay(uncheckedMinutes: 6 * 60),
        afternoon: TimeOfDay(uncheckedMinutes: 12 * 60),
        evening: TimeOfDay(uncheckedMinutes: 18 * 60))

    init(uncheckedMorning morning: TimeOfDay, afternoon: TimeOfDay, evening: TimeOfDay) {
        self.morningStart = morning
        self.afternoonStart = afternoon
        self.eveningStart = evening
    }

    /// Creates boundaries when the starts are in order and every slot lasts at least a minute.
    public init(morning: TimeOfDay, afternoon: TimeOfDay, evening: TimeOfDay) throws(InputError) {
        guard morning < afternoon, afternoon < evening, evening < TimeOfDay.endOfDay else {
            throw .invalid(
                "slot boundaries must be in order within the day (morning \(morning) < afternoon \(afternoon) < evening \(evening) < 24:00)"
            )
        }
        self.init(uncheckedMorning: morning, afternoon: afternoon, evening: evening)
    }

    /// The start of a slot.
    public func start(of slot: Slot) -> TimeOfDay {
        switch slot {
        case .morning: morningStart
        case .afternoon: afternoonStart
        case .evening: eveningStart
        }
    }

    /// The end of a slot (the evening ends at 24:00).
    public func end(of slot: Slot) -> TimeOfDay {
        switch slot {
        case .morning: afternoonStart
        case .afternoon: eveningStart
        case .evening: .endOfDay
        }
    }

    /// The slot a time of day falls in; before the morning's start counts as morning.
    public func slot(containing time: TimeOfDay) -> Slot {
        if time >= eveningStart { return .evening }
        if time >= afternoonStart { return .afternoon }
        return .morning
    }

    /// `06:00–12:00`.
    public func hours(of slot: Slot) -> String { "\(start(of: slot))–\(end(of: slot))" }

    /// These boundaries with `slot` running from `start` to `end` (SPEC §16): the slots keep their
    /// names and order and stay contiguous up to 24:00, so its neighbours' edges move with it.
    /// Refused (the boundaries as they were) when the range runs backwards, does not end at 24:00
    /// for the evening, or swallows a neighbour.
    public func setting(_ slot: Slot, from start: TimeOfDay, to end: TimeOfDay) throws(InputError) -> SlotBoundaries {
        guard start < end else {
            throw .invalid(
                "\(slot) \(start)-\(end) runs backwards; write the start first, e.g. \(slot) \(self.start(of: slot))-\(self.end(of: slot))"
            )
        }
        var starts = [morningStart, afternoonStart, eveningStart]
        starts[slot.index] = start
        switch slot {
        case .morning, .afternoon: starts[slot.index + 1] = end
        case .evening:
            guard end == .endOfDay else {
                throw .invalid("the evening runs to 24:00; write evening \(start)-24:00")
            }
        }
        guard starts[0] < starts[1], starts[1] < starts[2], starts[2] < .endOfDay else {
            throw .invalid(
                "\(slot) \(start)-\(end) leaves a neighbour no time (the day's slots are morning \(hours(of: .morning)), afternoon \(hours(of: .afternoon)), evening \(hours(of: .evening)))"
            )
        }
        return SlotBoundaries(uncheckedMorning: starts[0], afternoon: starts[1], evening: starts[2])
    }
}
