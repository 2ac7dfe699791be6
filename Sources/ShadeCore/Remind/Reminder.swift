/// When a task's reminder goes off (SPEC §7, `remind:WHEN`): a lead time before the task (before
/// its time of day, or before its slot starts when it has none), a time of day on the task's
/// day, or the start of its slot.
public enum Reminder: Hashable, Sendable, CustomStringConvertible {
    /// `15m`, `1h`, `2h30m`, `1d`: this many minutes before the task.
    case before(minutes: Int)
    /// `07:45`: at this time on the task's day.
    case at(TimeOfDay)
    /// `slot`: when the task's slot starts.
    case slotStart

    /// The longest lead time a reminder may have: a week.
    public static let longestLead = 7 * 1440

    /// Parses WHEN: `15m`, `1h`, `2h30m`, `1d2h` (up to a week, `0m` at the task's own time),
    /// `HH:MM`, or `slot`.
    public init?(parsing text: some StringProtocol) {
        let lowered = text.lowercased()
        if lowered == "slot" {
            self = .slotStart
            return
        }
        if lowered.contains(":") {
            guard lowered.utf8.count == 5, let time = TimeOfDay(parsing: lowered) else { return nil }
            self = .at(time)
            return
        }
        guard let minutes = Reminder.leadMinutes(lowered), minutes <= Reminder.longestLead else { return nil }
        self = .before(minutes: minutes)
    }

    /// The minutes of a lead time (or an estimate) written with `d`, `h` and `m` parts, each at
    /// most once and in that order (`2h30m`); nil for anything else.
    static func leadMinutes(_ text: String) -> Int? {
        var total = 0
        var digits = 0
        var count = 0
        var lastUnit = -1
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                guard count < 6 else { return nil }
                digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                continue
            }
            let unit: (order: Int, minutes: Int)
            switch byte {
            case UInt8(ascii: "d"): unit = (0, 1440)
            case UInt8(ascii: "h"): unit = (1, 60)
            case UInt8(ascii: "m"): unit = (2, 1)
            default: return nil
            }
            guard count > 0, unit.order > lastUnit else { return nil }
            total += digits * unit.minutes
            lastUnit = unit.order
            digits = 0
            count = 0
        }
        guard count == 0, lastUnit >= 0 else { return nil }
        return total
    }

    /// WHEN as `remind:` takes it back: `15m`, `2h30m`, `1d`, `07:45`, `slot`.
    public var description: String {
        switch self {
        case .slotStart: return "slot"
        case .at(let time): return time.description
        case .before(let minutes):
            guard minutes > 0 else { return "0m" }
            let parts = [(minutes / 1440, "d"), (minutes % 1440 / 60, "h"), (minutes % 60, "m")]
            return parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
        }
    }

    /// How a view says it: `15 min before`, `at 07:45`, `when the slot starts`.
    public var phrase: String {
        switch self {
        case .slotStart: return "when its slot starts"
        case .at(let time): return "at \(time)"
        case .before(let minutes): return minutes == 0 ? "at its time" : "\(Reminder.duration(minutes)) before"
        }
    }

    /// `15 min`, `1 h`, `2 h 30 min`, `1 d`.
    public static func duration(_ minutes: Int) -> String {
        guard minutes > 0 else { return "0 min" }
        let parts = [(minutes / 1440, "d"), (minutes % 1440 / 60, "h"), (minutes % 60, "min")]
        return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: " ")
    }

    /// The moment it goes off for a task planned on `date` in `slot` (at `time`, when it has one).
    public func moment(date: CivilDate, slot: Slot, time: TimeOfDay?, schedule: SlotSchedule) -> LocalDateTime {
        switch self {
        case .slotStart: return LocalDateTime(date: date, time: schedule.on(date).start(of: slot))
        case .at(let time): return LocalDateTime(date: date, time: time)
        case .before(let minutes):
            return LocalDateTime(date: date, time: time ?? schedule.on(date).start(of: slot)).adding(minutes: -minutes)
        }
    }
}
