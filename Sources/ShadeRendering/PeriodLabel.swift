import ShadeCore

/// How a history period is named in text views: `Mon 23 Nov`, `W48 23 Nov`, `Nov 2026`, `2026`.
public enum PeriodLabel {
    /// The label of a part of a chart or a `stats --by` table (short, for a column).
    public static func short(_ period: HistoryPeriod) -> SafeText {
        switch period {
        case .day(let date): RateFormat.shortDate(date)
        case .week(let week): "W\(Digits.padded(week.week, 2)) " + RateFormat.dayMonth(week.monday)
        case .month(let month): "\(month.abbreviation) \(Digits.padded(month.year, 4))"
        case .year(let year): "\(Digits.padded(year, 4))"
        }
    }

    /// The title of a whole period: `2026-W48 · 23–29 Nov 2026`, `November 2026`, `2026`.
    public static func title(_ period: HistoryPeriod) -> SafeText {
        switch period {
        case .day(let date): RateFormat.longDate(date)
        case .week(let week):
            "\(week) · \(week.monday.day) \(week.monday.monthAbbreviation) – \(week.sunday.day) "
                + "\(week.sunday.monthAbbreviation) \(Digits.padded(week.sunday.year, 4))"
        case .month(let month):
            "\(monthNames[month.month - 1]) \(Digits.padded(month.year, 4))"
        case .year(let year): "\(Digits.padded(year, 4))"
        }
    }

    /// What the parts of a unit are called: `days`, `weeks`, `months`.
    public static func plural(_ unit: HistoryPeriod.Unit) -> String { unit.rawValue + "s" }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
