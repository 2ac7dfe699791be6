/// An ISO-8601 week, Monday to Sunday, named like `2026-W48`.
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The ISO week-year, which differs from the calendar year near new year.
    public let year: Int
    /// The week number, 1 through 52 or 53.
    public let week: Int

    init(uncheckedYear year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    /// Creates a week when the week-year has that many weeks.
    public init?(year: Int, week: Int) {
        // Every week-year has weeks 1 to 52; only some have a 53rd.
        guard (1...9999).contains(year), (1...52).contains(week) || (week == 53 && ISOWeek.weeksIn(year: year) == 53)
        else { return nil }
        self.init(uncheckedYear: year, week: week)
    }

    /// Parses `YYYY-Www` (the `W` in either case).
    public init?(parsing text: some StringProtocol) {
        guard text.utf8.count == 8 else { return nil }
        let parts = Digits.withUTF8(of: text) { bytes -> (year: Int, week: Int)? in
            guard bytes[4] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "W") || bytes[5] == UInt8(ascii: "w"),
                let y = Digits.value(bytes, 0..<4), let w = Digits.value(bytes, 6..<8)
            else { return nil }
            return (y, w)
        }
        guard let parts else { return nil }
        self.init(year: parts.year, week: parts.week)
    }

    /// The number of ISO weeks in a week-year: 53 when 28 December falls in week 53.
    public static func weeksIn(year: Int) -> Int {
        CivilDate(uncheckedYear: year, month: 12, day: 28).isoWeek.week
    }

    /// The Monday that starts the week.
    public var monday: CivilDate {
        // 4 January is always in week 1.
        let jan4 = CivilDate(uncheckedYear: year, month: 1, day: 4)
        return jan4.adding(days: 1 - jan4.weekday.rawValue + (week - 1) * 7)
    }

    /// The Sunday that ends the week.
    public var sunday: CivilDate { monday.adding(days: 6) }

    /// The seven days of the week, Monday first.
    public var days: [CivilDate] { (0..<7).map { monday.adding(days: $0) } }

    /// The date of a weekday in this week.
    public func date(of weekday: Weekday) -> CivilDate { monday.adding(days: weekday.rawValue - 1) }

    /// The week `count` weeks later (earlier when negative).
    public func adding(weeks count: Int) -> ISOWeek { monday.adding(days: 7 * count).isoWeek }

    /// `YYYY-Www`.
    public var description: String {
        Digits.fixedWidth((year, 4), Digits.literal("-"), Digits.literal("W"), (week, 2))
            ?? Digits.padded(year, 4) + "-W" + Digits.padded(week, 2)
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }
}
