/// A repeating task (SPEC §7): what each occurrence is — title, slot, time, tags, category,
/// colour, star, note — and when it occurs (a rule from an anchor date, up to an optional last
/// date). Occurrences are computed for the days asked for, never stored: an occurrence becomes a
/// record of its own only when something is done to it, and its date then joins `exceptions`
/// (the dates the rule reaches that the series no longer shows itself: a record stands for the
/// day, or the day was taken out).
public struct RepeatSeries: Hashable, Sendable {
    /// The series' identity; each occurrence's uid is made from it and the occurrence's date.
    public let uid: String
    public var title: String
    public var notes: String?
    public var slot: Slot
    public var time: TimeOfDay?
    public var tags: [String]
    public var category: String?
    public var color: TaskColor?
    public var favorite: Bool
    /// How it repeats.
    public var rule: RepeatRule
    /// The first day it can occur on (the day it was planned for).
    public var anchor: CivilDate
    /// The last day it can occur on, or nil to run on.
    public var until: CivilDate?
    /// The dates the rule reaches that are not shown as computed occurrences, in order.
    public var exceptions: [CivilDate]
    /// What the occurrences are from a day on (`edit ID --series` on a later occurrence), in
    /// date order; before the first, the series' own fields.
    public var revisions: [Revision]
    public let created: String
    public var modified: String
    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps

    /// Creates a series.
    public init(
        uid: String, title: String, notes: String? = nil, slot: Slot, time: TimeOfDay? = nil, tags: [String] = [],
        category: String? = nil, color: TaskColor? = nil, favorite: Bool = false, rule: RepeatRule,
        anchor: CivilDate, until: CivilDate? = nil, exceptions: [CivilDate] = [], revisions: [Revision] = [],
        created: String,
        modified: String? = nil, stamps: FieldStamps? = nil
    ) {
        self.uid = uid
        self.title = title
        self.notes = notes
        self.slot = slot
        self.time = time
        self.tags = tags
        self.category = category
        self.color = color
        self.favorite = favorite
        self.rule = rule
        self.anchor = anchor
        self.until = until
        self.exceptions = exceptions.sorted()
        self.revisions = revisions.sorted { $0.from < $1.from }
        self.created = created
        self.modified = modified ?? created
        self.stamps = stamps ?? FieldStamps(made: FieldStamp(at: created, by: ""))
    }

    /// The uid of the occurrence on `date`: the same in every copy of the planner, so that two
    /// copies that both act on one occurrence make one record.
    public func occurrenceUID(on date: CivilDate) -> String { "\(uid)@\(date)" }

    /// The series and date an occurrence uid names, when it names one.
    public static func occurrence(of uid: String) -> (series: String, date: CivilDate)? {
        guard let at = uid.lastIndex(of: "@"), let date = CivilDate(iso: String(uid[uid.index(after: at)...])) else {
            return nil
        }
        return (String(uid[..<at]), date)
    }

    /// The dates from `first` through `last` on which an occurrence is shown (the rule's dates
    /// but the exceptions).
    public func dates(from first: CivilDate, through last: CivilDate) -> [CivilDate] {
        let skipped = Set(exceptions)
        return rule.dates(anchor: anchor, until: until, from: first, through: last).filter { !skipped.contains($0) }
    }

    /// The first day it occurs on (within eight years of its anchor: 29 February comes at least
    /// that often), or nil when it never does.
    public var firstDate: CivilDate? {
        let horizon = anchor.adding(days: 8 * 366)
        return rule.dates(
            anchor: anchor, until: until, from: anchor, through: until.map { min($0, horizon) } ?? horizon
        )
        .first { !exceptions.contains($0) }
    }

    /// What an occurrence is from a day on.
    public struct Revision: Hashable, Sendable {
        public var from: CivilDate
        public var title: String
        public var notes: String?
        public var slot: Slot
        public var time: TimeOfDay?
        public var tags: [String]
        public var category: String?
        public var color: TaskColor?
        public var favorite: Bool

        public init(
            from: CivilDate, title: String, notes: String?, slot: Slot, time: TimeOfDay?, tags: [String],
            category: String?, color: TaskColor?, favorite: Bool
        ) {
            self.from = from
            self.title = title
            self.notes = notes
            self.slot = slot
            self.time = time
            self.tags = tags
            self.category = category
            self.color = color
            self.favorite = favorite
        }

        /// These fields, from `date`, taken from a task.
        public init(from date: CivilDate, _ task: PlannerTask) {
            self.init(
                from: date, title: task.title, notes: task.notes, slot: task.slot, time: task.time, tags: task.tags,
                category: task.category, color: task.color, favorite: task.favorite)
        }
    }

    /// What the occurrence on `date` is: the last revision from that day or before, else the
    /// series' own fields.
    public func fields(on date: CivilDate) -> Revision {
        revisions.last { $0.from <= date }
            ?? Revision(
                from: anchor, title: title, notes: notes, slot: slot, time: time, tags: tags, category: category,
                color: color, favorite: favorite)
    }

    /// The series with its own fields set from `revision` (for an edit from its first day).
    public func withFields(_ revision: Revision) -> RepeatSeries {
        var copy = self
        copy.title = revision.title
        copy.notes = revision.notes
        copy.slot = revision.slot
        copy.time = revision.time
        copy.tags = revision.tags
        copy.category = revision.category
        copy.color = revision.color
        copy.favorite = revision.favorite
        return copy
    }

    /// The occurrence on `date`, as a task (id 0: the store numbers it), open.
    public func occurrence(on date: CivilDate) -> PlannerTask {
        let fields = fields(on: date)
        return PlannerTask(
            id: 0, uid: occurrenceUID(on: date), title: fields.title, notes: fields.notes, date: date,
            slot: fields.slot, time: fields.time, tags: fields.tags, category: fields.category, color: fields.color,
            favorite: fields.favorite, created: created, modified: modified,
            stamps: stamps.made.at.isEmpty ? nil : FieldStamps(made: stamps.made), series: uid)
    }

    /// The occurrences shown from `first` through `last`, in date order.
    public func occurrences(from first: CivilDate, through last: CivilDate) -> [PlannerTask] {
        dates(from: first, through: last).map(occurrence(on:))
    }
}

extension RepeatSeries: KeyedRecord {
    public static let kind = RecordKind(rawValue: "series")
    public static let stampedFields: Set<String> = [
        "title", "notes", "slot", "time", "tags", "category", "color", "favorite", "every", "anchor", "until",
        "exceptions", "revisions",
    ]
    public var key: String { uid }
    public var fields: [(name: String, value: FieldValue)] {
        [
            ("title", .text(title)), ("notes", .text(notes)), ("slot", .text(slot.rawValue)),
            ("time", .text(time?.description)), ("tags", .list(tags)), ("category", .text(category)),
            ("color", .text(color?.rawValue)), ("favorite", .flag(favorite)), ("every", .text(rule.description)),
            ("anchor", .text(anchor.description)), ("until", .text(until?.description)),
            ("exceptions", .list(exceptions.map(\.description))),
            ("revisions", .list(revisions.map { "from \($0.from): \($0.title)" })),
        ]
    }
}
