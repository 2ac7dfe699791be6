/// A task with no day yet (SPEC §16): kept in the inbox until `mv ID DAY` or `plan --apply`
/// gives it a day and a slot. It is in no week and counts in no rate; it has what a task has but
/// the day, the slot, the time, a reminder (which needs a moment), a status (it is open until it
/// is planned) and a series.
///
/// Its uid stays the task's own when it is planned, so a task moved to a day on one copy and the
/// same inbox entry on another are one record to a merge.
public struct InboxTask: Hashable, Sendable {
    /// Its identity (the key), kept when it is planned.
    public let uid: String
    /// This copy's number for it, shown and typed like any task's id (0 until numbered; not shared).
    public var id: Int
    public var title: String
    public var notes: String?
    public var tags: [String]
    public var category: String?
    public var color: TaskColor?
    public var favorite: Bool
    /// The uid of the goal it counts towards, once planned.
    public var goal: String?
    /// Who it is given to.
    public var to: String?
    /// The day it must be done by.
    public var due: CivilDate?
    /// How long it takes, in minutes.
    public var estimate: Int?
    public let created: String
    public var modified: String
    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps

    public init(
        uid: String, id: Int = 0, title: String, notes: String? = nil, tags: [String] = [], category: String? = nil,
        color: TaskColor? = nil, favorite: Bool = false, goal: String? = nil, to: String? = nil,
        due: CivilDate? = nil, estimate: Int? = nil, created: String, modified: String? = nil,
        stamps: FieldStamps? = nil
    ) {
        self.uid = uid
        self.id = id
        self.title = title
        self.notes = notes
        self.tags = tags
        self.category = category
        self.color = color
        self.favorite = favorite
        self.goal = goal
        self.to = to
        self.due = due
        self.estimate = estimate
        self.created = created
        self.modified = modified ?? created
        self.stamps = stamps ?? FieldStamps(made: FieldStamp(at: created, by: ""))
    }

    /// A planned task taken back to the inbox (`mv ID someday`): what it is stays, where and
    /// when it was planned goes. Only an open task of its own (no occurrence of a series) goes.
    public init(unplanning task: PlannerTask) {
        self.init(
            uid: task.uid, id: task.id, title: task.title, notes: task.notes, tags: task.tags, category: task.category,
            color: task.color, favorite: task.favorite, goal: task.goal, to: task.to, due: task.due,
            estimate: task.estimate, created: task.created, modified: task.modified, stamps: task.stamps)
    }

    /// The task it becomes once planned on a day and slot (at a time, if one is given), keeping
    /// its uid, its id and what it is.
    public func planned(on date: CivilDate, slot: Slot, time: TimeOfDay?, at now: Moment) -> PlannerTask {
        var task = standingIn(on: date, slot: slot, time: time)
        task.modified = now.timestamp
        return task
    }

    /// The task it is, put on `date` for what handles tasks only (a format's writer, a sync),
    /// unchanged: its modification time and stamps as they are.
    public func standingIn(on date: CivilDate, slot: Slot = .morning, time: TimeOfDay? = nil) -> PlannerTask {
        PlannerTask(
            id: id, uid: uid, title: title, notes: notes, date: date, slot: slot, time: time, tags: tags,
            category: category, color: color, favorite: favorite, goal: goal, to: to, due: due, estimate: estimate,
            created: created, modified: modified, stamps: stamps)
    }

    /// Who made it (nil when unknown).
    public var createdBy: String? { stamps.createdBy }

    /// The inbox task with this copy's number (which is no change of it).
    public func numbered(_ id: Int) -> InboxTask {
        var copy = self
        copy.id = id
        return copy
    }

    /// The words `add` takes for the inbox: `someday` or `inbox` before the title.
    public static func isInboxWord(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower == "someday" || lower == "inbox"
    }
}

extension InboxTask: KeyedRecord {
    public static let kind = RecordKind(rawValue: "inbox")
    public static let stampedFields: Set<String> = [
        "title", "notes", "tags", "category", "color", "favorite", "goal", "to", "due", "estimate",
    ]
    public var key: String { uid }
    public static let noun = (one: "inbox task", many: "inbox tasks")
    public var shownName: String { "'\(title)'" }
    public var fields: [(name: String, value: FieldValue)] {
        [
            ("title", .text(title)), ("notes", .text(notes)), ("tags", .list(tags)), ("category", .text(category)),
            ("color", .text(color?.rawValue)), ("favorite", .flag(favorite)), ("goal", .text(goal)), ("to", .text(to)),
            ("due", .text(due?.description)), ("estimate", .text(estimate.map(String.init))),
        ]
    }

    // The number is this copy's index, not part of the task: two copies of one inbox task with
    // different numbers are the same task.
    public static func == (lhs: InboxTask, rhs: InboxTask) -> Bool {
        lhs.uid == rhs.uid && lhs.title == rhs.title && lhs.notes == rhs.notes && lhs.tags == rhs.tags
            && lhs.category == rhs.category && lhs.color == rhs.color && lhs.favorite == rhs.favorite
            && lhs.goal == rhs.goal && lhs.to == rhs.to && lhs.due == rhs.due && lhs.estimate == rhs.estimate
            && lhs.created == rhs.created && lhs.modified == rhs.modified && lhs.stamps == rhs.stamps
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(uid)
        hasher.combine(title)
        hasher.combine(modified)
    }
}
