import ShadeCore
import ShadeJSON

/// `config slots…`: a day's slots as the setting leaves them.
extension ConfigView {
    /// `08:00-13:00`: a slot's range as `config` takes it.
    public static func range(of slot: Slot, in day: SlotBoundaries) -> String {
        "\(day.start(of: slot))-\(day.end(of: slot))"
    }

    /// `slots.sat.morning is 08:00-13:00 now · Sat: morning 08:00–13:00 · afternoon 13:00–18:00 ·
    /// evening 18:00–24:00` (`now` only after a change).
    public static func slots(
        key: String, slot: Slot?, weekday: Weekday?, day: SlotBoundaries, changed: Bool
    ) -> SafeText {
        let which = weekday.map(\.label) ?? "every day"
        let ranges = Slot.allCases.map { "\($0) \(day.hours(of: $0))" }.joined(separator: " · ")
        guard let slot else {
            return SafeText(escaping: "\(key)\(changed ? " is unset now" : "") · \(which): \(ranges)")
        }
        let head = "\(key) is \(range(of: slot, in: day))" + (changed ? " now" : "")
        return SafeText(escaping: head + " · \(which): \(ranges)")
    }

    /// `{"key": "slots.sat.morning", "value": "08:00-13:00", "weekday": "saturday", "slots":
    /// {"morning": "08:00-13:00", …}}` (`value` null for a whole day, `weekday` null for every day).
    public static func slotsJSON(key: String, slot: Slot?, weekday: Weekday?, day: SlotBoundaries) -> JSONValue {
        var ranges = JSONObject()
        for each in Slot.allCases { ranges.appendUnique(each.rawValue, .string(range(of: each, in: day))) }
        return [
            "key": .string(key), "value": .optional(slot.map { range(of: $0, in: day) }),
            "weekday": .optional(weekday?.name), "slots": .object(ranges),
        ]
    }
}
