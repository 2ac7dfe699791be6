/// How a task repeats (SPEC §7, §16), from the day it was first planned for (its anchor):
/// every day or every N days, every weekday (Mon–Fri), every weekend day, every week or every N
/// weeks on the anchor's weekday, every week on a list of weekdays, every month or every N
/// months on the anchor's day of the month (a month without that day is skipped, as RFC 5545
/// does), the nth or last weekday of every month (`2nd-fri`, `last-fri`), the last day of every
/// month, every year on the anchor's month and day (29 February only in leap years).
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
    /// Every `interval` days from the anchor (2 or more: 1 is `daily`).
    case everyDays(interval: Int)
    /// Every `interval` months on the anchor's day (2 or more: 1 is `monthly`).
    case everyMonths(interval: Int)
    /// The `ordinal`th weekday of every month (1 to 4), or its last (-1).
    case nthWeekday(ordinal: Int, Weekday)
    /// The last day of every month.
    case monthEnd
    /// `+Nd`: again N days after the previous occurrence was done (the first on the anchor; each
    /// next one made when one is done: `AfterDoneOperations`).
    case daysAfterDone(Int)
    /// `+Nw`: again N weeks after the previous occurrence was done.
    case weeksAfterDone(Int)

    /// The largest N of `Nweeks`.
    public static let maximumWeekInterval = 52
    /// The largest N of `Ndays`.
    public static let maximumDayInterval = 366
    /// The largest N of `Nmonths`.
    public static let maximumMonthInterval = 24
    /// The words of the ordinals of `1st-mon` … `4th-mon`, and `last-mon`.
    static let ordinals: [(word: String, ordinal: Int)] = [
        ("1st", 1), ("2nd", 2), ("3rd", 3), ("4th", 4), ("last", -1),
    ]

    /// Reads `day`, `weekday`, `weekend`, `week`, `2weeks`, `mon,wed,fri`, `month`, `year` (any
    /// case; `daily`, `weekdays`, `weekly`, `monthly`, `yearly` too).
    public init?(parsing text: String) {
        let word = text.lowercased()
        if word.hasPrefix("+"), let unit = word.last, let count = Self.count(word.dropFirst().dropLast()) {
            switch unit {
            case "d" where (1...RepeatRule.maximumDayInterval).contains(count): self = .daysAfterDone(count)
            case "w" where (1...RepeatRule.maximumWeekInterval).contains(count): self = .weeksAfterDone(count)
            default: return nil
            }
            return
        }
        switch word {
        case "day", "daily": self = .daily
        case "weekday", "weekdays": self = .weekdays
        case "weekend", "weekends": self = .weekends
        case "week", "weekly", "1week", "1weeks": self = .weekly(interval: 1)
        case "month", "monthly": self = .monthly
        case "year", "yearly": self = .yearly
        case "month-end", "monthend": self = .monthEnd
        default:
            if word.hasSuffix("weeks"), let count = Self.count(word.dropLast(5)),
                (1...RepeatRule.maximumWeekInterval).contains(count)
            {
                self = .weekly(interval: count)
                return
            }
            if word.hasSuffix("days"), let count = Self.count(word.dropLast(4)),
                (1...RepeatRule.maximumDayInterval).contains(count)
            {
                self = count == 1 ? .daily : .everyDays(interval: count)
                return
            }
            if word.hasSuffix("months"), let count = Self.count(word.dropLast(6)),
                (1...RepeatRule.maximumMonthInterval).contains(count)
            {
                self = count == 1 ? .monthly : .everyMonths(interval: count)
                return
            }
            if let dash = word.firstIndex(of: "-"),
                let ordinal = Self.ordinals.first(where: { $0.word == word[..<dash] })?.ordinal,
                let day = Weekday(name: String(word[word.index(after: dash)...]))
            {
                self = .nthWeekday(ordinal: ordinal, day)
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
        case .everyDays(let interval): "\(interval)days"
        case .everyMonths(let interval): "\(interval)months"
        case .nthWeekday(let ordinal, let day):
            "\(Self.ordinals.first { $0.ordinal == ordinal }?.word ?? "\(ordinal)th")-\(day.shortName)"
        case .monthEnd: "month-end"
        case .daysAfterDone(let days): "+\(days)d"
        case .weeksAfterDone(let weeks): "+\(weeks)w"
        }
    }

    /// The days after a completion the next occurrence comes, for an after-completion rule.
    public var daysAfterDone: Int? {
        switch self {
        case .daysAfterDone(let days): days
        case .weeksAfterDone(let weeks): 7 * weeks
        default: nil
        }
    }

    /// The N of `Ndays`: digits alone (no sign, no spaces).
    private static func count(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
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
            return steps(of: 7 * interval, anchor: anchor, from: start, through: end)
        case .monthly:
            return months(from: start, through: end) { year, month in
                CivilDate(year: year, month: month, day: anchor.day)
            }
        case .yearly:
            return (start.year...end.year).compactMap { year in
                guard let date = CivilDate(year: year, month: anchor.month, day: anchor.day), date >= start,
                    date <= end
                else { return nil }
                return date
            }
        case .everyDays(let interval):
            return steps(of: interval, anchor: anchor, from: start, through: end)
        case .everyMonths(let interval):
            return months(from: start, through: end) { year, month in
                let since = (year - anchor.year) * 12 + month - anchor.month
                guard since % interval == 0 else { return nil }
                return CivilDate(year: year, month: month, day: anchor.day)
            }
        case .nthWeekday(let ordinal, let weekday):
            return months(from: start, through: end) { year, month in
                Self.nth(ordinal, weekday, year: year, month: month)
            }
        case .monthEnd:
            return months(from: start, through: end) { year, month in
                CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))
            }
        case .daysAfterDone, .weeksAfterDone:
            // Only the first is on a day the rule knows: each next one follows a completion.
            return start == anchor ? [anchor] : []
        }
    }

    /// The days `step` days apart from `anchor` that lie from `start` through `end`.
    private func steps(of step: Int, anchor: CivilDate, from start: CivilDate, through end: CivilDate)
        -> [CivilDate]
    {
        // The first occurrence on or after `start`: anchor + k·step.
        let offset = anchor.days(to: start)
        var date = anchor.adding(days: (offset + step - 1) / step * step)
        var result: [CivilDate] = []
        while date <= end {
            result.append(date)
            date = date.adding(days: step)
        }
        return result
    }

    /// The day each month from `start`'s through `end`'s gives (`day`: nil for none), kept when
    /// it lies from `start` through `end`.
    private func months(
        from start: CivilDate, through end: CivilDate, day: (Int, Int) -> CivilDate?
    ) -> [CivilDate] {
        var result: [CivilDate] = []
        var (year, month) = (start.year, start.month)
        while (year, month) <= (end.year, end.month) {
            if let date = day(year, month), date >= start, date <= end { result.append(date) }
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return result
    }

    /// The `ordinal`th `weekday` of a month (-1: its last).
    static func nth(_ ordinal: Int, _ weekday: Weekday, year: Int, month: Int) -> CivilDate? {
        guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
        let length = CivilDate.daysInMonth(year: year, month: month)
        if ordinal > 0 {
            let offset = (weekday.rawValue - first.weekday.rawValue + 7) % 7
            let day = 1 + offset + (ordinal - 1) * 7
            return day <= length ? CivilDate(year: year, month: month, day: day) : nil
        }
        guard let last = CivilDate(year: year, month: month, day: length) else { return nil }
        let back = (last.weekday.rawValue - weekday.rawValue + 7) % 7
        return CivilDate(year: year, month: month, day: length - back)
    }

    /// Whether the series occurs on `date`.
    public func occurs(on date: CivilDate, anchor: CivilDate, until: CivilDate?) -> Bool {
        !dates(anchor: anchor, until: until, from: date, through: date).isEmpty
    }

    private func days(from start: CivilDate, through end: CivilDate, where keep: (CivilDate) -> Bool) -> [CivilDate] {
        (0...start.days(to: end)).map { start.adding(days: $0) }.filter(keep)
    }
}
