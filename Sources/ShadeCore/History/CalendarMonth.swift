/// A month of the calendar, written `2026-11`.
public struct CalendarMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    /// 1 (January) to 12.
    public let month: Int

    /// The month, when `year` is 1…9999 and `month` 1…12.
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month a day falls in.
    public init(_ date: CivilDate) {
        year = date.year
        month = date.month
    }

    /// Reads `YYYY-MM`.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// Its first day.
    public var first: CivilDate { CivilDate(uncheckedYear: year, month: month, day: 1) }

    /// Its last day.
    public var last: CivilDate { first.adding(days: CivilDate.daysInMonth(year: year, month: month) - 1) }

    /// The month `count` months later (earlier when negative).
    public func adding(months count: Int) -> CalendarMonth {
        let index = year * 12 + (month - 1) + count
        return CalendarMonth(uncheckedYear: index / 12, month: index % 12 + 1)
    }

    /// The ISO weeks of the month: those whose Thursday falls in it, as ISO gives a week to the
    /// year its Thursday falls in. Every week belongs to exactly one month this way.
    public var weeks: [ISOWeek] {
        var week = first.isoWeek
        if CalendarMonth(week.date(of: .thursday)) < self { week = week.adding(weeks: 1) }
        var result: [ISOWeek] = []
        while CalendarMonth(week.date(of: .thursday)) == self {
            result.append(week)
            week = week.adding(weeks: 1)
        }
        return result
    }

    /// `Nov`.
    public var abbreviation: String { first.monthAbbreviation }

    /// `2026-11`.
    public var description: String { Digits.padded(year, 4) + "-" + Digits.padded(month, 2) }

    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    private init(uncheckedYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }
}
