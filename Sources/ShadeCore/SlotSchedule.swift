/// Where the three slots of a day begin and end.
///
/// The morning runs from its start to the afternoon's start, the afternoon to the evening's,
/// the evening to midnight. Anything before the morning's start counts as morning.
public struct SlotSchedule: Hashable, Sendable {
    /// When the morning starts (default 06:00).
    public let morningStart: TimeOfDay
    /// When the afternoon starts (default 12:00).
    public let afternoonStart: TimeOfDay
    /// When the evening starts (default 18:00).
    public let eveningStart: TimeOfDay

    /// The default schedule: 06:00, 12:00, 18:00.
    public static let standard = SlotSchedule(
        uncheckedMorning: TimeOfDay(uncheckedMinutes: 6 * 60),
        afternoon: TimeOfDay(uncheckedMinutes: 12 * 60),
        evening: TimeOfDay(uncheckedMinutes: 18 * 60))

    init(uncheckedMorning morning: TimeOfDay, afternoon: TimeOfDay, evening: TimeOfDay) {
        self.morningStart = morning
        self.afternoonStart = afternoon
        self.eveningStart = evening
    }

    /// Creates a schedule when the starts are in order and every slot lasts at least a minute.
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
}
