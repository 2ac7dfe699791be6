import ShadeCore
import ShadeJSON

/// Taking back a change a sync has sent (SPEC §15): the undo is a new change, stamped now, so
/// that the next sync sends it and it wins over the change it takes back on every copy.
extension StoreState {
    /// The record change that takes back one record of a change a sync sent (`inverse`: from the
    /// record as that change left it to the record as it was before), stamped `stamp`; nil
    /// when there is nothing left to take back (the task is gone since).
    ///
    /// A task changed since (a sync brought another member's edit of another field) keeps those
    /// later changes: only the fields the change changed go back, by the merge rule of a sync,
    /// with the change as the base, the task now as one side and the task before it (its fields
    /// stamped now) as the other.
    func undoing(_ inverse: RecordChange, stamp: FieldStamp) throws(StoreError) -> RecordChange? {
        guard case .task(let made)? = inverse.before, case .task(let was)? = inverse.after else {
            // A task or record added back, a removal, a keyed record: as it was, stamped now.
            return inverse.stamped(stamp)
        }
        guard let now = try task(id: made.id) else { return nil }
        let back = inverse.stamped(stamp)
        guard now != made, case .task(let stampedBack)? = back.after else {
            return RecordChange(before: .task(now), after: back.after)
        }
        let outcome = StoreFileMerge.merge(
            was.uid, base: RecordMerge.Side(record: StoreFileMerge.version(of: made)),
            ours: RecordMerge.Side(record: StoreFileMerge.version(of: now)),
            theirs: RecordMerge.Side(record: StoreFileMerge.version(of: stampedBack)), shape: StoreFileMerge.taskShape)
        guard let record = outcome.record else { return nil }
        var merged = try StoreFileMerge.task(from: record, path: paths.weekFile(now.week))
        merged.id = now.id
        return RecordChange(before: .task(now), after: .task(merged))
    }
}
