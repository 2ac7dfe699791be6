/// A span of time history is told by: a day, an ISO week, a calendar month or a year, written
/// `2026-11-23`, `2026-W48`, `2026-11` or `2026`.
public enum HistoryPeriod: Hashable, Sendable, CustomStringConvertible {
    case day(CivilDate)
    case week(ISOWeek)
    case month(CalendarMonth)
    case year(Int)

    /// How a period breaks into the parts a chart or `stats --by` shows.
    public enum Unit: String, CaseIterable, Sendable {
        case day, week, month
    }

    /// Reads `2026-11-23`, `2026-W48`, `2026-11` or `2026`.
    public init?(parsing text: String) {
        if let date = CivilDate(iso: text) {
            self = .day(date)
        } else if let week = ISOWeek(parsing: text) {
            self = .week(week)
        } else if let month = CalendarMonth(parsing: text) {
            self = .month(month)
        } else if text.utf8.count == 4, let year = Int(text), (1...9999).contains(year) {
            self = .year(year)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .day(let date): date.description
        case .week(let week): week.description
        case .month(let month): month.description
        case .year(let year): Digits.padded(year, 4)
        }
    }

    /// The parts of the period in `unit`, in order: the days of a week, the weeks of a month
    /// (those whose Thursday falls in it), the months of a year. Nil when the period does not
    /// break into that unit (a day into weeks).
    public func parts(by unit: Unit) -> [HistoryPeriod]? {
        switch (self, unit) {
        case (.week(let week), .day): week.days.map(HistoryPeriod.day)
        case (.month(let month), .week): month.weeks.map(HistoryPeriod.week)
        case (.year(let year), .month):
            (1...12).compactMap { CalendarMonth(year: year, month: $0) }.map(HistoryPeriod.month)
        default: nil
        }
    }

    /// The first and last ISO weeks any of its days fall in (what must be read to count it).
    public var weeks: (first: ISOWeek, last: ISOWeek) {
        switch self {
        case .day(let date): (date.isoWeek, date.isoWeek)
        case .week(let week): (week, week)
        case .month, .year: (days.first.isoWeek, days.last.isoWeek)
        }
    }

    /// Its first and last day.
    public var days: (first: CivilDate, last: CivilDate) {
        switch self {
        case .day(let date): (date, date)
        case .week(let week): (week.monday, week.sunday)
        case .month(let month): (month.first, month.last)
        case .year(let year):
            (CivilDate(uncheckedYear: year, month: 1, day: 1), CivilDate(uncheckedYear: year, month: 12, day: 31))
        }
    }

    /// Whether a day's tasks count in the period. A month's weeks are whole ISO weeks, so a month
    /// broken into weeks counts the days of its first and last weeks that lie in the months
    /// around it (see `parts(by:)`); a month itself counts its own days.
    public func contains(_ date: CivilDate) -> Bool {
        switch self {
        case .day(let day): date == day
        case .week(let week): date.isoWeek == week
        case .month(let month): CalendarMonth(date) == month
        case .year(let year): date.year == year
        }
    }

    /// Whether a goal set for a day or a week counts in the period: a day's goal where its day
    /// is, a week's goal in its week, and in the month and year its Thursday falls in.
    public func contains(_ goal: GoalPeriod) -> Bool {
        switch (self, goal) {
        case (.day(let day), .day(let date)): day == date
        case (.day, .week): false
        case (_, .day(let date)): contains(date)
        case (.week(let week), .week(let goalWeek)): week == goalWeek
        case (_, .week(let goalWeek)): contains(goalWeek.date(of: .thursday))
        }
    }
}
