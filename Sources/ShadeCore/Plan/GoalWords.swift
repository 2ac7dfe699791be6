/// What `goal add` and `goal edit` were given: `TITLE… [for:DAY|WEEK] [due:DATE|none]`.
public struct GoalWords: Hashable, Sendable {
    public var title: String
    /// The day or week of `for:`, when written.
    public var period: GoalPeriod?
    /// The date of `due:` (`.some(nil)` for `due:none`), when written.
    public var due: CivilDate??

    /// Reads the words. `for:` takes a day (`tue`, `tomorrow`, `2026-11-27`), a week (`this`,
    /// `next`, `2026-W49`), or `week` for the week of `view`; `due:` a day.
    public static func parse(_ words: [String], resolver: DayResolver) throws -> GoalWords {
        var result = GoalWords(title: "", period: nil, due: nil)
        var titleWords: [String] = []
        var literal = false
        var dueWord: String?
        for word in words {
            let lower = word.lowercased()
            if literal {
                titleWords.append(word)
            } else if word == "--" {
                literal = true
            } else if lower.hasPrefix("for:") {
                result.period = try period(String(word.dropFirst(4)), resolver: resolver)
            } else if lower.hasPrefix("due:") {
                dueWord = String(word.dropFirst(4))
            } else {
                titleWords.append(word)
            }
        }
        result.title = titleWords.joined(separator: " ")
        if let text = dueWord {
            result.due = .some(
                text.lowercased() == "none" ? nil : try due(text, period: result.period, resolver: resolver))
        }
        return result
    }

    /// The day a `due:` word names: a bare weekday is that day of the goal's week when `for:`
    /// names a week (`for:next due:fri` is next week's Friday).
    static func due(_ text: String, period: GoalPeriod?, resolver: DayResolver) throws -> CivilDate {
        if case .week(let week)? = period, let weekday = Weekday(name: text) {
            return week.monday.adding(days: weekday.rawValue - 1)
        }
        return try resolver.requireDate(text)
    }

    /// The period a `for:` word names.
    static func period(_ text: String, resolver: DayResolver) throws -> GoalPeriod {
        if text.lowercased() == "week" { return .week(resolver.view.isoWeek) }
        if let date = resolver.date(for: text) { return .day(date) }
        if let week = resolver.week(for: text) { return .week(week) }
        guard !text.isEmpty else {
            throw InputError.invalid("'for:' needs a day or a week, e.g. for:fri, for:week or for:2026-W49")
        }
        if CivilDate(iso: text) != nil || ISOWeek(parsing: text) != nil { throw DayResolver.outOfRange }
        throw InputError.invalid(
            "'for:\(TextEscaping.escape(text))' is neither a day (for:fri, for:2026-11-27) nor a week (for:week, for:next, for:2026-W49)"
        )
    }
}
