import ShadeCore
import ShadeJSON

/// Merges three versions of one shared store file — the base both copies last shared, ours and
/// theirs — record by record and field by field (`RecordMerge`): what `shade merge-driver` does
/// for git, and what anything else that merges two copies calls.
///
/// Each version is read as the store reads it (a file that does not read makes the merge fail,
/// naming it), each record is merged by its uid (or key), and the merged records are read back
/// through the same codecs before the file is written, so a merged file is always one the store
/// accepts.
public enum StoreFileMerge {
    /// A value a merge overwrote: a field both copies changed, or a removal against a change.
    public struct Conflict: Hashable, Sendable {
        /// The file, relative to the store (`weeks/2026/2026-W48.json`).
        public let file: String
        /// The record's kind and its uid (or key).
        public let kind: RecordKind
        public let key: String
        /// The record's title or name as merged, for a reader.
        public let title: String
        /// The field (`removed` for a removal against a change).
        public let field: String
        /// The value kept and the value lost, as JSON.
        public let kept: JSONValue
        public let lost: JSONValue
        /// Who changed each, and when.
        public let keptStamp: FieldStamp
        public let lostStamp: FieldStamp
    }

    /// A merged file: its bytes, and what it overwrote.
    public struct Merged: Sendable {
        public let bytes: [UInt8]
        public let conflicts: [Conflict]
    }

    /// Merges the versions of the store file at `path` (relative to the store); `base` is empty
    /// when the file did not exist in the base. Throws when a version does not read, or `path`
    /// is no file copies share. With `now` (the merging copy's clock, a timestamp), every stamp
    /// more than a day ahead of it counts as `now` (SPEC §14), in all three versions alike.
    public static func merge(
        path: String, base: [UInt8], ours: [UInt8], theirs: [UInt8], now: String? = nil
    ) throws(StoreError) -> Merged {
        guard let kind = StoreFileKind(relativePath: path), kind.scope == .shared else {
            throw .invalidContent(file: path, location: "", reason: "this is no file that copies of a planner share")
        }
        let versions = (
            base: base.isEmpty ? nil : try kind.decode(base, file: path + " (base)"),
            ours: try kind.decode(ours, file: path + " (ours)"),
            theirs: try kind.decode(theirs, file: path + " (theirs)")
        )
        switch (kind, versions.ours, versions.theirs) {
        case (.meta, .meta(let mine), .meta(let other)):
            guard mine == other else {
                throw .invalidContent(
                    file: path, location: "format",
                    reason: "one copy wrote format \(mine), the other format \(other): update shade on both")
            }
            return Merged(bytes: ours, conflicts: [])
        case (.week(let week), .week(let mine), .week(let other)):
            guard mine.format >= 3, other.format >= 3 else {
                throw .invalidContent(
                    file: path, location: "format",
                    reason: "a week of an earlier format: run any shade command to upgrade")
            }
            var was: WeekDocument.Content?
            if case .week(let content)? = versions.base { was = content }
            return try mergeWeek(week, path: path, base: was, ours: mine, theirs: other, now: now)
        case (.collection(let recordKind), .collection(let mine), .collection(let other)):
            guard let codec = KeyedRecordCodecs.codec(for: recordKind) else {
                throw .invalidContent(file: path, location: "", reason: "no kind of record \(recordKind) is known")
            }
            var was: CollectionDocument.Content?
            if case .collection(let content)? = versions.base { was = content }
            return try mergeCollection(codec, path: path, base: was, ours: mine, theirs: other, now: now)
        default:
            throw .invalidContent(file: path, location: "", reason: "the versions are of different kinds of file")
        }
    }

    /// A record one version of a shared file holds otherwise than another.
    public struct RecordDelta: Hashable, Sendable {
        public let kind: RecordKind
        public let key: String
        /// Its title or name (as the newer version has it, else the older).
        public let title: String
        public let action: RecordChange.Action

        public init(kind: RecordKind, key: String, title: String, action: RecordChange.Action) {
            self.kind = kind
            self.key = key
            self.title = title
            self.action = action
        }
    }

