import ShadeCore
import ShadeJSON

/// The text and JSON of slot capacities: `capacity`'s listing and confirmation, and the warning
/// for a task placed in an over-full slot.
public enum CapacityView {
    /// The limits as lines: each slot's, then each weekday's.
    public static func describe(_ capacity: SlotCapacity) -> SafeText {
        guard !capacity.isEmpty else {
            return "no slot has a capacity; capacity SLOT N sets one (e.g. capacity evening 2, or capacity evening 3h)"
        }
        var lines: [SafeText] = []
        for slot in Slot.allCases {
            lines.append(DisplayWidth.padRight("\(slot)", to: 20) + (word(capacity, slot, nil) ?? "none"))
        }
        for weekday in Weekday.allCases {
            for slot in Slot.allCases {
                guard let limit = word(capacity, slot, weekday) else { continue }
                lines.append(DisplayWidth.padRight("\(weekday.name) \(slot)", to: 20) + limit)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A limit set for a slot (on a weekday) as `capacity` takes it: `2`, or `3h` in minutes.
    static func word(_ capacity: SlotCapacity, _ slot: Slot, _ weekday: Weekday?) -> SafeText? {
        if let limit = capacity.limit(for: slot, on: weekday) { return "\(limit)" }
        return capacity.minutesLimit(for: slot, on: weekday).map { SafeText(escaping: Estimate.words($0)) }
    }

    /// What `capacity [WEEKDAY] SLOT N|TIME|none` says of the limit it set (nil: none).
    public static func set(_ limit: Int?, minutes: Int? = nil, for slot: Slot, on weekday: Weekday?) -> SafeText {
        let place = (weekday.map { $0.name + " " } ?? "") + slot.rawValue
        if let minutes { return "capacity of \(place): \(Estimate.words(minutes)) of estimated tasks" }
        return limit.map { "capacity of \(place): \($0) open task\($0 == 1 ? "" : "s")" }
            ?? "capacity of \(place): none"
    }

    /// The warning for a task placed in a slot that holds `open` open tasks (whose estimates come
    /// to `open.minutes`); nil when it is not over-full.
    public static func warning(for task: PlannerTask, open: (count: Int, minutes: Int), capacity: SlotCapacity)
        -> SafeText?
    {
        guard capacity.isOver(open.count, minutes: open.minutes, on: task.date, task.slot) else { return nil }
        let place: SafeText = "the \(task.date.shortLabel) \(task.slot) is over-full: "
        if let limit = capacity.limit(on: task.date, task.slot) {
            return place + "\(open.count) open, room for \(limit) (rebalance proposes moves)"
        }
        let limit = capacity.minutesLimit(on: task.date, task.slot) ?? 0
        return place
            + "\(Estimate.words(open.minutes)) planned, room for \(Estimate.words(limit)) (rebalance proposes moves)"
    }

    /// `{"capacity": {...}}`, the document of `capacity --json`.
    public static func json(_ capacity: SlotCapacity) -> JSONValue { ["capacity": limits(capacity)] }

    /// The limits as the settings hold them: `{"morning": 3, "saturday": {"evening": 1}}`, slots
    /// first, then weekdays Monday first.
    public static func limits(_ capacity: SlotCapacity) -> JSONValue {
        var object = JSONObject()
        for slot in Slot.allCases {
            if let limit = value(capacity, slot, nil) { object[slot.rawValue] = limit }
        }
        for weekday in Weekday.allCases {
            var day = JSONObject()
            var limited = false
            for slot in Slot.allCases {
                guard let limit = value(capacity, slot, weekday) else { continue }
                day[slot.rawValue] = limit
                limited = true
            }
            if limited { object[weekday.name] = .object(day) }
        }
        return .object(object)
    }

    /// A limit as the settings hold it: a number of tasks, or minutes as a text (`"3h"`).
    static func value(_ capacity: SlotCapacity, _ slot: Slot, _ weekday: Weekday?) -> JSONValue? {
        if let limit = capacity.limit(for: slot, on: weekday) { return .int(Int64(limit)) }
        return capacity.minutesLimit(for: slot, on: weekday).map { .string(Estimate.words($0)) }
    }
}
