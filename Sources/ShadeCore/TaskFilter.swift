/// One condition of `ls`: a day, a range, a week, a slot, a status, a tag, or who a task is for.
public enum TaskFilter: Hashable, Sendable {
    case date(CivilDate)
    case range(CivilDate, CivilDate)
    case week(ISOWeek)
    case slot(Slot)
    case status(TaskStatus)
    case overdue
    case upcoming
    case tag(String)
    case withoutTag(String)
    case category(String)
    case favorite
    /// Given to this name (`to:ana`), or to no one (nil: `to:none`).
    case to(String?)
    /// Given to me, or made by me and given to no one (`mine`); "me" is the query's `me`.
    case mine
    case all

    /// The filter words `ls` knows, for messages and completion.
    public static let keywords = [
        "all", "open", "done", "completed", "cancelled", "overdue", "upcoming", "thisweek", "fav", "mine",
    ]

    /// Reads one filter word.
    public static func parse(_ word: String, resolver: DayResolver) throws(InputError) -> TaskFilter {
        // The longest keywords ("cancelled", "favourite") have 9 letters.
        switch word.utf8.count <= 9 ? word.lowercased() : "" {
        case "all": return .all
        case "open": return .status(.open)
        case "done", "completed": return .status(.done)
        case "cancelled", "canceled": return .status(.cancelled)
        case "overdue": return .overdue
        case "upcoming": return .upcoming
        case "thisweek": return .week(resolver.today.isoWeek)
        case "fav", "favorite", "favourite", "starred": return .favorite
        case "mine": return .mine
        default: break
        }
        if word.hasPrefix("+"), word.count > 1 { return .tag(try TaskText.validateTag(String(word.dropFirst()))) }
        if word.hasPrefix("-"), word.count > 1, !word.hasPrefix("--") {
            return .withoutTag(try TaskText.validateTag(String(word.dropFirst())))
        }
        if word.prefix(4).lowercased() == "cat:" {
            return .category(try TaskText.validateCategory(String(word.dropFirst(4))))
        }
        if word.prefix(3).lowercased() == "to:" {
            let name = String(word.dropFirst(3))
            guard !name.isEmpty else {
                throw .invalid("'to:' needs a name after it, e.g. to:ana (to:none: given to no one)")
            }
            let recipient = try TaskWords.recipient(name)
            return .to(recipient.isEmpty ? nil : recipient)
        }
        if let slot = Slot(name: word) { return .slot(slot) }
        if let date = resolver.date(for: word) { return .date(date) }
        if ISOWeek(parsing: word) != nil, let week = resolver.week(for: word) { return .week(week) }
        switch dateShape(of: word) {
        case .range(let dots):
            let first = try resolver.requireDate(String(word[..<dots.lowerBound]))
            let last = try resolver.requireDate(String(word[dots.upperBound...]))
            guard first <= last else {
                throw .invalid(
                    "the range \(word) ends before it starts; write FIRST..LAST, e.g. 2026-11-23..2026-11-29")
            }
            return .range(first, last)
        case .day: _ = try resolver.requireDate(word)
        case .week: _ = try resolver.requireWeek(word)
        case nil: break
        }
        throw .invalid("'\(word)' is not a filter; \(filterWords)")
    }

    /// Whether a word is written as a date, a week or a range of dates (`2026-13-01`,
    /// `2026-W60`, `2026-11-30..2026-11-01`): one that names none is a bad date, not a word the
    /// command does not take. A tag (`+…`, `-…`) or a `key:value` word is never one.
    public static func isWrittenAsDate(_ word: String) -> Bool {
        guard let first = word.first, first != "+", first != "-", !word.contains(":") else { return false }
        return dateShape(of: word) != nil
    }

    /// How a word is written when it is meant as a date, a week or a range of dates.
    private enum DateShape {
        case range(Range<String.Index>)
        case day, week
    }

    /// The date a word is written as, whether or not it names one; nil for any other word.
    private static func dateShape(of word: String) -> DateShape? {
        if let dots = rangeDots(in: word) { return .range(dots) }
        if word.utf8.count == 10, word.contains("-") { return .day }
        if word.utf8.count == 8, word.uppercased().contains("-W") { return .week }
        return nil
    }

    /// Where the first `..` of a word is.
    private static func rangeDots(in word: String) -> Range<String.Index>? {
        var previous: String.Index?
        for index in word.utf8.indices {
            guard word.utf8[index] == UInt8(ascii: ".") else {
                previous = nil
                continue
            }
            if let previous { return previous..<word.utf8.index(after: index) }
            previous = index
        }
        return nil
    }

    /// What a filter may be, for messages.
    private static let filterWords =
        "use a day, a slot, FIRST..LAST, YYYY-Www, +tag, -tag, cat:NAME, to:NAME, or one of \(keywords.joined(separator: ", "))"

    /// Whether a task passes this filter at a moment; `me` is the current author's name (what
    /// `mine` means).
    public func matches(_ task: PlannerTask, now: Moment, schedule: SlotSchedule, me: String = "") -> Bool {
        switch self {
        case .date(let date): task.date == date
        case .range(let first, let last): task.date >= first && task.date <= last
        case .week(let week): task.week == week
        case .slot(let slot): task.slot == slot
        case .status(let status): task.status == status
        case .overdue: task.isOverdue(at: now, schedule: schedule)
        case .upcoming: task.isUpcoming(at: now, schedule: schedule)
        case .tag(let tag): task.tags.contains { $0.lowercased() == tag.lowercased() }
        case .withoutTag(let tag): !task.tags.contains { $0.lowercased() == tag.lowercased() }
        case .category(let name): task.category == name
        case .favorite: task.favorite
        case .to(let name): task.to == name
        case .mine: !me.isEmpty && (task.to.map { $0 == me } ?? (task.createdBy == me))
        case .all: true
        }
    }

    /// The days this filter confines tasks to, when it does.
    public var dateBounds: ClosedRange<CivilDate>? {
        switch self {
        case .date(let date): date...date
        case .range(let first, let last): first...last
        case .week(let week): week.monday...week.sunday
        default: nil
        }
    }
}

/// Filters that must all hold.
public struct TaskQuery: Hashable, Sendable {
    /// The filters.
    public let filters: [TaskFilter]
    /// Who "me" is for `mine`: the current author's name.
    public var me: String

    /// Creates a query.
    public init(_ filters: [TaskFilter], me: String = "") {
        self.filters = filters
        self.me = me
    }

    /// Whether a filter asks who "me" is (`mine`): only then need the author be known.
    public var needsMe: Bool { filters.contains(.mine) }

    /// The days every match must fall in (the intersection of the filters' bounds), or nil when
    /// no filter bounds the days. An empty intersection gives an empty range marker.
    public var dateBounds: (first: CivilDate, last: CivilDate)? {
        var result: (first: CivilDate, last: CivilDate)?
        for bounds in filters.compactMap(\.dateBounds) {
            if let current = result {
                result = (max(current.first, bounds.lowerBound), min(current.last, bounds.upperBound))
            } else {
                result = (bounds.lowerBound, bounds.upperBound)
            }
        }
        return result
    }

    /// Whether a task passes every filter.
    public func matches(_ task: PlannerTask, now: Moment, schedule: SlotSchedule) -> Bool {
        filters.allSatisfy { $0.matches(task, now: now, schedule: schedule, me: me) }
    }
}
