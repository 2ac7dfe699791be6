/// One task of the planner, living in one day and slot.
///
/// Named `PlannerTask` so that it never shadows Swift concurrency's `Task`.
public struct PlannerTask: Hashable, Sendable, Identifiable {
    /// The short number shown in every view; stable for the task's life, never reused. It is
    /// this copy's own handle (its store's id index gives it): another copy of the planner may
    /// number the same task differently.
    public var id: Int
    /// A globally unique identifier, for merges and sync.
    public let uid: String
    /// What the task is, exactly as typed.
    public var title: String
    /// Longer free text, if any.
    public var notes: String?
    /// The day the task is planned for.
    public var date: CivilDate
    /// The part of the day the task is planned for.
    public var slot: Slot
    /// An optional time of day inside the slot.
    public var time: TimeOfDay?
    /// Open, done or cancelled.
    public var status: TaskStatus
    /// Tags, without the leading `+`, in the order first given.
    public var tags: [String]
    /// The category (lowercase), if any.
    public var category: String?
    /// The task's own colour, which wins over its category's.
    public var color: TaskColor?
    /// Starred as one of the few that matter.
    public var favorite: Bool
    /// When to be reminded of it, if at all.
    public var remind: Reminders?
    /// How many times `carry` moved it on (0: never).
    public var carried: Int
    /// The day it was first planned for, once it has been carried (nil until then).
    public var planned: CivilDate?
    /// The uid of the goal it counts towards, if any.
    public var goal: String?
    /// Who it is given to (a participant's name, as `to:NAME` sets it), if anyone.
    public var to: String?
    /// The day it must be done by (`due:DATE`), apart from the day it is planned for.
    public var due: CivilDate?
    /// How long it takes, in minutes (`est:45m`), if known.
    public var estimate: Int?
    /// The longest estimate a task takes: a day.
    public static let longestEstimate = 24 * 60
    /// When the task was created (ISO-8601 timestamp).
    public let created: String
    /// When the task last changed.
    public var modified: String
    /// When the task was marked done, while it is done.
    public var doneAt: String?
    /// When each field was last changed, and by whom (kept by the store, set by each change).
    public var stamps: FieldStamps
    /// The uid of the repeat series this task is an occurrence of (its own uid is the series uid
    /// and its date: `RepeatSeries.occurrenceUID`), or nil for a task of its own.
    public var series: String?

    /// Creates a task.
    public init(
        id: Int, uid: String, title: String, notes: String? = nil, date: CivilDate, slot: Slot,
        time: TimeOfDay? = nil, status: TaskStatus = .open, tags: [String] = [], category: String? = nil,
        color: TaskColor? = nil, favorite: Bool = false, remind: Reminders? = nil, carried: Int = 0,
        planned: CivilDate? = nil, goal: String? = nil, to: String? = nil, due: CivilDate? = nil,
        estimate: Int? = nil, created: String, modified: String? = nil, doneAt: String? = nil,
        stamps: FieldStamps? = nil, series: String? = nil
    ) {
        self.series = series
        self.id = id
        self.uid = uid
        self.title = title
        self.notes = notes
        self.date = date
        self.slot = slot
        self.time = time
        self.status = status
        self.tags = tags
        self.category = category
        self.color = color
        self.favorite = favorite
        self.remind = remind
        self.carried = carried
        self.planned = planned
        self.goal = goal
        self.to = to
        self.due = due
        self.estimate = estimate
        self.created = created
        self.modified = modified ?? created
        self.doneAt = doneAt
        self.stamps = stamps ?? FieldStamps(made: FieldStamp(at: created, by: ""))
    }

    /// The fields of a task by the names files, the change log and JSON give them, declared once,
    /// in the order a store file writes them.
    public enum Field: String, CaseIterable, Sendable {
        case id, uid, date, slot, title, notes, time, status, tags, category, color, favorite, remind, carried
        case planned, goal, to, due, estimate, created, modified
        case doneAt = "done_at"

        /// The fields files leave out while they hold nothing (they came after format 3 began).
        /// A list, not a set: a set of fields is a generic type made at run time, whose making
        /// looks up `Field`'s `Hashable` among every conformance the program holds, and every
        /// read of a week would pay that for four fields.
        public static let omittedWhenUnset: [Field] = [.carried, .planned, .goal, .to, .due, .estimate]

        /// The fields a week file also leaves out while they hold nothing (null, or `false` for
        /// the favourite mark). Every reader of format 3 reads them as unset when missing (they
        /// came with format 2 or were always optional), so a week stays readable by every copy;
        /// most tasks hold none of them, and a week is parsed and written by every change to it.
        public static let leftOutOfWeeksWhenUnset: [Field] = [
            .notes, .time, .category, .color, .favorite, .remind, .doneAt,
        ]
    }

    /// The same task under another uid: only for a task an earlier format let two tasks share a
    /// uid with (a hand copy), which gets one of its own before uids become the identity.
    public func withUID(_ uid: String) -> PlannerTask {
        PlannerTask(
            id: id, uid: uid, title: title, notes: notes, date: date, slot: slot, time: time, status: status,
            tags: tags,
            category: category, color: color, favorite: favorite, remind: remind, carried: carried, planned: planned,
            goal: goal, to: to, due: due, estimate: estimate, created: created, modified: modified, doneAt: doneAt,
            stamps: stamps, series: series)
    }

    /// Where it is planned: `Tue 24 Nov · evening`, and ` · 19:00` when it has a time.
    public var placement: String {
        date.shortLabel + " · \(slot)" + (time.map { " · \($0)" } ?? "")
    }

    /// The ISO week the task is planned in.
    public var week: ISOWeek { date.isoWeek }

    /// Whether the slot has ended by the clock (the task may be of any status).
    public func slotHasEnded(at now: Moment, schedule: SlotSchedule) -> Bool {
        schedule.hasEnded(slot, on: date, at: now)
    }

    /// Open, and its slot has ended.
    public func isOverdue(at now: Moment, schedule: SlotSchedule) -> Bool {
        status == .open && slotHasEnded(at: now, schedule: schedule)
    }

    /// Open, and its slot has not ended.
    public func isUpcoming(at now: Moment, schedule: SlotSchedule) -> Bool {
        status == .open && !slotHasEnded(at: now, schedule: schedule)
    }

    /// Sets the status, keeping the timestamps truthful.
    public mutating func setStatus(_ newStatus: TaskStatus, at now: Moment) {
        status = newStatus
        doneAt = newStatus == .done ? now.timestamp : nil
        modified = now.timestamp
    }

    /// A sort key equivalent to `timelineOrder`, cheap to compare.
    public var timelineKey: (day: Int, slot: Int, time: Int, id: Int) {
        (date.daysSinceEpoch, slot.index, time?.minutes ?? Int.max, id)
    }

    /// Sorts tasks in timeline order, comparing small keys rather than moving whole tasks.
    public static func sortedInTimelineOrder(_ tasks: [PlannerTask]) -> [PlannerTask] {
        guard tasks.count > 1 else { return tasks }
        let keys = tasks.map(\.timelineKey)
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        return order.map { tasks[$0] }
    }

    /// Orders tasks inside one slot: timed tasks by time first, then untimed ones, ties by id.
    public static func timelineOrder(_ lhs: PlannerTask, _ rhs: PlannerTask) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        if lhs.slot != rhs.slot { return lhs.slot < rhs.slot }
        switch (lhs.time, rhs.time) {
        case (let l?, let r?) where l != r: return l < r
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs.id < rhs.id
        }
    }
}
