/// A typical week kept by name (SPEC §8): each task's title, weekday, slot, time, tags, category,
/// colour, notes and reminder — never its status — to be stamped onto another week. A task that
/// was a repeating task's occurrence keeps its rule and its series.
public struct WeekTemplate: Hashable, Sendable {
    /// Its name, as typed (the key: names are unique).
    public let name: String
    /// The week it was saved from.
    public var source: ISOWeek
    /// Its tasks, in timeline order.
    public var entries: [Entry]
    public let created: String
    public var modified: String
    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps

    /// One task of a template.
    public struct Entry: Hashable, Sendable {
        public var weekday: Weekday
        public var fields: RepeatSeries.OccurrenceFields
        /// The rule it repeated by, when it was an occurrence of a repeating task.
        public var every: RepeatRule?
        /// That series' uid: applied to a week the series still reaches, the entry is there already.
        public var series: String?

        public init(
            weekday: Weekday, fields: RepeatSeries.OccurrenceFields, every: RepeatRule? = nil, series: String? = nil
        ) {
            self.weekday = weekday
            self.fields = fields
            self.every = every
            self.series = series
        }
    }

    public init(
        name: String, source: ISOWeek, entries: [Entry], created: String, modified: String? = nil,
        stamps: FieldStamps? = nil
    ) {
        self.name = name
        self.source = source
        self.entries = entries
        self.created = created
        self.modified = modified ?? created
        self.stamps = stamps ?? FieldStamps(made: FieldStamp(at: created, by: ""))
    }
}

extension WeekTemplate: KeyedRecord {
    public static let kind = RecordKind(rawValue: "template")
    public static let stampedFields: Set<String> = ["source", "entries"]
    public var key: String { name }
    public static let noun = (one: "template", many: "templates")
    public var shownName: String { name }
    public var fields: [(name: String, value: FieldValue)] {
        [
            ("name", .text(name)), ("source", .text(source.description)),
            ("entries", .list(entries.map { "\($0.weekday.shortName) \($0.fields.slot): \($0.fields.title)" })),
        ]
    }
}
