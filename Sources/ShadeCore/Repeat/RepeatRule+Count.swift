/// Where `count:N` ends a rule (SPEC §16): the day it reaches for the Nth time, worked out from the
/// anchor by arithmetic, or by stepping whole periods where some have no day (a month without the
/// anchor's 31st, a year without 29 February) — never by listing the days between, so that a
/// series read from a file (a hostile one too) costs what its rule is, not what its count is.
extension RepeatRule {
    /// The day this rule reaches for the `n`th time (1: the first) from `anchor`; nil when that is
    /// past the last day a planner holds, or for an after-completion rule (which counts its
    /// successors as they are made).
    func nthDate(_ n: Int, anchor: CivilDate) -> CivilDate? {
        guard n >= 1 else { return nil }
        let last = CivilDate.supported.upperBound
        func within(_ date: CivilDate?) -> CivilDate? { date.flatMap { $0 <= last ? $0 : nil } }
        switch self {
        case .daily: return within(anchor.adding(days: n - 1))
        case .everyDays(let interval): return within(anchor.adding(days: (n - 1) * interval))
        case .weekly(let interval): return within(anchor.adding(days: (n - 1) * 7 * interval))
        case .weekdays, .weekends, .onWeekdays:
            // Any seven days from the anchor hold each weekday once: the rest is whole weeks.
            let week = dates(anchor: anchor, until: nil, from: anchor, through: anchor.adding(days: 6))
            guard !week.isEmpty else { return nil }
            return within(week[(n - 1) % week.count].adding(days: 7 * ((n - 1) / week.count)))
        case .monthly: return Self.nthMonthDay(n, anchor: anchor, step: 1)
        case .everyMonths(let interval): return Self.nthMonthDay(n, anchor: anchor, step: interval)
        case .yearly: return Self.nthMonthDay(n, anchor: anchor, step: 12)
        case .nthWeekday(let ordinal, let weekday):
            // Every month has its nth (and last) weekday: the first month is the anchor's, or the
            // next when the anchor's comes before the anchor.
            let first = Self.nth(ordinal, weekday, year: anchor.year, month: anchor.month).map { $0 < anchor } ?? true
            let (year, month) = Self.month(anchor, plus: n - 1 + (first ? 1 : 0))
            guard year <= last.year else { return nil }
            return within(Self.nth(ordinal, weekday, year: year, month: month))
        case .monthEnd:
            let (year, month) = Self.month(anchor, plus: n - 1)
            guard year <= last.year else { return nil }
            return within(CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month)))
        case .daysAfterDone, .weeksAfterDone: return nil
        }
    }

    /// The `n`th of the months `step` apart from the anchor's that have the anchor's day.
    private static func nthMonthDay(_ n: Int, anchor: CivilDate, step: Int) -> CivilDate? {
        let last = CivilDate.supported.upperBound
        // Every month has days 1 to 28: the nth is the nth month.
        if anchor.day <= 28 {
            let (year, month) = month(anchor, plus: (n - 1) * step)
            guard year <= last.year else { return nil }
            return CivilDate(year: year, month: month, day: anchor.day)
        }
        // 29 February every year: the nth leap year from the anchor's, by counting them.
        if anchor.month == 2, anchor.day == 29, step == 12 {
            func leapYears(through year: Int) -> Int { year / 4 - year / 100 + year / 400 }
            let before = leapYears(through: anchor.year - 1)
            var (low, high) = (anchor.year, last.year)
            guard leapYears(through: high) - before >= n else { return nil }
            while low < high {
                let middle = (low + high) / 2
                if leapYears(through: middle) - before >= n { high = middle } else { low = middle + 1 }
            }
            return CivilDate(year: low, month: 2, day: 29)
        }
        // A 30th or 31st is in the same months of every year: whole cycles of the months `step`
        // apart (at most twelve steps) at once, then the rest of one.
        var cycle = 0
        var valid: [Int] = []
        if anchor.day >= 30 {
            repeat {
                let (year, month) = month(anchor, plus: cycle * step)
                if anchor.day <= CivilDate.daysInMonth(year: year, month: month) { valid.append(cycle) }
                cycle += 1
            } while cycle * step % 12 != 0
        }
        if !valid.isEmpty {
            let offset = ((n - 1) / valid.count * cycle + valid[(n - 1) % valid.count]) * step
            let (year, month) = month(anchor, plus: offset)
            guard year <= last.year else { return nil }
            return CivilDate(year: year, month: month, day: anchor.day)
        }
        var found = 0
        var offset = 0
        while true {
            let (year, month) = month(anchor, plus: offset)
            guard year <= last.year else { return nil }
            if let date = CivilDate(year: year, month: month, day: anchor.day) {
                found += 1
                if found == n { return date }
            }
            offset += step
        }
    }

    /// The year and month `count` months after `date`'s.
    private static func month(_ date: CivilDate, plus count: Int) -> (year: Int, month: Int) {
        let total = date.year * 12 + date.month - 1 + count
        return (total / 12, total % 12 + 1)
    }
}