    /// The records that differ between two versions of the shared file at `path` (empty bytes:
    /// no file), in the newer version's order; a version that does not read counts as empty.
    public static func deltas(path: String, old: [UInt8], new: [UInt8]) -> [RecordDelta] {
        guard let kind = StoreFileKind(relativePath: path), kind.scope == .shared else { return [] }
        func records(_ bytes: [UInt8]) -> [(key: String, title: String, version: RecordMerge.Version<JSONValue>)] {
            guard !bytes.isEmpty, let content = try? kind.decode(bytes, file: path) else { return [] }
            switch content {
            case .week(let week): return week.tasks.map { ($0.uid, $0.title, version(of: $0)) }
            case .collection(let list):
                guard case .collection(let recordKind) = kind, let codec = KeyedRecordCodecs.codec(for: recordKind)
                else { return [] }
                return list.records.map {
                    ($0.base.key, $0.base.shownName, version(of: codec.encode($0), stamps: $0.base.stamps))
                }
            default: return []
            }
        }
        let recordKind: RecordKind
        switch kind {
        case .week: recordKind = .task
        case .collection(let kind): recordKind = kind
        default: return []
        }
        let before = records(old)
        let after = records(new)
        let was = Dictionary(before.map { ($0.key, $0.version) }, uniquingKeysWith: { first, _ in first })
        let now = Set(after.map(\.key))
        var result: [RecordDelta] = []
        for record in after where was[record.key] != record.version {
            result.append(
                RecordDelta(
                    kind: recordKind, key: record.key, title: record.title,
                    action: was[record.key] == nil ? .add : .change))
        }
        for record in before where !now.contains(record.key) {
            result.append(RecordDelta(kind: recordKind, key: record.key, title: record.title, action: .remove))
        }
        return result
    }

    /// The shape of a task's fields: each a stamp of its own; `done_at` goes with `status`; the
    /// tags a set.
    static let taskShape = RecordMerge.Shape(
        stamped: TaskRecord.stampedFields, companions: [TaskField.doneAt.rawValue: TaskField.status.rawValue],
        made: [TaskField.created.rawValue], sets: [TaskField.tags.rawValue])

    /// The fields of a keyed record that are sets: a goal's participants.
    static let setFields: Set<String> = ["participants"]

    /// A JSON list as a set field's elements.
    static let arrayElements = RecordMerge.Elements<JSONValue>(of: { $0.arrayValue }, value: { .array($0) })

    /// One version of a document's records, as the merge reads them: each record by key, in the
    /// document's order, and the keys removed from it.
    private struct Records {
        var order: [String] = []
        var versions: [String: RecordMerge.Version<JSONValue>] = [:]
        var removed: [String: FieldStamp] = [:]

        init() {}

        init(_ records: [(key: String, version: RecordMerge.Version<JSONValue>)], removed: [String: FieldStamp]) {
            order = records.map(\.key)
            versions = Dictionary(records.map { ($0.key, $0.version) }, uniquingKeysWith: { first, _ in first })
            self.removed = removed
        }

        func side(_ key: String, now: String?) -> RecordMerge.Side<JSONValue> {
            var side = RecordMerge.Side(record: versions[key], removed: removed[key])
            if let now {
                if let stamps = side.record?.stamps { side.record?.stamps = stamps.bounded(arrivingAt: now) }
                side.removed = side.removed?.bounded(arrivingAt: now)
            }
            return side
        }
    }

    /// One record merged as every merge of a shared file does (values in `precedes` order at an
    /// exact tie; a removal's conflict as a flag).
    static func merge(
        _ key: String, base: RecordMerge.Side<JSONValue>, ours: RecordMerge.Side<JSONValue>,
        theirs: RecordMerge.Side<JSONValue>, shape: RecordMerge.Shape
    ) -> RecordMerge.Outcome<JSONValue> {
        RecordMerge.merge(
            key: key, base: base, ours: ours, theirs: theirs, shape: shape, order: precedes,
            removedValue: { .bool($0) }, elements: arrayElements)
    }

