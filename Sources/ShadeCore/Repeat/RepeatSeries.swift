/// A repeating task (SPEC §7): what each occurrence is — title, slot, time, tags, category,
/// colour, star, note — and when it occurs (a rule from an anchor date, up to an optional last
/// date). Occurrences are computed for the days asked for, never stored: an occurrence becomes a
/// record of its own only when something is done to it, and its date then joins `exceptions`
/// (the dates the rule reaches that the series no longer shows itself: a record stands for the
/// day, or the day was taken out).
public struct RepeatSeries: Hashable, Sendable {
    /// The series' identity; each occurrence's uid is made from it and the occurrence's date.
    public let uid: String
    /// What each occurrence is (before the first revision).
    public var base: OccurrenceFields
    /// How it repeats.
    public var rule: RepeatRule { didSet { countEnd = Self.countEnd(rule: rule, anchor: anchor, count: count) } }
    /// The first day it can occur on (the day it was planned for).
    public var anchor: CivilDate { didSet { countEnd = Self.countEnd(rule: rule, anchor: anchor, count: count) } }
    /// The last day it can occur on, or nil to run on.
    public var until: CivilDate?
    /// How many days the rule reaches from the anchor before it ends (`count:N`; RFC 5545's
    /// COUNT: the days taken out still count), or nil for no such bound.
    public var count: Int? { didSet { countEnd = Self.countEnd(rule: rule, anchor: anchor, count: count) } }
    /// The day the rule reaches for the `count`th time, worked out once for each rule, anchor and
    /// count (views ask for `end` at every day they look at).
    private var countEnd: CivilDate?
    /// The dates the rule reaches that are not shown as computed occurrences, in order.
    public var exceptions: [CivilDate]
    /// What the occurrences are from a day on (`edit ID --series` on a later occurrence), in
    /// date order.
    public var revisions: [Revision]
    public let created: String
    public var modified: String
    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps

    /// What an occurrence is: the fields of a task a series gives each of its days.
    public struct OccurrenceFields: Hashable, Sendable {
        public var title: String
        public var notes: String?
        public var slot: Slot
        public var time: TimeOfDay?
        public var tags: [String]
        public var category: String?
        public var color: TaskColor?
        public var favorite: Bool
        public var remind: Reminders?
        /// How long each takes, in minutes.
        public var estimate: Int?

        public init(
            title: String, notes: String? = nil, slot: Slot, time: TimeOfDay? = nil, tags: [String] = [],
            category: String? = nil, color: TaskColor? = nil, favorite: Bool = false, remind: Reminders? = nil,
            estimate: Int? = nil
        ) {
            self.title = title
            self.notes = notes
            self.slot = slot
            self.time = time
            self.tags = tags
            self.category = category
            self.color = color
            self.favorite = favorite
            self.remind = remind
            self.estimate = estimate
        }

        /// The fields of a task.
        public init(_ task: PlannerTask) {
            self.init(
                title: task.title, notes: task.notes, slot: task.slot, time: task.time, tags: task.tags,
                category: task.category, color: task.color, favorite: task.favorite, remind: task.remind,
                estimate: task.estimate)
        }
    }

    /// What the occurrences are from a day on.
    public struct Revision: Hashable, Sendable {
        public var from: CivilDate
        public var fields: OccurrenceFields

        public init(from: CivilDate, fields: OccurrenceFields) {
            self.from = from
            self.fields = fields
        }
    }

    /// Creates a series.
    public init(
        uid: String, base: OccurrenceFields, rule: RepeatRule, anchor: CivilDate, until: CivilDate? = nil,
        count: Int? = nil, exceptions: [CivilDate] = [], revisions: [Revision] = [], created: String,
        modified: String? = nil, stamps: FieldStamps? = nil
    ) {
        self.uid = uid
        self.base = base
        self.rule = rule
        self.anchor = anchor
        self.until = until
        self.count = count
        countEnd = Self.countEnd(rule: rule, anchor: anchor, count: count)
        self.exceptions = exceptions.sorted()
        self.revisions = revisions.sorted { $0.from < $1.from }
        self.created = created
        self.modified = modified ?? created
        self.stamps = stamps ?? FieldStamps(made: FieldStamp(at: created, by: ""))
    }

