import ShadeCore
import ShadeJSON

/// The registry of the documents a store holds: for each kind, where it lives, whether a sync
/// shares it, its schema definition (in `data/store.schema.json`) and its codec (for the
/// collections of keyed records, the kind's `KeyedRecordCodec`). The store, its
/// writer, `check`, backups, `restore`, recovery, the fuzz target and the schema tests all know a
/// file through this, so a new kind of document is one case here.
enum StoreFileKind: Equatable {
    case meta
    /// The collection of a keyed kind of record (`categories.json`), its codec registered in
    /// `KeyedRecordCodecs`.
    case collection(RecordKind)
    case week(ISOWeek)
    case weekIndex(ISOWeek)
    case idShard(Int)
    case undo(Int)
    case summary(Int)
    /// This copy's record of the reminders it sent or marked missed.
    case reminderLedger
    /// The tallies of the occurrences repeat series show, week by week (a cache).
    case repeatSummary
    /// The weeks that hold each goal's tasks, year by year (a cache).
    case goalWeeks
    /// Where each week's tasks of each category and tag were done, for `plan` (a cache).
    case placeSummary
    /// This copy's numbers of its goals (`g1`).
    case goalIndex
    /// This copy's numbers of the tasks in its inbox.
    case inboxIndex
    /// This copy's conflict log: the values its merges overwrote.
    case conflictLog
    /// How this copy's sync stands: auto on or off, the last sync and its error.
    case syncState
    /// This copy's link to a CalDAV task list, and what it last synced there.
    case caldavState

    /// Who a document belongs to.
    enum Scope {
        /// The planner itself: what every copy shares (a later sync merges it by uid).
        case shared
        /// This copy's own: its ids, its change log.
        case local
        /// Derived from the shared files, rebuilt when lost.
        case cache
    }

    /// The file, relative to the store root: `weeks/2026/2026-W48.json`, `ids/0000.json`, …
    var relativePath: String {
        switch self {
        case .meta: "shade.json"
        case .collection(let kind): KeyedRecordCodecs.codec(for: kind)?.file ?? "\(kind).json"
        case .week(let week): "weeks/\(week.description.prefix(4))/\(week).json"
        case .weekIndex(let week): "ids/weeks/\(week).json"
        case .idShard(let shard): "ids/" + StorePaths.padded(shard, 4) + ".json"
        case .undo(let sequence): "undo/" + StorePaths.padded(sequence, 10) + ".json"
        case .summary(let year): "summary/" + StorePaths.padded(year, 4) + ".json"
        case .reminderLedger: "reminders.json"
        case .repeatSummary: "summary/repeats.json"
        case .goalWeeks: "summary/goals.json"
        case .placeSummary: "summary/places.json"
        case .goalIndex: "ids/goals.json"
        case .inboxIndex: "ids/inbox.json"
        case .conflictLog: "conflicts.json"
        case .syncState: "sync.json"
        case .caldavState: "caldav.json"
        }
    }

    /// The kind of a path relative to the store; nil for a path that is no store file.
    init?(relativePath path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard path.hasSuffix(".json") else { return nil }
        let name = parts.last?.dropLast(5) ?? ""
        switch (parts.count, parts.first) {
        case (1, "shade.json"): self = .meta
        case (1, "reminders.json"): self = .reminderLedger
        case (1, "conflicts.json"): self = .conflictLog
        case (1, "sync.json"): self = .syncState
        case (1, "caldav.json"): self = .caldavState
        case (1, _) where KeyedRecordCodecs.codec(forFile: path) != nil:
            guard let codec = KeyedRecordCodecs.codec(forFile: path) else { return nil }
            self = .collection(codec.kind)
        case (3, "weeks"):
            guard let week = ISOWeek(parsing: name), parts[1] == String(name.prefix(4)) else { return nil }
            self = .week(week)
        case (3, "ids"):
            guard parts[1] == "weeks", let week = ISOWeek(parsing: name) else { return nil }
            self = .weekIndex(week)
        case (2, "ids") where name == "goals":
            self = .goalIndex
        case (2, "ids") where name == "inbox":
            self = .inboxIndex
        case (2, "ids"):
            guard let shard = Int(name), shard >= 0 else { return nil }
            self = .idShard(shard)
        case (2, "undo"):
            guard let sequence = Int(name) else { return nil }
            self = .undo(sequence)
        case (2, "summary") where name == "repeats":
            self = .repeatSummary
        case (2, "summary") where name == "goals":
            self = .goalWeeks
        case (2, "summary") where name == "places":
            self = .placeSummary
        case (2, "summary"):
            guard let year = Int(name) else { return nil }
            self = .summary(year)
        default: return nil
        }
        // Only the one spelling each kind writes is a store file (`ids/7.json` is not).
        guard relativePath == path else { return nil }
    }

