import ShadeCore
import ShadeJSON

/// A task as another program holds it (a phone's task app, through CalDAV) merged into the task
/// here by the rule of a sync (SPEC §15): what that program changed since the last sync is a
/// change of its own, stamped when it says it changed the task, and meets this copy's changes
/// field by field, the later winning and the other going to the conflict log.
extension StoreFileMerge {
    /// What an arrival merged gives: the task, and the values it overwrote.
    public struct Arrival: Sendable {
        public let task: PlannerTask
        public let conflicts: [Conflict]
    }

    /// Merges `arrived` into `ours`, `base` being the task as both last agreed (when last synced).
    /// Only `fields` can differ in `arrived` (what the other program's format holds); those that
    /// differ from `base` are its change, at `stamp`. A status taken brings its `done_at` along.
    public static func mergeArrival(
        base: PlannerTask, ours: PlannerTask, arrived: PlannerTask, fields: Set<String>, at stamp: FieldStamp,
        file: String
    ) throws(StoreError) -> Arrival {
        let baseVersion = version(of: base)
        let arrivedVersion = version(of: arrived)
        var theirs = baseVersion
        let changed = fields.filter { arrivedVersion.fields[$0] != baseVersion.fields[$0] }.sorted()
        for field in changed { theirs.fields[field] = arrivedVersion.fields[field] }
        if changed.contains(TaskField.status.rawValue) {
            theirs.fields[TaskField.doneAt.rawValue] = arrivedVersion.fields[TaskField.doneAt.rawValue]
        }
        theirs.stamps = theirs.stamps.marking(changed, stamp)
        let outcome = merge(
            ours.uid, base: RecordMerge.Side(record: baseVersion), ours: RecordMerge.Side(record: version(of: ours)),
            theirs: RecordMerge.Side(record: theirs), shape: taskShape)
        guard let record = outcome.record else { return Arrival(task: ours, conflicts: []) }
        var merged = try task(from: record, path: file)
        merged.id = ours.id
        return Arrival(
            task: merged, conflicts: outcome.conflicts.map { conflict(file, .task, merged.title, $0) })
    }

    /// Whether two versions of a task agree in every one of `fields` (as a store file writes them).
    public static func agree(_ one: PlannerTask, _ other: PlannerTask, in fields: Set<String>) -> Bool {
        let (left, right) = (version(of: one).fields, version(of: other).fields)
        return fields.allSatisfy { left[$0] == right[$0] }
    }

    /// `task` with `fields` as `source` has them (its stamps left as they are): the base a CalDAV
    /// sync keeps, the fields as the list holds them and the stamps as this copy made them.
    public static func taking(_ fields: Set<String>, from source: PlannerTask, into task: PlannerTask)
        throws(StoreError) -> PlannerTask
    {
        var result = version(of: task)
        let other = version(of: source)
        for field in fields { result.fields[field] = other.fields[field] }
        if fields.contains(TaskField.status.rawValue) {
            result.fields[TaskField.doneAt.rawValue] = other.fields[TaskField.doneAt.rawValue]
        }
        var taken = try self.task(from: result, path: "")
        taken.id = task.id
        return taken
    }

    /// The conflict of a removal that lost against a later change kept here (`task`).
    public static func removalLost(_ task: PlannerTask, removed: FieldStamp, file: String) -> Conflict {
        Conflict(
            file: file, kind: .task, key: task.uid, title: task.title, field: RecordMerge.removedField,
            kept: .bool(false), lost: .bool(true), keptStamp: version(of: task).latest, lostStamp: removed)
    }

    /// What a keyed record's arrival merged gives: the record, and the values it overwrote.
    public struct RecordArrival: Sendable {
        public let record: AnyKeyedRecord
        public let conflicts: [Conflict]
    }

    /// Merges `arrived` into `ours` (a keyed record: a repeat series), `base` being the record as
    /// both last agreed, as `mergeArrival` merges a task: only `fields` can differ in `arrived`,
    /// and those that differ from `base` are its change, at `stamp`.
    public static func mergeArrival(
        base: AnyKeyedRecord, ours: AnyKeyedRecord, arrived: AnyKeyedRecord, fields: Set<String>,
        at stamp: FieldStamp, file: String
    ) throws(StoreError) -> RecordArrival {
        guard let codec = KeyedRecordCodecs.codec(for: ours.kind) else {
            throw .invalidContent(file: file, location: "", reason: "no kind of record \(ours.kind) is known")
        }
        let baseVersion = version(of: base, codec: codec)
        let arrivedVersion = version(of: arrived, codec: codec)
        var theirs = baseVersion
        let changed = fields.filter { arrivedVersion.fields[$0] != baseVersion.fields[$0] }.sorted()
        for field in changed { theirs.fields[field] = arrivedVersion.fields[field] }
        theirs.stamps = theirs.stamps.marking(changed, stamp)
        let stamped = ours.stampedFields
        let outcome = merge(
            ours.base.key, base: RecordMerge.Side(record: baseVersion),
            ours: RecordMerge.Side(record: version(of: ours, codec: codec)), theirs: RecordMerge.Side(record: theirs),
            shape: RecordMerge.Shape(stamped: stamped, made: ["created"], sets: stamped.intersection(setFields)))
        guard let record = outcome.record else { return RecordArrival(record: ours, conflicts: []) }
        let merged = try keyedRecord(from: record, codec: codec, key: ours.base.key, path: file)
        return RecordArrival(
            record: merged,
            conflicts: outcome.conflicts.map { conflict(file, ours.kind, merged.base.shownName, $0) })
    }

    /// Whether two versions of a keyed record agree in every one of `fields`.
    public static func agree(_ one: AnyKeyedRecord, _ other: AnyKeyedRecord, in fields: Set<String>) -> Bool {
        guard let codec = KeyedRecordCodecs.codec(for: one.kind), one.kind == other.kind else { return false }
        let (left, right) = (version(of: one, codec: codec).fields, version(of: other, codec: codec).fields)
        return fields.allSatisfy { left[$0] == right[$0] }
    }

    /// `record` with `fields` as `source` has them (its stamps left as they are).
    public static func taking(_ fields: Set<String>, from source: AnyKeyedRecord, into record: AnyKeyedRecord)
        throws(StoreError) -> AnyKeyedRecord
    {
        guard let codec = KeyedRecordCodecs.codec(for: record.kind) else { return record }
        var result = version(of: record, codec: codec)
        let other = version(of: source, codec: codec)
        for field in fields { result.fields[field] = other.fields[field] }
        return try keyedRecord(from: result, codec: codec, key: record.base.key, path: "")
    }

    /// The conflict of a removal that lost against a later change of a keyed record kept here.
    public static func removalLost(_ record: AnyKeyedRecord, removed: FieldStamp, file: String) -> Conflict {
        Conflict(
            file: file, kind: record.kind, key: record.base.key, title: record.base.shownName,
            field: RecordMerge.removedField, kept: .bool(false), lost: .bool(true),
            keptStamp: record.base.stamps.latest, lostStamp: removed)
    }
}
