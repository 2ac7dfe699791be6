import ShadeCore
import ShadeJSON

/// Putting back a value that lost in a merge (`conflicts restore N`, SPEC §15): a change of its
/// own, stamped when it is made, so that the next sync sends it and it wins on every copy.
extension StoreState {
    /// The change that puts the value `conflict` lost back on its record, as the record is now;
    /// `now` is the moment of the change (a status put back to done is done then). Empty when the
    /// record holds that value already. Throws `InputError` when it cannot be put back: the record
    /// is gone, or the conflict was a removal that won (the record's values went with it).
    public func restoring(_ conflict: StoreFileMerge.Conflict, now: String) throws -> [RecordChange] {
        if conflict.field == RecordMerge.removedField {
            // `lost` says whether the record was gone on the side that lost.
            guard conflict.lost == .bool(true) else {
                throw InputError.invalid(
                    "that conflict was a removal that won: \(conflict.kind.rawValue) “\(conflict.title)” is gone, and its values with it; add it again"
                )
            }
            return try removing(conflict)
        }
        if conflict.kind == .task {
            guard let task = try task(uid: conflict.key, near: conflict.file) else { throw gone(conflict) }
            var version = StoreFileMerge.version(of: task)
            guard version.fields[conflict.field] != conflict.lost else { return [] }
            version.fields[conflict.field] = conflict.lost
            if conflict.field == PlannerTask.Field.status.rawValue {
                version.fields[PlannerTask.Field.doneAt.rawValue] =
                    conflict.lost == .string("done") ? .string(now) : .null
            }
            version.fields[PlannerTask.Field.modified.rawValue] = .string(now)
            var restored = try StoreFileMerge.task(from: version, path: conflict.file)
            restored.id = task.id
            return [RecordChange(before: .task(task), after: .task(restored))]
        }
        guard let codec = KeyedRecordCodecs.codec(for: conflict.kind),
            let record = try keyedRecords(of: conflict.kind).first(where: { $0.base.key == conflict.key })
        else { throw gone(conflict) }
        guard var object = codec.encode(record).objectValue else { return [] }
        guard object[conflict.field] != conflict.lost else { return [] }
        object[conflict.field] = conflict.lost
        let bytes = try serialise(.object(object), layout: .compact)
        let restored = try decode(bytes, file: conflict.file) { value throws(StoreError) in
            try codec.decode(value, file: conflict.file, location: conflict.key, withStamps: true)
        }
        guard restored.base.key == record.base.key else {
            throw InputError.invalid("that value cannot be put back: it would change the record's name")
        }
        return [RecordChange(before: .keyed(record), after: .keyed(restored))]
    }

    /// The removal a conflict lost, made again.
    private func removing(_ conflict: StoreFileMerge.Conflict) throws -> [RecordChange] {
        if conflict.kind == .task {
            guard let task = try task(uid: conflict.key, near: conflict.file) else { return [] }
            return [RecordChange(before: .task(task), after: nil)]
        }
        guard let record = try keyedRecords(of: conflict.kind).first(where: { $0.base.key == conflict.key }) else {
            return []
        }
        return [RecordChange(before: .keyed(record), after: nil)]
    }

    private func gone(_ conflict: StoreFileMerge.Conflict) -> InputError {
        .invalid("\(conflict.kind.rawValue) “\(conflict.title)” is gone: there is nothing to put the value back on")
    }

    /// The task with a uid: looked for in the week of `file` (where a merge found it) first, then
    /// wherever it is (it may have moved since), by the weeks' id indexes.
    public func task(uid: String, near file: String) throws(StoreError) -> PlannerTask? {
        if case .week(let week)? = StoreFileKind(relativePath: file),
            let found = try tasks(in: week).first(where: { $0.uid == uid })
        {
            return found
        }
        return try tasks(withUIDs: [uid])[uid]
    }

    /// The tasks with these uids, wherever they are: one pass over the weeks, each looked at by
    /// its id index and read only when it holds one of them, and let go of after.
    public func tasks(withUIDs uids: Set<String>) throws(StoreError) -> [String: PlannerTask] {
        try tasks(withUIDs: uids, fromWeek: nil)
    }

    /// The tasks with these uids in the weeks from `first`'s on (the id files of the others are
    /// not read).
    public func tasks(withUIDs uids: Set<String>, from first: CivilDate) throws(StoreError) -> [String: PlannerTask] {
        try tasks(withUIDs: uids, fromWeek: first.isoWeek)
    }

    private func tasks(withUIDs uids: Set<String>, fromWeek start: ISOWeek?) throws(StoreError) -> [String: PlannerTask]
    {
        guard !uids.isEmpty else { return [:] }
        var found: [String: PlannerTask] = [:]
        for week in try storedWeeks() where found.count < uids.count && start.map({ week >= $0 }) ?? true {
            guard try knownUIDs(in: week).contains(where: uids.contains) else { continue }
            for task in try tasks(in: week) where uids.contains(task.uid) { found[task.uid] = task }
            try releaseWeeks()
        }
        return found
    }
}
