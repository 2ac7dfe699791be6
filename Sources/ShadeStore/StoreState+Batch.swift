import ShadeCore

/// A batch of changes in one step (`StoreBatch`): each change closed with its own change-log
/// entry, and a change that fails taken back to where the step stood before it.
extension StoreState {
    /// Everything a change can alter in the state: the records loaded, what is to be written, and
    /// the changes recorded.
    struct Snapshot {
        let weeks: [ISOWeek: [PlannerTask]]
        let filedKeys: [ISOWeek: WeekKeys]
        let dirtyWeeks: Set<ISOWeek>
        let shards: [Int: [ISOWeek?]]
        let dirtyShards: Set<Int>
        let dirtyIndexes: Set<ISOWeek>
        let unindexedWeeks: Set<ISOWeek>
        let numberedWeeks: [ISOWeek]
        let nextID: Int?
        let changeOrder: [String]
        let changes: [String: (before: PlannerRecord?, after: PlannerRecord?)]
        let closedChanges: [Change]
        let collections: [RecordKind: [AnyKeyedRecord]]
        let dirtyCollections: Set<RecordKind>
        let weekIDs: [ISOWeek: [String: Int]]
        let occurrences: [ISOWeek: [PlannerTask]]
        let goalIDs: [String: Int]?
        let goalIndexChanged: Bool
        let inboxIDs: [String: Int]?
        let inboxIndexChanged: Bool
        let removedTasks: [ISOWeek: [String: FieldStamp]]
        let removedRecords: [RecordKind: [String: FieldStamp]]
    }

    /// The state as it stands (the collections share their storage until changed).
    func snapshot() -> Snapshot {
        Snapshot(
            weeks: weeks, filedKeys: filedKeys, dirtyWeeks: dirtyWeeks, shards: shards, dirtyShards: dirtyShards,
            dirtyIndexes: dirtyIndexes, unindexedWeeks: unindexedWeeks, numberedWeeks: numberedWeeks,
            nextID: nextID, changeOrder: changeOrder, changes: changes, closedChanges: closedChanges,
            collections: collections, dirtyCollections: dirtyCollections, weekIDs: weekIDs, occurrences: occurrences,
            goalIDs: goalIDs, goalIndexChanged: goalIndexChanged, inboxIDs: inboxIDs,
            inboxIndexChanged: inboxIndexChanged, removedTasks: removedTasks,
            removedRecords: removedRecords)
    }

    /// Puts the state back as it stood at `snapshot`.
    func restore(_ snapshot: Snapshot) {
        weeks = snapshot.weeks
        filedKeys = snapshot.filedKeys
        dirtyWeeks = snapshot.dirtyWeeks
        shards = snapshot.shards
        dirtyShards = snapshot.dirtyShards
        dirtyIndexes = snapshot.dirtyIndexes
        unindexedWeeks = snapshot.unindexedWeeks
        numberedWeeks = snapshot.numberedWeeks
        nextID = snapshot.nextID
        changeOrder = snapshot.changeOrder
        changes = snapshot.changes
        closedChanges = snapshot.closedChanges
        collections = snapshot.collections
        dirtyCollections = snapshot.dirtyCollections
        weekIDs = snapshot.weekIDs
        occurrences = snapshot.occurrences
        goalIDs = snapshot.goalIDs
        goalIndexChanged = snapshot.goalIndexChanged
        inboxIDs = snapshot.inboxIDs
        inboxIndexChanged = snapshot.inboxIndexChanged
        removedTasks = snapshot.removedTasks
        removedRecords = snapshot.removedRecords
    }

    /// Makes a change again from its change-log entry, as one change of this step with an entry
    /// of its own (a removal leaves the tombstone of the change that made it).
    func replay(_ change: Change) throws(StoreError) {
        // The ids its tasks carry were handed out when it was made, and may be past every id the
        // shards' files hold (an id that opened a shard): a task filing them numbers first (one
        // another copy brought into the same week) gets an id after them, never one of them.
        if let highest = change.records.compactMap({ $0.after?.task?.id }).max(), highest > 0 {
            nextID = max(try idToHandOut(), highest + 1)
        }
        removalStamp = FieldStamp(at: change.at, by: change.by)
        try apply(change.records)
        closeChange(Change(label: change.label, at: change.at, by: change.by, records: recordChanges))
    }

    /// Ends the change being made: it becomes an entry of the change log of its own (written with
    /// the step), and the next change starts from nothing recorded.
    func closeChange(_ change: Change) {
        if !change.records.isEmpty { closedChanges.append(change) }
        changeOrder = []
        changes = [:]
    }
}

extension StoreState {
    /// Applies changes that arrived from another program (a CalDAV task list), as they are (their
    /// stamps are theirs), removals stamped `stamp`, and records them in the change log as one
    /// received change by `by` (which `undo` passes over).
    public func applyArrivals(_ changes: [RecordChange], stamp: FieldStamp, by: String) throws(StoreError) {
        guard !changes.isEmpty else { return }
        removalStamp = stamp
        try apply(changes)
        closeChange(Change(label: Change.receivedLabel, at: stamp.at, by: by, records: recordChanges))
    }
}
