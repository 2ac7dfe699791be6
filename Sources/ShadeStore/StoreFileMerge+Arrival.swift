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
}
