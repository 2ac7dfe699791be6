/// Turns the words a user writes for days and weeks into dates and weeks.
///
/// `today`, `tomorrow` and `yesterday` follow the clock; weekday names mean that weekday of
/// the week in view; ISO dates mean themselves.
public struct DayResolver: Sendable {
    /// Today by the clock.
    public let today: CivilDate
    /// The day in view (its week gives weekday names their meaning).
    public let view: CivilDate

    /// Creates a resolver.
    public init(today: CivilDate, view: CivilDate) {
        self.today = today
        self.view = view
    }

    /// The date a word names, or nil when the word is not a day (or names one outside years
    /// 1 through 9999).
    public func date(for word: String) -> CivilDate? {
        // The longest day words are "yesterday", "wednesday" and YYYY-MM-DD.
        guard word.utf8.count <= 10 else { return nil }
        let date: CivilDate?
        switch word.lowercased() {
        case "today": date = today
        case "tomorrow": date = today.adding(days: 1)
        case "yesterday": date = today.adding(days: -1)
        default: date = Weekday(name: word).map { view.isoWeek.date(of: $0) } ?? CivilDate(iso: word)
        }
        return date.flatMap { $0.isSupported ? $0 : nil }
    }

    /// Like `date(for:)`, but throws a message that lists what a day may be.
    public func requireDate(_ word: String) throws(InputError) -> CivilDate {
        if let date = date(for: word) { return date }
        if Weekday(name: word) != nil || ["today", "tomorrow", "yesterday"].contains(word.lowercased()) {
            throw DayResolver.outOfRange
        }
        if word.utf8.count == 10, word.contains("-") {
            throw .invalid("'\(word)' is not a calendar date; write YYYY-MM-DD, e.g. 2026-11-23")
        }
        throw .invalid(
            "'\(word)' is not a day; write today, tomorrow, yesterday, a weekday (mon … sun) or YYYY-MM-DD")
    }

    /// The week a word names: `this` (the week of today), `next` / `prev` / `last` (relative to
    /// the week in view) or `YYYY-Www`; nil when the word is not a week.
    public func week(for word: String) -> ISOWeek? {
        let week: ISOWeek?
        switch word.lowercased() {
        case "this": week = today.isoWeek
        case "next": week = view.isoWeek.adding(weeks: 1)
        case "prev", "last", "previous": week = view.isoWeek.adding(weeks: -1)
        default: week = ISOWeek(parsing: word)
        }
        return week.flatMap { $0.monday.isSupported && $0.sunday.isSupported ? $0 : nil }
    }

    /// The error for a move past the calendar's ends.
    public static let outOfRange = InputError.invalid("shade plans from 0001-01-01 to 9999-12-31; that is past the end")

    /// Like `week(for:)`, but throws a message that says what a week may be.
    public func requireWeek(_ word: String) throws(InputError) -> ISOWeek {
        if let week = week(for: word) { return week }
        if ["this", "next", "prev", "last", "previous"].contains(word.lowercased()) || ISOWeek(parsing: word) != nil {
            throw DayResolver.outOfRange
        }
        if word.utf8.count == 8, word.uppercased().contains("-W"),
            let year = Int(word.prefix(4))
        {
            throw .invalid(
                "'\(word)' is not a week of \(year): it has weeks W01 to W\(ISOWeek.weeksIn(year: min(max(year, 1), 9999)))"
            )
        }
        throw .invalid("'\(word)' is not a week; write this, next, prev, last or YYYY-Www, e.g. 2026-W48")
    }
}