    /// Creates a series from the fields of its occurrences.
    public init(
        uid: String, title: String, notes: String? = nil, slot: Slot, time: TimeOfDay? = nil, tags: [String] = [],
        category: String? = nil, color: TaskColor? = nil, favorite: Bool = false, remind: Reminders? = nil,
        estimate: Int? = nil, rule: RepeatRule, anchor: CivilDate, until: CivilDate? = nil, count: Int? = nil,
        exceptions: [CivilDate] = [], created: String
    ) {
        self.init(
            uid: uid,
            base: OccurrenceFields(
                title: title, notes: notes, slot: slot, time: time, tags: tags, category: category, color: color,
                favorite: favorite, remind: remind, estimate: estimate),
            rule: rule, anchor: anchor, until: until, count: count, exceptions: exceptions, created: created)
    }

    /// How a view says when it repeats: `every week until 2026-12-31, 10 times`.
    public var phrase: String {
        let every =
            rule.daysAfterDone.map { "again \(Reminder.duration($0 * 1440)) after each is done" } ?? "every \(rule)"
        return every + (until.map { " until \($0)" } ?? "")
            + (count.map { ", \($0) time\($0 == 1 ? "" : "s")" } ?? "")
    }

    /// The most occurrences `count:N` may ask for.
    public static let largestCount = 9999

    /// The last day it can occur on: `until`, or the day the rule reaches for the `count`th time,
    /// whichever comes first (nil to run on).
    public var end: CivilDate? {
        guard let countEnd else { return until }
        return until.map { min($0, countEnd) } ?? countEnd
    }

    /// The day `rule` reaches for the `count`th time from `anchor` (`RepeatRule.nthDate`), at the
    /// latest the last day a planner holds; nil without a count, and for an after-completion rule
    /// (which counts its successors as they are made).
    static func countEnd(rule: RepeatRule, anchor: CivilDate, count: Int?) -> CivilDate? {
        guard let count, rule.daysAfterDone == nil else { return nil }
        return rule.nthDate(count, anchor: anchor) ?? CivilDate.supported.upperBound
    }

    /// The uid of the occurrence on `date`: the same in every copy of the planner, so that two
    /// copies that both act on one occurrence make one record.
    public func occurrenceUID(on date: CivilDate) -> String { "\(uid)@\(date)" }

    /// Whether a text can be a series' uid: not empty, and no `@` (which parts an occurrence's
    /// uid into its series and its date).
    public static func isValidUID(_ uid: String) -> Bool { !uid.isEmpty && !uid.contains("@") }

    /// The uid of the `sequence`th occurrence of an after-completion series (the 2nd on): the same
    /// on every copy, so that two copies completing the same occurrence make one successor.
    public func successorUID(_ sequence: Int) -> String { "\(uid)#\(sequence)" }

    /// Whether a task's uid is that of a successor of an after-completion series (`SERIES#N`): a
    /// task of its own on a day no rule shows, so no day of its series is marked for it.
    public static func isSuccessor(_ task: PlannerTask) -> Bool { successorNumber(of: task) != nil }

    /// N of a successor's uid `SERIES#N` (2 on), for the series the task names; nil for any other.
    static func successorNumber(of task: PlannerTask) -> Int? {
        guard let series = task.series, task.uid.hasPrefix(series + "#"),
            let number = Int(task.uid.dropFirst(series.count + 1)), number >= 2
        else { return nil }
        return number
    }

    /// Which occurrence of this series a task of it is: N for the successor `SERIES#N`, else 1
    /// (the first: the anchor's occurrence, or the task made to repeat, which keeps its uid); nil
    /// for a task of another series or none.
    public func sequence(of task: PlannerTask) -> Int? {
        guard task.series == uid else { return nil }
        return Self.successorNumber(of: task) ?? 1
    }