    var scope: Scope {
        switch self {
        case .meta, .collection, .week: .shared
        case .weekIndex, .idShard, .undo, .reminderLedger, .goalIndex, .inboxIndex, .conflictLog, .syncState,
            .caldavState:
            .local
        case .summary, .repeatSummary, .goalWeeks, .placeSummary: .cache
        }
    }

    /// Whether replaced versions are kept for `restore`: the planner's data and the ids of its
    /// weeks; not the id shards (which `restore` rebuilds from the weeks), the change log (whose
    /// entries are never replaced) or caches.
    var isBackedUp: Bool {
        switch self {
        case .idShard, .undo, .summary, .reminderLedger, .repeatSummary, .goalWeeks, .placeSummary, .goalIndex,
            .conflictLog, .syncState, .caldavState:
            false
        // The inbox's numbers are kept like a week's: a restored inbox keeps the ids it was shown with.
        case .inboxIndex: true
        case .meta, .collection, .week, .weekIndex: true
        }
    }

    /// The document's definition under `$defs` in `data/store.schema.json`.
    var schemaDefinition: String {
        switch self {
        case .meta: "store"
        case .collection(let kind): KeyedRecordCodecs.codec(for: kind)?.documentKind ?? kind.rawValue
        case .week: "week"
        case .weekIndex: "weekIds"
        case .idShard: "ids"
        case .undo: "change"
        case .summary: "summary"
        case .reminderLedger: "reminders"
        case .repeatSummary: "repeatSummary"
        case .goalWeeks: "goalWeeks"
        case .placeSummary: "placeSummary"
        case .goalIndex: "goalIds"
        case .inboxIndex: "inboxIds"
        case .conflictLog: "conflicts"
        case .syncState: "sync"
        case .caldavState: "caldav"
        }
    }

    /// Every kind with an example path: what the fuzz target and the schema tests go through.
    static let examples: [StoreFileKind] = {
        // In the order the fuzz corpus's kind bytes were saved in; a new kind goes last.
        let week = ISOWeek(year: 2026, week: 48)
        return [.meta, .collection(Category.kind)] + (week.map { [StoreFileKind.week($0)] } ?? []) + [
            .idShard(0), .undo(1), .summary(2026),
        ]
            + (week.map { [StoreFileKind.weekIndex($0)] } ?? []) + [
                .collection(RepeatSeries.kind), .reminderLedger, .repeatSummary, .collection(WeekTemplate.kind),
                .collection(Goal.kind), .goalIndex, .collection(Member.kind), .conflictLog, .goalWeeks, .syncState,
                .caldavState, .collection(InboxTask.kind), .inboxIndex, .placeSummary,
            ]
    }()

    /// What a file decoded to.
    enum Content: Equatable {
        case meta(format: Int)
        case collection(CollectionDocument.Content)
        case week(WeekDocument.Content)
        case weekIndex([String: Int])
        case idShard([ISOWeek?])
        case undo(Change)
        case summary([ISOWeek: SummaryDocument.Entry])
        case reminderLedger(ReminderLedger)
        case repeatSummary(RepeatSummaryDocument.Content)
        case goalWeeks([Int: GoalWeeksDocument.Year])
        case placeSummary([ISOWeek: PlaceSummaryDocument.Entry])
        case goalIndex([String: Int])
        case inboxIndex([String: Int])
        case conflictLog([ConflictLog.Entry])
        case syncState(SyncState)
        case caldavState(CalDAVState)
    }

    /// What `content` reads as once written back in the current format: the format says so, and
    /// a week's tasks are known by uid alone (their ids move to the week's id index).
    static func inCurrentFormat(_ content: Content) -> Content {
        switch content {
        case .meta: return .meta(format: StoreFormat.version)
        case .week(let file):
            return .week(
                WeekDocument.Content(
                    format: StoreFormat.version,
                    tasks: file.tasks.map { task in
                        var written = task
                        written.id = 0
                        return written
                    }, removed: file.removed))
        default: return content
        }
    }

