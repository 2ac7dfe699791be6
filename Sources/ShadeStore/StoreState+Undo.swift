import ShadeCore
import ShadeJSON

/// Taking back a change a sync has sent (SPEC §15): the undo is a new change, stamped now, so
/// that the next sync sends it and it wins over the change it takes back on every copy.
extension StoreState {
    /// The record change that takes back one record of a change a sync sent (`inverse`: from the
    /// record as that change left it to the record as it was before), stamped `stamp`; nil
    /// when there is nothing left to take back (the task is gone since, or is back already).
    ///
    /// A task changed since (a sync brought another member's edit) keeps those later changes:
    /// only a field that still holds what the change made goes back. A field someone changed
    /// since holds their value, and the undo leaves it.
    func undoing(_ inverse: RecordChange, stamp: FieldStamp) throws(StoreError) -> RecordChange? {
        switch (inverse.before, inverse.after) {
        case (nil, .task(let was)?):
            // A removal taken back: unless the task came back since (another member changed it
            // after the removal), it is added again, stamped now.
            if try task(uid: was.uid, near: paths.weekFile(was.week)) != nil { return nil }
            return inverse.stamped(stamp)
        case (.task(let made)?, .task(let was)?):
            guard let now = try task(id: made.id) else { return nil }
            let (madeVersion, wasVersion) = (StoreFileMerge.version(of: made), StoreFileMerge.version(of: was))
            var result = StoreFileMerge.version(of: now)
            var stamped: [String] = []
            for (field, value) in madeVersion.fields where field != TaskField.modified.rawValue {
                let before = wasVersion.fields[field]
                guard result.fields[field] == value, before != value else { continue }
                result.fields[field] = before
                if TaskField.stampedNames.contains(field) { stamped.append(field) }
            }
            guard result.fields != StoreFileMerge.version(of: now).fields else { return nil }
            result.fields[TaskField.modified.rawValue] = .string(stamp.at)
            result.stamps = result.stamps.marking(stamped, stamp)
            var back = try StoreFileMerge.task(from: result, path: paths.weekFile(now.week))
            back.id = now.id
            return RecordChange(before: .task(now), after: .task(back))
        default:
            // An addition taken back (a removal now), a keyed record: as it was, stamped now.
            return inverse.stamped(stamp)
        }
    }
}
