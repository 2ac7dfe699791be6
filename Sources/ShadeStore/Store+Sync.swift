import ShadeCore

/// What a sync asks of the store beside its lock: that no other sync runs at the same time, and
/// how far the change log has come.
extension Store {
    /// Runs `body` while no other sync of this store runs (`sync-run.lock`, waited for as the
    /// store's lock is). A sync holds it throughout, and the store's lock only while it commits
    /// and merges: a remote that is slow to answer keeps no command of the planner waiting.
    public func oneSyncAtATime<T>(_ body: () throws -> T) throws -> T {
        try FileSystem.makeDirectories(paths.root)
        let lock = try FileLock(path: paths.absolute("sync-run.lock"), mode: .exclusive)
        return try withExtendedLifetime(lock) { try body() }
    }

    /// Whether another process runs the background sync of this store: the lock `body` is run
    /// under is held, and `body` runs only when it can be taken at once (`sync-background.lock`).
    /// Returns nil without running `body` when another holds it.
    public func unlessBackgroundSyncRuns<T>(_ body: () throws -> T) throws -> T? {
        try FileSystem.makeDirectories(paths.root)
        guard let lock = FileLock(trying: paths.absolute("sync-background.lock"), mode: .exclusive) else { return nil }
        return try withExtendedLifetime(lock) { try body() }
    }
}

extension StoreState {
    /// The changes this copy made itself (not those a sync received) that the change log holds
    /// after entry `sequence`, and the number of its newest entry (0 when it is empty).
    public func changesMadeHere(after sequence: Int) throws(StoreError) -> (count: Int, newest: Int) {
        let numbers = try UndoJournal.sequenceNumbers(in: paths.undoDirectory)
        var count = 0
        for number in numbers where number > sequence {
            if try !undoEntry(number).isReceived { count += 1 }
        }
        let last = numbers.last ?? 0
        for (offset, change) in closedChanges.enumerated() where last + offset + 1 > sequence && !change.isReceived {
            count += 1
        }
        return (count, last + closedChanges.count)
    }
}
