/// How a task repeats (SPEC §7), from the day it was first planned for (its anchor):
/// every day, every weekday (Mon–Fri), every weekend day, every week or every N weeks on the
/// anchor's weekday, every week on a list of weekdays, every month on the anchor's day of the
/// month (a month without that day is skipped, as RFC 5545 does), every year on the anchor's
/// month and day (29 February only in leap years).
public enum RepeatRule: Hashable, Sendable, CustomStringConvertible {
    case daily
    case weekdays
    case weekends
    /// Every `interval` weeks on the anchor's weekday (1: every week).
    case weekly(interval: Int)
    /// Every week on these weekdays.
    case onWeekdays(Set<Weekday>)
    case monthly
    case yearly

    /// The largest N of `Nweeks`.
    public static let maximumWeekInterval = 52

    /// Reads `day`, `weekday`, `weekend`, `week`, `2weeks`, `mon,wed,fri`, `month`, `year` (any
    /// case; `daily`, `weekdays`, `weekly`, `monthly`, `yearly` too).
    public init?(parsing text: String) {
        let word = text.lowercased()
        switch word {
        case "day", "daily": self = .daily
        case "weekday", "weekdays": self = .weekdays
        case "weekend", "weekends": self = .weekends
        case "week", "weekly", "1week", "1weeks": self = .weekly(interval: 1)
        case "month", "monthly": self = .monthly
        case "year", "yearly": self = .yearly
        default:
            if word.hasSuffix("weeks"), let count = Int(word.dropLast(5)),
                (1...RepeatRule.maximumWeekInterval).contains(count)
            {
                self = .weekly(interval: count)
                return
            }
            let names = word.split(separator: ",", omittingEmptySubsequences: false)
            var days: Set<Weekday> = []
            for name in names {
                guard let day = Weekday(name: String(name)), days.insert(day).inserted else { return nil }
            }
            guard !days.isEmpty else { return nil }
            self = .onWeekdays(days)
        }
    }

    /// The rule as `every:` takes it back: `weekday`, `2weeks`, `mon,wed,fri`.
    public var description: String {
        switch self {
        case .daily: "day"
        case .weekdays: "weekday"
        case .weekends: "weekend"
        case .weekly(let interval): interval == 1 ? "week" : "\(interval)weeks"
        case .onWeekdays(let days): days.sorted { $0.rawValue < $1.rawValue }.map(\.shortName).joined(separator: ",")
        case .monthly: "month"
        case .yearly: "year"
        }
    }

    /// The dates from `first` through `last` on which a series anchored at `anchor` occurs (none
    /// before the anchor, none after `until`), in order. Costs what the range holds, however long
    /// the series has run.
    public func dates(anchor: CivilDate, until: CivilDate?, from first: CivilDate, through last: CivilDate)
        -> [CivilDate]
    {
        let start = max(first, anchor)
        let end = until.map { min($0, last) } ?? last
        guard start <= end else { return [] }
        switch self {
        case .daily:
            return (0...start.days(to: end)).map { start.adding(days: $0) }
        case .weekdays:
            return days(from: start, through: end) { $0.weekday.rawValue <= 5 }
        case .weekends:
            return days(from: start, through: end) { $0.weekday.rawValue >= 6 }
        case .onWeekdays(let set):
            return days(from: start, through: end) { set.contains($0.weekday) }
        case .weekly(let interval):
            let step = 7 * interval
            // The first occurrence on or after `start`: anchor + k·step.
            let offset = anchor.days(to: start)
            var date = anchor.adding(days: (offset + step - 1) / step * step)
            var result: [CivilDate] = []
            while date <= end {
                result.append(date)
                date = date.adding(days: step)
            }
            return result
        case .monthly:
            var result: [CivilDate] = []
            var (year, month) = (start.year, start.month)
            while (year, month) <= (end.year, end.month) {
                if let date = CivilDate(year: year, month: month, day: anchor.day), date >= start, date <= end {
                    result.append(date)
                }
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
            }
            return result
        case .yearly:
            return (start.year...end.year).compactMap { year in
                guard let date = CivilDate(year: year, month: anchor.month, day: anchor.day), date >= start,
                    date <= end
                else { return nil }
                return date
            }
        }
    }

    /// Whether the series occurs on `date`.
    public func occurs(on date: CivilDate, anchor: CivilDate, until: CivilDate?) -> Bool {
        !dates(anchor: anchor, until: until, from: date, through: date).isEmpty
    }

    private func days(from start: CivilDate, through end: CivilDate, where keep: (CivilDate) -> Bool) -> [CivilDate] {
        (0...start.days(to: end)).map { start.adding(days: $0) }.filter(keep)
    }
}