    /// The occurrence an after-completion series makes when `task` (one of its occurrences) is done
    /// on `doneOn`: the next in sequence, `daysAfterDone` days later, what the series is on that
    /// day; nil for another rule, after `until`, or past `count`.
    public func successor(of task: PlannerTask, doneOn: CivilDate, at now: Moment) -> PlannerTask? {
        guard let days = rule.daysAfterDone, let sequence = sequence(of: task) else { return nil }
        let date = doneOn.adding(days: days)
        if let until, date > until { return nil }
        if let count, sequence + 1 > count { return nil }
        guard date.isSupported else { return nil }
        var next = occurrence(on: date)
        next = PlannerTask(
            id: 0, uid: successorUID(sequence + 1), title: next.title, notes: next.notes, date: date, slot: next.slot,
            time: next.time, tags: next.tags, category: next.category, color: next.color, favorite: next.favorite,
            remind: next.remind, estimate: next.estimate, created: now.timestamp, modified: now.timestamp,
            series: uid)
        return next
    }

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
        return rule.dates(anchor: anchor, until: end, from: first, through: last).filter { !skipped.contains($0) }
    }

    /// The first day it occurs on (within eight years of its anchor: 29 February comes at least
    /// that often), or nil when it never does.
    public var firstDate: CivilDate? {
        // An after-completion series starts on its anchor, done or not: what follows is made then.
        if rule.daysAfterDone != nil { return until.map { $0 >= anchor } ?? true ? anchor : nil }
        let horizon = anchor.adding(days: 8 * 366)
        let end = end
        return rule.dates(
            anchor: anchor, until: end, from: anchor, through: end.map { min($0, horizon) } ?? horizon
        )
        .first { !exceptions.contains($0) }
    }

    /// What the occurrence on `date` is: the last revision from that day or before, else the
    /// series' own fields.
    public func fields(on date: CivilDate) -> OccurrenceFields {
        revisions.last { $0.from <= date }?.fields ?? base
    }

    /// Whether the series shows an occurrence on `date` (its rule reaches the day, and no
    /// exception takes it out).
    public func shows(_ date: CivilDate) -> Bool {
        !exceptions.contains(date) && rule.occurs(on: date, anchor: anchor, until: end)
    }

    /// The occurrence on `date`, as a task (id 0: the store numbers it), open.
    public func occurrence(on date: CivilDate) -> PlannerTask {
        let fields = fields(on: date)
        return PlannerTask(
            id: 0, uid: occurrenceUID(on: date), title: fields.title, notes: fields.notes, date: date,
            slot: fields.slot, time: fields.time, tags: fields.tags, category: fields.category, color: fields.color,
            favorite: fields.favorite, remind: fields.remind, estimate: fields.estimate, created: created,
            modified: modified,
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
        "title", "notes", "slot", "time", "tags", "category", "color", "favorite", "remind", "estimate", "every",
        "anchor", "until", "count", "exceptions", "revisions",
    ]
    public var key: String { uid }
    public static let noun = (one: "repeating", many: "repeating")
    public var shownName: String { "“\(base.title)”" }
    public var fields: [(name: String, value: FieldValue)] {
        [
            ("title", .text(base.title)), ("notes", .text(base.notes)), ("slot", .text(base.slot.rawValue)),
            ("time", .text(base.time?.description)), ("tags", .list(base.tags)), ("category", .text(base.category)),
            ("color", .text(base.color?.rawValue)), ("favorite", .flag(base.favorite)),
            ("remind", .text(base.remind?.description)), ("estimate", .text(base.estimate.map(String.init))),
            ("every", .text(rule.description)),
            ("anchor", .text(anchor.description)), ("until", .text(until?.description)),
            ("count", .text(count.map(String.init))),
            ("exceptions", .list(exceptions.map(\.description))),
            ("revisions", .list(revisions.map { "from \($0.from): \($0.fields.title)" })),
        ]
    }
}
