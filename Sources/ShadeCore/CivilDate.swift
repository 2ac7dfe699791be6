/// A calendar date without a time of day or a time zone, such as `2026-11-23`.
///
/// Dates are kept as calendar values on purpose: midnight does not exist on some DST days,
/// and an instant shown in another zone can land on the previous day.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The proleptic Gregorian year.
    public let year: Int
    /// The month, 1 through 12.
    public let month: Int
    /// The day of the month, 1 through 31.
    public let day: Int

    /// Creates a date when the three parts name a real calendar day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates a date from parts already known to be valid (any year, for week arithmetic).
    init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The years shade takes a date in, from the command line, the clock or an imported file
    /// (SPEC §14): 1900 through 9998. A store may still hold a date outside them (a hand edit
    /// can write any `YYYY-MM-DD`); it is read and shown, but no command or import makes one.
    public static let supportedYears = 1900...9998

    /// The dates shade takes: every day of `supportedYears`.
    public static let supported =
        CivilDate(
            uncheckedYear: supportedYears.lowerBound, month: 1, day: 1)...CivilDate(
            uncheckedYear: supportedYears.upperBound, month: 12, day: 31)

    /// Whether shade takes the date as input (it lies in `supported`).
    public var isSupported: Bool { CivilDate.supported.contains(self) }

    /// Creates the date that lies `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Parses an ISO date, exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        guard text.utf8.count == 10 else { return nil }
        let parts = Digits.withUTF8(of: text) { bytes -> (year: Int, month: Int, day: Int)? in
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                let y = Digits.value(bytes, 0..<4), let m = Digits.value(bytes, 5..<7),
                let d = Digits.value(bytes, 8..<10)
            else { return nil }
            return (y, m, d)
        }
        guard let parts else { return nil }
        self.init(year: parts.year, month: parts.month, day: parts.day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The number of days from this date to `other`.
    public func days(to other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// The ISO weekday of this date.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO 4).
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    /// The ISO-8601 week this date belongs to (the week-year may differ from `year`).
    public var isoWeek: ISOWeek {
        let thursday = adding(days: 4 - weekday.rawValue)
        let jan1 = CivilDate(uncheckedYear: thursday.year, month: 1, day: 1)
        let week = jan1.days(to: thursday) / 7 + 1
        return ISOWeek(uncheckedYear: thursday.year, week: week)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        Digits.fixedWidth((year, 4), Digits.literal("-"), (month, 2), Digits.literal("-"), (day, 2))
            ?? Digits.padded(year, 4) + "-" + Digits.padded(month, 2) + "-" + Digits.padded(day, 2)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Whether `year` has a 29th of February.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month of a year.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `Mon 3 Nov`: the weekday, the day unpadded and the month, as a sentence says the day.
    public var shortLabel: String { "\(weekday.label) \(day) \(monthAbbreviation)" }

    /// Short English month name, `Jan` … `Dec`.
    public var monthAbbreviation: String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
    }
}
