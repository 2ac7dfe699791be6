/// The words that name a month, a year or any history period, read as weeks are: `this` is
/// today's, `next` and `prev`/`last` are the view's neighbours.
extension DayResolver {
    /// The month a word names: `this`, `next`, `prev`/`last`, or `YYYY-MM`.
    public func requireMonth(_ word: String) throws(InputError) -> CalendarMonth {
        let month: CalendarMonth?
        switch word.lowercased() {
        case "this": month = CalendarMonth(today)
        case "next": month = CalendarMonth(view).adding(months: 1)
        case "prev", "last", "previous": month = CalendarMonth(view).adding(months: -1)
        default:
            guard let parsed = CalendarMonth(parsing: word) else {
                throw .invalid("'\(word)' is not a month; write this, next, last or YYYY-MM, e.g. 2026-11")
            }
            month = parsed
        }
        guard let month, CivilDate.supportedYears.contains(month.year) else { throw DayResolver.outOfRange }
        return month
    }

    /// The year a word names: `this`, `next`, `prev`/`last`, or `YYYY`.
    public func requireYear(_ word: String) throws(InputError) -> Int {
        let year: Int
        switch word.lowercased() {
        case "this": year = today.year
        case "next": year = view.year + 1
        case "prev", "last", "previous": year = view.year - 1
        default:
            guard word.utf8.count == 4, word.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let parsed = Int(word), parsed >= 1
            else { throw .invalid("'\(word)' is not a year; write this, next, last or YYYY, e.g. 2026") }
            year = parsed
        }
        guard CivilDate.supportedYears.contains(year) else { throw DayResolver.outOfRange }
        return year
    }

    /// The period that breaks into `unit`s (a week into days, a month into weeks, a year into
    /// months), named by `word`, or the one the view is in when there is no word.
    public func requirePeriod(_ word: String?, by unit: HistoryPeriod.Unit) throws(InputError) -> HistoryPeriod {
        switch unit {
        case .day: .week(try word.map { word throws(InputError) in try requireWeek(word) } ?? view.isoWeek)
        case .week: .month(try word.map { word throws(InputError) in try requireMonth(word) } ?? CalendarMonth(view))
        case .month: .year(try word.map { word throws(InputError) in try requireYear(word) } ?? view.year)
        }
    }
}