    /// Every key of three versions merged: what each record kept reads back as (`read`: the
    /// record and its title, or throws when the store would not accept it), the tombstones, and
    /// the conflicts (named by the merged title, else by `title` of a key gone).
    private static func mergeRecords<Kept>(
        base: Records, ours: Records, theirs: Records, shape: RecordMerge.Shape, path: String, kind: RecordKind,
        now: String?, title: (String) -> String,
        read: (String, RecordMerge.Version<JSONValue>) throws(StoreError) -> (Kept, String)
    ) throws(StoreError) -> (kept: [Kept], removed: [String: FieldStamp], conflicts: [Conflict]) {
        let keys = ordered(
            ours.order, theirs.order, base.order, ours.removed.keys.sorted(), theirs.removed.keys.sorted())
        var kept: [Kept] = []
        var removed: [String: FieldStamp] = [:]
        var conflicts: [Conflict] = []
        for key in keys {
            let outcome = merge(
                key, base: base.side(key, now: now), ours: ours.side(key, now: now),
                theirs: theirs.side(key, now: now), shape: shape)
            var name = title(key)
            if let record = outcome.record {
                let (one, shown) = try read(key, record)
                kept.append(one)
                name = shown
            }
            if let stamp = outcome.removed { removed[key] = stamp }
            conflicts += outcome.conflicts.map { conflict(path, kind, name, $0) }
        }
        return (kept, removed, conflicts)
    }

    private static func mergeWeek(
        _ week: ISOWeek, path: String, base: WeekDocument.Content?, ours: WeekDocument.Content,
        theirs: WeekDocument.Content, now: String?
    ) throws(StoreError) -> Merged {
        func records(_ content: WeekDocument.Content?) -> Records {
            guard let content else { return Records() }
            return Records(content.tasks.map { ($0.uid, version(of: $0)) }, removed: content.removed)
        }
        let sides = (base: records(base), ours: records(ours), theirs: records(theirs))
        let merged = try mergeRecords(
            base: sides.base, ours: sides.ours, theirs: sides.theirs, shape: taskShape, path: path, kind: .task,
            now: now,
            title: { uid in
                [sides.ours, sides.theirs, sides.base].lazy.compactMap {
                    $0.versions[uid]?.fields[TaskField.title.rawValue]?.stringValue
                }.first ?? ""
            },
            read: { uid, record throws(StoreError) in
                let task = try self.task(from: record, path: path)
                guard task.week == week else {
                    throw .invalidContent(
                        file: path, location: uid, reason: "the merged task is planned for \(task.date), not in \(week)"
                    )
                }
                return (task, task.title)
            })
        let document = WeekDocument.encode(week: week, tasks: merged.kept, removed: merged.removed)
        return Merged(bytes: try bytes(of: document, path: path), conflicts: merged.conflicts)
    }

    private static func mergeCollection(
        _ codec: any KeyedRecordCodec.Type, path: String, base: CollectionDocument.Content?,
        ours: CollectionDocument.Content, theirs: CollectionDocument.Content, now: String?
    ) throws(StoreError) -> Merged {
        func records(_ content: CollectionDocument.Content?) -> Records {
            guard let content else { return Records() }
            return Records(
                content.records.map { ($0.base.key, version(of: codec.encode($0), stamps: $0.base.stamps)) },
                removed: content.removed)
        }
        let stamped = (ours.records + theirs.records).first?.stampedFields ?? []
        let merged = try mergeRecords(
            base: records(base), ours: records(ours), theirs: records(theirs),
            shape: RecordMerge.Shape(stamped: stamped, made: ["created"], sets: stamped.intersection(setFields)),
            path: path, kind: codec.kind,
            now: now, title: { $0 },
            read: { key, record throws(StoreError) in
                let kept = try keyedRecord(from: record, codec: codec, key: key, path: path)
                return (kept, kept.base.shownName)
            })
        let document = CollectionDocument.encode(codec, .init(records: merged.kept, removed: merged.removed))
        return Merged(bytes: try bytes(of: document, path: path), conflicts: merged.conflicts)
    }

