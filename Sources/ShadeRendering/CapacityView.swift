import ShadeCore
import ShadeJSON

/// The text and JSON of slot capacities: `capacity`'s listing and confirmation, and the warning
/// for a task placed in an over-full slot.
public enum CapacityView {
    /// The limits as lines: each slot's, then each weekday's.
    public static func describe(_ capacity: SlotCapacity) -> SafeText {
        guard !capacity.isEmpty else {
            return "no slot has a capacity; capacity SLOT N sets one (e.g. capacity evening 2)"
        }
        var lines: [SafeText] = []
        for slot in Slot.allCases {
            let limit = capacity.limit(for: slot).map(String.init) ?? "none"
            lines.append(DisplayWidth.padRight("\(slot)", to: 20) + "\(limit)")
        }
        for weekday in Weekday.allCases {
            for slot in Slot.allCases {
                guard let limit = capacity.limit(for: slot, on: weekday) else { continue }
                lines.append(DisplayWidth.padRight("\(weekday.name) \(slot)", to: 20) + "\(limit)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What `capacity [WEEKDAY] SLOT N|none` says of the limit it set (nil: none).
    public static func set(_ limit: Int?, for slot: Slot, on weekday: Weekday?) -> SafeText {
        let place = (weekday.map { $0.name + " " } ?? "") + slot.rawValue
        return limit.map { "capacity of \(place): \($0) open task\($0 == 1 ? "" : "s")" }
            ?? "capacity of \(place): none"
    }

    /// The warning for a task placed in a slot that holds `open` open tasks and has room for
    /// `limit`; nil when it is not over-full.
    public static func warning(for task: PlannerTask, open: Int, limit: Int) -> SafeText? {
        guard open > limit else { return nil }
        return
            "the \(task.date.shortLabel) \(task.slot) is over-full: \(open) open, room for \(limit) (rebalance proposes moves)"
    }

    /// `{"capacity": {...}}`, the document of `capacity --json`.
    public static func json(_ capacity: SlotCapacity) -> JSONValue { ["capacity": limits(capacity)] }

    /// The limits as the settings hold them: `{"morning": 3, "saturday": {"evening": 1}}`, slots
    /// first, then weekdays Monday first.
    public static func limits(_ capacity: SlotCapacity) -> JSONValue {
        var object = JSONObject()
        for slot in Slot.allCases {
            if let limit = capacity.limit(for: slot) { object[slot.rawValue] = .int(Int64(limit)) }
        }
        for weekday in Weekday.allCases {
            var day = JSONObject()
            var limited = false
            for slot in Slot.allCases {
                guard let limit = capacity.limit(for: slot, on: weekday) else { continue }
                day[slot.rawValue] = .int(Int64(limit))
                limited = true
            }
            if limited { object[weekday.name] = .object(day) }
        }
        return .object(object)
    }
}
