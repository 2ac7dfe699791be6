/// Turns the words a user writes for days and weeks into dates and weeks.
///
/// `today`, `tomorrow` and `yesterday` follow the clock, and so do `in 3 days` and `in 2 weeks`;
/// weekday names mean that weekday of the week in view; ISO dates mean themselves.
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

    /// The date a word names, or nil when the word is not a day (or names one outside
    /// `CivilDate.supported`, years 1900 through 9998).
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

    /// A day written as the first one or two of `words`: a day word (`tue`, `tomorrow`,
    /// `2026-11-24`) or a weekday after `this`, `next` or `last`/`prev` (`next mon`: that weekday
    /// of the week after the one in view; `this fri`: of the week in view; `last sun`: of the week
    /// before). Returns the date and how many words it took, or nil when the words start with no
    /// day.
    public func leadingDate(in words: ArraySlice<String>) -> (date: CivilDate, count: Int)? {
        guard let first = words.first else { return nil }
        if let date = relativeDate(words.prefix(3)) { return (date, 3) }
        if words.count >= 2, let offset = DayResolver.weekOffset(first),
            let weekday = Weekday(name: words[words.index(after: words.startIndex)])
        {
            let date = view.isoWeek.adding(weeks: offset).date(of: weekday)
            return date.isSupported ? (date, 2) : nil
        }
        return date(for: first).map { ($0, 1) }
    }

    /// The most days or weeks `in N days` may count.
    public static let longestCount = 3660

    /// The day three words name from today (SPEC §16): `in 3 days`, `in 2 weeks` (`day` and
    /// `week` too), or nil when they are not such words or name a day outside the years shade
    /// takes.
    func relativeDate(_ words: ArraySlice<String>) -> CivilDate? {
        guard words.count == 3 else { return nil }
        let list = Array(words)
        guard list[0].lowercased() == "in", list[1].utf8.count <= 4, list[1].allSatisfy(\.isASCII),
            let count = Int(list[1]), list[1].first != "+", (0...Self.longestCount).contains(count)
        else { return nil }
        // `1 day`, `3 days`: the singular only for one (a title like "In 2027 week 1" is no day).
        let days: Int
        switch (list[2].lowercased(), count == 1) {
        case ("days", _), ("day", true): days = count
        case ("weeks", _), ("week", true): days = count * 7
        default: return nil
        }
        let date = today.adding(days: days)
        return date.isSupported ? date : nil
    }

    /// The words `this`, `next`, `last`/`prev`/`previous` as a number of weeks from the one in view.
    public static func weekOffset(_ word: String) -> Int? {
        switch word.lowercased() {
        case "this": 0
        case "next": 1
        case "last", "prev", "previous": -1
        default: nil
        }
    }

    /// The day the words name, all of them (`tue`, `next mon`), or a message that lists what a
    /// day may be.
    public func requireDate(words: [String]) throws(InputError) -> CivilDate {
        if words.count == 2, let found = leadingDate(in: words[...]), found.count == 2 { return found.date }
        if words.count == 3, let date = relativeDate(words[...]) { return date }
        if words.count == 3, words[0].lowercased() == "in" {
            throw .invalid(
                "'\(words.joined(separator: " "))' is not a day; write in N days or in N weeks (N up to \(Self.longestCount))"
            )
        }
        if words.count == 2, DayResolver.weekOffset(words[0]) != nil {
            if Weekday(name: words[1]) != nil { throw DayResolver.outOfRange }
            throw .invalid(
                "'\(words.joined(separator: " "))' is not a day; after \(words[0].lowercased()) comes a weekday, e.g. \(words[0].lowercased()) mon"
            )
        }
        guard words.count == 1 else {
            throw .invalid(
                "'\(words.joined(separator: " "))' is not a day; write today, tomorrow, a weekday (mon, next mon) or YYYY-MM-DD"
            )
        }
        return try requireDate(words[0])
    }

    /// Like `date(for:)`, but throws a message that lists what a day may be.
    public func requireDate(_ word: String) throws(InputError) -> CivilDate {
        if let date = date(for: word) { return date }
        if Weekday(name: word) != nil || ["today", "tomorrow", "yesterday"].contains(word.lowercased())
            || CivilDate(iso: word) != nil
        {
            throw DayResolver.outOfRange
        }
        if word.utf8.count == 10, word.contains("-") {
            throw .invalid("'\(word)' is not a calendar date; write YYYY-MM-DD, e.g. 2026-11-23")
        }
        throw .invalid(
            "'\(word)' is not a day; write today, tomorrow, yesterday, a weekday (mon … sun, next mon, this fri), in N days or YYYY-MM-DD"
        )
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

    /// The error for a date, a week or a move outside the dates shade takes.
    public static let outOfRange = InputError.invalid(
        "shade takes dates from \(CivilDate.supported.lowerBound) to \(CivilDate.supported.upperBound) (years \(CivilDate.supportedYears.lowerBound) to \(CivilDate.supportedYears.upperBound)); that is outside them"
    )

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