    /// The keyed record a merged version stands for, read back through its codec.
    static func keyedRecord(
        from record: RecordMerge.Version<JSONValue>, codec: any KeyedRecordCodec.Type, key: String, path: String
    ) throws(StoreError) -> AnyKeyedRecord {
        let object = JSONValue.object(
            JSONObject(
                record.fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    + [(StampsCodec.key, StampsCodec.encode(record.stamps))]))
        let node = try reparse(object, path: path)
        let kept = try codec.decode(node.value, file: path, location: key, withStamps: true)
        guard kept.base.key == key else {
            throw .invalidContent(file: path, location: key, reason: "the merged record changed its key")
        }
        return kept
    }

    /// A keyed record as the merge sees it: its fields as its codec writes them.
    static func version(of record: AnyKeyedRecord, codec: any KeyedRecordCodec.Type) -> RecordMerge.Version<JSONValue> {
        version(of: codec.encode(record), stamps: record.base.stamps)
    }

    /// A task as the merge sees it: every field (the date and slot too) but its local id.
    static func version(of task: PlannerTask) -> RecordMerge.Version<JSONValue> {
        var placed = task
        placed.id = 1
        return version(of: TaskRecord.encode(placed, .placed), stamps: task.stamps)
    }

    private static func version(of value: JSONValue, stamps: FieldStamps) -> RecordMerge.Version<JSONValue> {
        var fields: [String: JSONValue] = [:]
        for (key, member) in value.objectValue ?? JSONObject() where key != StampsCodec.key {
            fields[key] = member
        }
        return RecordMerge.Version(fields: fields, stamps: stamps)
    }

    /// The task a merged version stands for, read back through the store's codec.
    static func task(from record: RecordMerge.Version<JSONValue>, path: String) throws(StoreError)
        -> PlannerTask
    {
        var object = JSONObject()
        for key in TaskRecord.placedOrder where key != StampsCodec.key {
            if let value = record.fields[key] { object.appendUnique(key, value) }
        }
        if let series = record.fields[TaskRecord.seriesKey] { object.appendUnique(TaskRecord.seriesKey, series) }
        object.appendUnique(StampsCodec.key, StampsCodec.encode(record.stamps))
        let node = try reparse(.object(object), path: path)
        var task = try TaskRecord.decode(
            node.value, file: path, location: record.fields["uid"]?.stringValue ?? "", shape: .placed, date: nil,
            slot: nil)
        task.id = 0
        return task
    }

    /// A value written and parsed again, as a file would be (what the codecs read).
    private static func reparse(_ value: JSONValue, path: String) throws(StoreError) -> JSONDocument {
        let bytes = try bytes(of: value, path: path, layout: .compact)
        do { return try JSONDocument(parsing: bytes) } catch { throw .unreadable(file: path, error: error) }
    }

    private static func bytes(of value: JSONValue, path: String, layout: JSONWriter.Layout = .pretty)
        throws(StoreError) -> [UInt8]
    {
        do { return try JSONWriter.bytes(value, layout: layout) } catch {
            throw .invalidContent(file: path, location: "(writing)", reason: "a value could not be written as JSON")
        }
    }

    /// Each key once, in the order first met.
    private static func ordered(_ lists: [String]...) -> [String] {
        var seen: Set<String> = []
        return lists.joined().filter { seen.insert($0).inserted }
    }

    /// A fixed order of values, for changes stamped at the same instant by the same author.
    static func precedes(_ left: JSONValue, _ right: JSONValue) -> Bool {
        let text = { (value: JSONValue) in (try? JSONWriter.bytes(value, layout: .compact)) ?? [] }
        return text(left).lexicographicallyPrecedes(text(right))
    }

    static func conflict(
        _ file: String, _ kind: RecordKind, _ title: String, _ conflict: RecordMerge.Conflict<JSONValue>
    ) -> Conflict {
        Conflict(
            file: file, kind: kind, key: conflict.key, title: title, field: conflict.field,
            kept: conflict.kept ?? .null, lost: conflict.lost ?? .null, keptStamp: conflict.keptStamp,
            lostStamp: conflict.lostStamp)
    }
}
