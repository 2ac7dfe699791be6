/// A goal (SPEC §8): an aim for a day or a week, with an optional due date, that tasks join; its
/// rate is its tasks' rate, and it is done only when the user says so. It is also the shared
/// checklist people know from phone apps: its participants see it and its tasks.
public struct Goal: Hashable, Sendable {
    /// Its identity (the key).
    public let uid: String
    /// This copy's number for it, shown as `g1` (a local index, not shared; 0 until numbered).
    public var number: Int
    public var title: String
    /// The day or week it is for.
    public var period: GoalPeriod
    /// The day it is due, if any.
    public var due: CivilDate?
    public var status: GoalStatus
    /// When it was marked done or cancelled.
    public var closedAt: String?
    /// How often it was carried on to a later day or week.
    public var carried: Int
    /// Who shares it (names), besides whoever made it.
    public var participants: [String]
    public let created: String
    public var modified: String
    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps

    public init(
        uid: String, number: Int = 0, title: String, period: GoalPeriod, due: CivilDate? = nil,
        status: GoalStatus = .open, closedAt: String? = nil, carried: Int = 0, participants: [String] = [],
        created: String, modified: String? = nil, stamps: FieldStamps? = nil
    ) {
        self.uid = uid
        self.number = number
        self.title = title
        self.period = period
        self.due = due
        self.status = status
        self.closedAt = closedAt
        self.carried = carried
        self.participants = participants
        self.created = created
        self.modified = modified ?? created
        self.stamps = stamps ?? FieldStamps(made: FieldStamp(at: created, by: ""))
    }

    /// How it is written everywhere: `g1`.
    public var label: String { "g\(number)" }

    /// Whether its day or week has ended by `today` (it was not met in time when still open).
    public func hasEnded(today: CivilDate) -> Bool { period.lastDay < today }

    /// The goal with another local number (which is no change of the goal).
    public func numbered(_ number: Int) -> Goal {
        var copy = self
        copy.number = number
        return copy
    }
}

/// Where a goal stands.
public enum GoalStatus: String, CaseIterable, Sendable {
    case open, done, cancelled
}

/// The day or the week a goal is for.
public enum GoalPeriod: Hashable, Sendable, CustomStringConvertible {
    case day(CivilDate)
    case week(ISOWeek)

    /// `2026-11-23` or `2026-W48`.
    public var description: String {
        switch self {
        case .day(let date): date.description
        case .week(let week): week.description
        }
    }

    /// Reads `2026-11-23` or `2026-W48`.
    public init?(parsing text: String) {
        if let date = CivilDate(iso: text) {
            self = .day(date)
        } else if let week = ISOWeek(parsing: text) {
            self = .week(week)
        } else {
            return nil
        }
    }

    /// Its first day.
    public var firstDay: CivilDate {
        switch self {
        case .day(let date): date
        case .week(let week): week.monday
        }
    }

    /// Its last day.
    public var lastDay: CivilDate {
        switch self {
        case .day(let date): date
        case .week(let week): week.sunday
        }
    }

    /// The same kind of period holding `date`: that day, or its week.
    public func sameKind(holding date: CivilDate) -> GoalPeriod {
        switch self {
        case .day: .day(date)
        case .week: .week(date.isoWeek)
        }
    }
}

extension Goal: KeyedRecord {
    public static let kind = RecordKind(rawValue: "goal")
    public static let stampedFields: Set<String> = [
        "title", "for", "due", "status", "closed", "carried", "participants",
    ]
    public var key: String { uid }
    public static let noun = (one: "goal", many: "goals")
    public var shownName: String { number > 0 ? "\(label) “\(title)”" : "“\(title)”" }
    public var fields: [(name: String, value: FieldValue)] {
        [
            ("title", .text(title)), ("for", .text(period.description)), ("due", .text(due?.description)),
            ("status", .text(status.rawValue)), ("closed", .text(closedAt)),
            ("carried", .text(carried == 0 ? nil : String(carried))), ("participants", .list(participants)),
        ]
    }

    // The local number is this copy's index, not part of the goal: two copies of one goal with
    // different numbers are the same goal.
    public static func == (lhs: Goal, rhs: Goal) -> Bool {
        lhs.uid == rhs.uid && lhs.title == rhs.title && lhs.period == rhs.period && lhs.due == rhs.due
            && lhs.status == rhs.status && lhs.closedAt == rhs.closedAt && lhs.carried == rhs.carried
            && lhs.participants == rhs.participants && lhs.created == rhs.created && lhs.modified == rhs.modified
            && lhs.stamps == rhs.stamps
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(uid)
        hasher.combine(title)
        hasher.combine(modified)
    }
}