    /// The document that writes `content` back as this kind of file (in the current format).
    func encode(_ content: Content) -> JSONValue {
        switch (self, content) {
        case (_, .meta): return MetaDocument.encode()
        case (.collection(let kind), .collection(let list)):
            guard let codec = KeyedRecordCodecs.codec(for: kind) else { preconditionFailure("a kind with no codec") }
            return CollectionDocument.encode(codec, list)
        case (.week(let week), .week(let file)):
            return WeekDocument.encode(week: week, tasks: file.tasks, removed: file.removed)
        case (.weekIndex(let week), .weekIndex(let ids)):
            return WeekIndexDocument.encode(week: week, ids: ids)
        case (.idShard(let shard), .idShard(let weeks)): return IDShardDocument.encode(shard: shard, weeks: weeks)
        case (_, .undo(let entry)): return UndoJournal.encode(entry)
        case (.summary(let year), .summary(let entries)): return SummaryDocument.encode(year: year, entries: entries)
        case (_, .reminderLedger(let ledger)): return ReminderLedgerDocument.encode(ledger)
        case (_, .repeatSummary(let content)): return RepeatSummaryDocument.encode(content)
        case (_, .goalWeeks(let years)): return GoalWeeksDocument.encode(years)
        case (_, .placeSummary(let entries)): return PlaceSummaryDocument.encode(entries)
        case (_, .goalIndex(let ids)): return GoalIndexDocument.encode(ids)
        case (_, .inboxIndex(let ids)): return InboxIndexDocument.encode(ids)
        case (_, .conflictLog(let entries)): return ConflictLogDocument.encode(entries)
        case (_, .syncState(let state)): return SyncStateDocument.encode(state)
        case (_, .caldavState(let state)): return CalDAVStateDocument.encode(state)
        default: preconditionFailure("content of another kind of file")
        }
    }

    /// Parses and decodes a file's bytes as this kind; a problem is placed by line and column.
    func decode(_ bytes: [UInt8], file: String) throws(StoreError) -> Content {
        try StoreError.placing(in: bytes) { () throws(StoreError) -> Content in
            let document: JSONDocument
            do throws(JSONError) { document = try JSONDocument(parsing: bytes) } catch {
                throw .unreadable(file: file, error: error)
            }
            return try decode(document.value, file: file)
        }
    }

    /// Decodes a parsed file as this kind.
    func decode(_ value: JSONNode, file: String) throws(StoreError) -> Content {
        switch self {
        case .meta: return .meta(format: try MetaDocument.decode(value, file: file))
        case .collection(let kind):
            guard let codec = KeyedRecordCodecs.codec(for: kind) else {
                throw .invalidContent(file: file, location: "", reason: "no kind of record \(kind) is known")
            }
            return .collection(try CollectionDocument.decode(codec, value, file: file))
        case .week(let week): return .week(try WeekDocument.decode(value, file: file, expected: week))
        case .weekIndex(let week): return .weekIndex(try WeekIndexDocument.decode(value, file: file, expected: week))
        case .idShard(let shard): return .idShard(try IDShardDocument.decode(value, file: file, shard: shard))
        case .undo: return .undo(try UndoJournal.decode(value, file: file))
        case .summary(let year): return .summary(try SummaryDocument.decode(value, file: file, year: year))
        case .reminderLedger: return .reminderLedger(try ReminderLedgerDocument.decode(value, file: file))
        case .repeatSummary: return .repeatSummary(try RepeatSummaryDocument.decode(value, file: file))
        case .goalWeeks: return .goalWeeks(try GoalWeeksDocument.decode(value, file: file))
        case .placeSummary: return .placeSummary(try PlaceSummaryDocument.decode(value, file: file))
        case .goalIndex: return .goalIndex(try GoalIndexDocument.decode(value, file: file))
        case .inboxIndex: return .inboxIndex(try InboxIndexDocument.decode(value, file: file))
        case .conflictLog: return .conflictLog(try ConflictLogDocument.decode(value, file: file))
        case .syncState: return .syncState(try SyncStateDocument.decode(value, file: file))
        case .caldavState: return .caldavState(try CalDAVStateDocument.decode(value, file: file))
        }
    }
}
