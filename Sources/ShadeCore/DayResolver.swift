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

    /// The date a word names, or nil when the word is not a day.
    public func date(for word: String) -> CivilDate? {
        switch word.lowercased() {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if let weekday = Weekday(name: word) { return view.isoWeek.date(of: weekday) }
        return CivilDate(iso: word)
    }

    /// Like `date(for:)`, but throws a message that lists what a day may be.
    public func requireDate(_ word: String) throws(InputError) -> CivilDate {
        if let date = date(for: word) { return date }
        if word.utf8.count == 10, word.contains("-") {
            throw .invalid("'\(word)' is not a calendar date; write YYYY-MM-DD, e.g. 2026-11-23")
        }
        throw .invalid(
            "'\(word)' is not a day; write today, tomorrow, yesterday, a weekday (mon … sun) or YYYY-MM-DD")
    }

    /// The week a word names: `this` (the week of today), `next` / `prev` / `last` (relative to
    /// the week in view) or `YYYY-Www`; nil when the word is not a week.
    public func week(for word: String) -> ISOWeek? {
        switch word.lowercased() {
        case "this": return today.isoWeek
        case "next": return view.isoWeek.adding(weeks: 1)
        case "prev", "last", "previous": return view.isoWeek.adding(weeks: -1)
        default: return ISOWeek(parsing: word)
        }
    }

    /// Like `week(for:)`, but throws a message that says what a week may be.
    public func requireWeek(_ word: String) throws(InputError) -> ISOWeek {
        if let week = week(for: word) { return week }
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
