import ShadeCore

/// Changes made one after another under one hold of the exclusive lock and saved together as one
/// atomic step: a group commit, for a script whose lines arrive faster than the disk flushes.
///
/// Each change keeps its own change-log entry (one `undo` takes back one of them), and none of
/// them is durable — so none may be reported as done — until `Store.save(_:)` returns. A change
/// that fails leaves the batch as it was before it. While a batch is open, the store is read and
/// changed through it only: another `read` or `write` of this process would wait for its lock.
public final class StoreBatch {
    fileprivate var lock: FileLock?
    fileprivate let state: StoreState
    fileprivate let metaCurrent: Bool

    fileprivate init(lock: FileLock, state: StoreState, metaCurrent: Bool) {
        self.lock = lock
        self.state = state
        self.metaCurrent = metaCurrent
    }
}

extension Store {
    /// Takes the exclusive lock and opens a batch on the store as it is (finishing a change a
    /// crashed process left, and upgrading an earlier format first, as a write does). Nil when the
    /// store does not exist yet: its first change makes it, alone.
    public func beginBatch() throws -> StoreBatch? {
        guard try exists else { return nil }
        _ = CommitJournal.boot
        let lock = try FileLock(path: paths.lock, mode: .exclusive)
        let metaCurrent = try prepareForWrite().metaCurrent
        return StoreBatch(lock: lock, state: StoreState(paths: paths, cache: cache), metaCurrent: metaCurrent)
    }

    /// Runs `body` on the batch's content, changes included.
    public func read<T>(in batch: StoreBatch, _ body: (StoreState) throws -> T) throws -> T {
        try body(batch.state)
    }

    /// Commits one change into the batch, as `commit(label:now:_:)` does into the store; nothing
    /// is written until the batch is saved. A change that throws leaves the batch as it was.
    public func commit(
        in batch: StoreBatch, label: String, now: Moment, _ make: (StoreState) throws -> [RecordChange]
    ) throws -> Change {
        let state = batch.state
        let before = state.snapshot()
        do {
            let change = try apply(make, to: state, label: label, now: now)
            state.closeChange(change)
            return change
        } catch {
            state.restore(before)
            throw error
        }
    }

    /// Saves every change of the batch as one atomic step and releases the lock. When it throws,
    /// nothing of the batch was saved.
    public func save(_ batch: StoreBatch) throws {
        defer { batch.lock = nil }
        let state = batch.state
        guard state.hasChanges else { return }
        let commit = AtomicCommit(paths: paths)
        try commit.commit(
            try commit.stage(
                state.pendingFiles(label: nil, timestamp: "", author: author, createMeta: !batch.metaCurrent)))
        state.pruneUndoJournal()
        state.cacheWrittenFiles()
        SavedChanges.record()
    }
}
