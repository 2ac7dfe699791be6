import ShadeCore
import ShadeJSON
import ShadePlatform

/// The planner's store: a directory of JSON files written through json-c.
///
/// Every read takes a shared lock and every write an exclusive one for its whole
/// read-modify-write, so concurrent processes never lose each other's changes. Every write is
/// atomic across all the files it touches (see `AtomicCommit`). A file that does not parse is
/// never written over.
public struct Store: Sendable {
    /// The store directory.
    public let directory: String
    let paths: StorePaths

    /// Weeks kept between commands of a long-lived session, or nil.
    let cache: WeekCache?
    /// Whether a change is acknowledged once it is in the redo log, its files written while the
    /// session waits for input (a REPL at a terminal; see `RedoLog`).
    let defersFiles: Bool
    private let findAuthor: @Sendable () -> String

    /// Who the changes made through this store are by, for the field stamps and the change log.
    /// Asked for only when a change is made (finding it out may take a while: asking git).
    public var author: String { findAuthor() }

    /// A store at `directory` (which need not exist yet); `cache` keeps parsed weeks between
    /// commands of a long-lived session such as the REPL.
    public init(directory: String, cache: WeekCache? = nil, author: String = "") {
        self.init(directory: directory, cache: cache, defersFiles: false, author: { author })
    }

    /// A store whose author `author` finds out, each time a change needs it (it may change in a
    /// long-lived session; the finding out is the caller's to keep cheap). With `defersFiles`, a
    /// change is acknowledged once its redo-log frame is flushed, and its files are written while
    /// the session waits for input (`workWhileIdle`).
    public init(
        directory: String, cache: WeekCache? = nil, defersFiles: Bool = false,
        author: @escaping @Sendable () -> String
    ) {
        self.directory = directory
        self.findAuthor = author
        self.paths = StorePaths(root: directory)
        self.cache = cache
        self.defersFiles = defersFiles
    }

    /// Whether the planner is shared with others: its directory is a git repository (holds a
    /// `.git` entry, as `sync init` makes it). There, others may rely on what one made.
    public var isShared: Bool {
        get throws(StoreError) { try FileSystem.exists(paths.root + "/.git") }
    }

    /// Whether the store has been created.
    public var exists: Bool {
        get throws(StoreError) {
            if try FileSystem.exists(paths.meta) { return true }
            return try FileSystem.exists(paths.weeksDirectory)
        }
    }

    /// Runs `body` on the store's content under a shared lock.
    ///
    /// A store that does not exist reads as empty and is not created.
    public func read<T>(_ body: (StoreState) throws -> T) throws -> T {
        let state = StoreState(paths: paths, cache: cache)
        guard try FileSystem.exists(paths.root) else { return try body(state) }
        // Read before the lock: nothing under it may depend on a read that can fail unreported.
        _ = CommitJournal.boot
        let lock = try FileLock(path: paths.lock, mode: .shared)
        var readOver: [Change] = []
        if try AtomicCommit(paths: paths).hasPendingCommit {
            // A writer died after its commit point: its work is finished before reading.
            try lock.change(to: .exclusive)
            try recoverLocked()
        } else if case let pending = try pendingRedoChanges(RedoLog.Tail.read(paths)), !pending.isEmpty {
            // Changes a session acknowledged before writing their files: this session's own reads
            // take them onto what they read (its next pause writes them); any other reader has
            // them written first.
            if try readsOver(pending) {
                readOver = pending
            } else {
                try lock.change(to: .exclusive)
                try recoverLocked()
            }
        }
        try checkMeta()
        for change in readOver { try state.replay(change) }
        return try withExtendedLifetime(lock) {
            let result = try body(state)
            if !state.numberedWeeks.isEmpty {
                // Tasks that came from another copy were numbered for this read: the numbers are
                // saved now, so that the ids just shown are the ones the next command knows.
                try lock.change(to: .exclusive)
                try saveNumbering(of: state.numberedWeeks)
            }
            if state.inboxIndexChanged { try saveInboxNumbering(under: lock) }
            return result
        }
    }

    /// Numbers the tasks of these weeks that their id index does not know, in the order given
    /// (the order a read numbered them in, so that the same ids are handed out unless another
    /// process numbered them in between), and saves the numbers (the id indexes and shards; no
    /// change of the planner, no change-log entry). Runs under the exclusive lock.
    private func saveNumbering(of weeks: [ISOWeek]) throws {
        let commit = AtomicCommit(paths: paths)
        // Changes the read took from the redo log are written first: their ids are handed out.
        try recoverLocked()
        let state = StoreState(paths: paths)
        // A week at a time: each numbered week's index is made as it is read, and the week let go
        // of (a read that numbered the occurrences of a new series in every week of the planner
        // would otherwise hold the planner here).
        var indexes: [(relativePath: String, bytes: [UInt8]?)] = []
        var seen: Set<ISOWeek> = []
        // Each week once: read again after it was let go of, its arrivals would be numbered anew.
        for week in weeks where seen.insert(week).inserted {
            _ = try state.tasks(in: week)
            if state.dirtyIndexes.remove(week) != nil { indexes.append(try state.indexFile(of: week)) }
            try state.releaseWeeks()
        }
        guard !indexes.isEmpty else { return }
        let files = try state.pendingFiles(label: nil, timestamp: "", author: "", createMeta: false)
        try commit.commit(try commit.stage(indexes + files), keepingCopies: false)
    }

    /// Runs `body` under the exclusive lock and saves what it changed as one atomic step,
    /// recorded for `undo` under `label` (not recorded when `label` is nil).
    public func write<T>(label: String?, now: Moment, _ body: (StoreState) throws -> T) throws -> T {
        try write(label: label, now: now, deferring: false, body)
    }

    /// As `write(label:now:_:)`; with `deferring`, a change is acknowledged by a redo-log frame
    /// when it can be (`appendToRedoLog`).
    func write<T>(label: String?, now: Moment, deferring: Bool, _ body: (StoreState) throws -> T) throws -> T {
        if try !FileSystem.exists(paths.root) {
            // A first command that cannot be done must leave no store behind: it is tried on the
            // empty store first, before anything (the directory, its lock) is made.
            _ = try body(StoreState(paths: paths))
            try FileSystem.makeDirectories(paths.root)
        }
        _ = CommitJournal.boot
        let lock = try FileLock(path: paths.lock, mode: .exclusive, watcher: cache?.watcher)
        return try withExtendedLifetime(lock) {
            try writeLocked(label: label, now: now, deferring: deferring, lock: lock, body)
        }
    }

    /// What every write finds once it has prepared the store.
    struct Prepared {
        /// Whether the store file is current (else the write creates it).
        let metaCurrent: Bool
        /// The redo log, every frame applied (nil when the store has none).
        let redo: RedoLog.Tail?
        /// The id to hand out next, when a sighting that still holds tells it.
        var nextID: Int? = nil
    }

    /// What every write does first, under the exclusive lock (held as `lock`, when the caller has
    /// it at hand): finishes a change a crashed process left, and upgrades a store of an older
    /// format. A session whose sighting of the store still holds (`StoreSighting`) knows there is
    /// nothing to finish.
    func prepareForWrite(lock: FileLock? = nil) throws -> Prepared {
        if let lock, let seen = cache?.takeSighting(), seen.holds(paths, lock: lock) {
            return Prepared(metaCurrent: true, redo: seen.redo, nextID: seen.nextID)
        }
        let redo = try recoverLocked()
        // A store of an older format is upgraded by its first write: the whole store is kept
        // as it was (backups/format-N), every planner file is rewritten in the new format, and
        // the last rewrite marks the store so (a crash part-way leaves a store that reads as
        // before, and whose next write finishes the upgrade).
        let format = try checkMeta()
        if let format, format < StoreFormat.version {
            // Before the change reads anything, so that it reads (and numbers) the upgraded files.
            try Backups(paths: paths).preserveWholeStore(format: format)
            try StoreUpgrade(paths: paths).run()
            return Prepared(metaCurrent: true, redo: redo)
        }
        return Prepared(metaCurrent: format == StoreFormat.version, redo: redo)
    }

    /// Runs `body` under the exclusive lock, once a change a crashed process left is finished and
    /// an earlier format upgraded (as every write does first): for work beside the store's own
    /// that must see no other process write in between (a sync). `body` writes through the lock
    /// it is given.
    public func exclusively<T>(_ body: (LockedStore) throws -> T) throws -> T {
        try FileSystem.makeDirectories(paths.root)
        _ = CommitJournal.boot
        let lock = try FileLock(path: paths.lock, mode: .exclusive)
        return try withExtendedLifetime(lock) {
            _ = try prepareForWrite()
            return try body(LockedStore(store: self))
        }
    }

    func writeLocked<T>(
        label: String?, now: Moment, deferring: Bool = false, lock: FileLock? = nil, _ body: (StoreState) throws -> T
    ) throws -> T {
        do {
            let commit = AtomicCommit(paths: paths)
            let prepared = try prepareForWrite(lock: lock)
            let metaCurrent = prepared.metaCurrent
            let state = StoreState(paths: paths, cache: cache)
            state.nextID = prepared.nextID
            // A change the redo log may acknowledge leaves the cache the weeks as their files
            // hold them when the cache's owner asks for it (`WeekCache.keepsWeeksAsFilesHoldThem`).
            state.keepsCachedWeeks = deferring && metaCurrent && (cache?.keepsWeeksAsFilesHoldThem ?? false)
            let result = try body(state)
            if state.hasChanges, deferring, metaCurrent, let label,
                try appendToRedoLog(state, to: prepared.redo, label: label, now: now)
            {
                // Its weeks (and their keys) are freed, and the log it was written to closed, at
                // the next pause, not before the answer.
                cache?.retire(state.weeks, keys: state.filedKeys, redo: prepared.redo)
                SavedChanges.record()
                return result
            }
            if state.hasChanges {
                // A write that records no change (undo) names no author.
                let pending = try state.pendingChange(
                    label: label, timestamp: now.timestamp, author: label == nil ? "" : author,
                    createMeta: !metaCurrent)
                let staged = try commit.stage(pending.files)
                try commit.commit(staged)
                state.pruneUndoJournal(into: commit.spares, numbers: pending.undoNumbers)
                state.cacheWrittenFiles()
                SavedChanges.record()
                // The summaries (a cache checked against each week file's stamp) are not written
                // here: the next reader that needs a changed week's tallies counts that week and
                // writes the summary back, so a change creates no file it need not.
            }
            return result
        }
    }

    /// Commits one change: `make` reads the state and returns the record changes a core
    /// operation made of it; they are applied and saved as one atomic step, recorded in the change
    /// log under `label`. Returns the change as committed (empty when nothing changed, and then
    /// nothing is written).
    public func commit(label: String, now: Moment, _ make: (StoreState) throws -> [RecordChange]) throws -> Change {
        try write(label: label, now: now, deferring: defersFiles) { state in
            state.readsDaysAlone = state.cache == nil  // a one-shot change: `readDayAlone`
            return try apply(make, to: state, label: label, now: now)
        }
    }

    /// Applies the record changes `make` returns to `state`, as every commit does: a change to an
    /// occurrence a series shows makes it a record of its own, and each record is stamped with
    /// this moment and author. Returns the change as the state now records it.
    func apply(
        _ make: (StoreState) throws -> [RecordChange], to state: StoreState, label: String, now: Moment
    ) throws -> Change {
        let changes = try OccurrenceOperations.materializing(try make(state), in: state)
        // The author is found out only for a change that changes something.
        let author = changes.isEmpty ? "" : self.author
        let stamp = FieldStamp(at: now.timestamp, by: author)
        state.removalStamp = stamp
        try state.apply(changes.map { $0.stamped(stamp) })
        return Change(label: label, at: now.timestamp, by: author, records: state.recordChanges)
    }

    /// Takes back the newest change of the change log, even one made by an earlier process,
    /// whatever it touched: its inverse is applied as one atomic step.
    ///
    /// Returns the change taken back, or nil when there is nothing to undo.
    public func undo(now: Moment) throws -> Change? {
        guard try exists else { return nil }
        // A change a sync sent is taken back by a new change, which the next sync sends.
        let sent = try isShared ? try SyncState.read(in: directory).sentThrough : 0
        return try write(label: nil, now: now) { state -> Change? in
            guard let (number, entry) = try state.popUndoEntry() else { return nil }
            // What an undo removes was made by the change it takes back: its tombstone names that
            // change's author (no one need be asked who is undoing).
            let stamp = FieldStamp(at: now.timestamp, by: entry.by)
            state.removalStamp = stamp
            guard number <= sent else {
                try state.apply(entry.inverse)
                return entry
            }
            try state.apply(
                try entry.inverse.compactMap { change throws(StoreError) in try state.undoing(change, stamp: stamp) })
            state.closeChange(
                Change(
                    label: Change.undoLabel(of: entry.label), at: now.timestamp, by: entry.by,
                    records: state.recordChanges))
            return entry
        }
    }

    /// What a long-lived session does while it waits for input: checkpoints the commit records
    /// (`checkpointWhileIdle`), then writes the files of the changes it acknowledged by the redo
    /// log (`applyRedoLogWhileIdle`). Returns the number of records to pass next time.
    ///
    /// The checkpoint goes first so that a pause never ends on its flush of the whole file system:
    /// a line typed right after that long wait was answered slower. In the bench's REPL child (1k
    /// and 10k tasks), a line after a checkpointing pause took 62–136 µs more than the others at
    /// the median, in both the frame's flush and the work around it; ordered so, −13 to +23 µs.
    public func workWhileIdle(recordsSeen seen: Int?) -> Int? {
        // The redo log as the pause finds it, read once for both steps (each reads it again under
        // the lock before it relies on it).
        let tail = idleRedoTail()
        let seen = checkpointWhileIdle(recordsSeen: seen, tail: tail)
        writeAcknowledgedFiles(tail)
        return seen
    }

    /// The part of `workWhileIdle` that cannot wait: writes the files of the changes the session
    /// acknowledged by the redo log, so that the next change can be acknowledged the same way
    /// (a resident helper, answering one command after another, leaves the checkpoint for a
    /// longer pause).
    public func writeAcknowledgedFiles() { writeAcknowledgedFiles(idleRedoTail()) }

    /// `writeAcknowledgedFiles`, the redo log as the pause found it (`idleRedoTail`).
    private func writeAcknowledgedFiles(_ tail: RedoLog.Tail?) {
        cache?.releaseRetired()
        applyRedoLogWhileIdle(tail)
    }

    /// Once a few changes' commit records are kept, makes them durable in the files themselves
    /// (one flush of the file system) and drops them, so that the flush a change would otherwise
    /// pay every `checkpointEvery` changes is paid while no one waits for an answer. Only when
    /// records were made since the session last looked (`seen`, what this returned the time
    /// before; nil at first), or the pause is about to apply frames of the redo log (`tail`, as
    /// the pause found it): a session does not start with a flush of what others left. The record
    /// those frames' files will make counts already (the pause writes them after this). Does
    /// nothing while another process holds the store (it checkpoints its own).
    func checkpointWhileIdle(recordsSeen seen: Int?, tail: RedoLog.Tail?) -> Int? {
        let journal = CommitJournal(paths: paths)
        guard (try? FileSystem.exists(paths.journal)) == true, let kept = try? journal.keptCount() else { return seen }
        let applying = !(tail?.waiting.isEmpty ?? true)
        let due = CommitJournal.idleCheckpointAt - (applying ? 1 : 0)
        guard let seen, kept > seen || applying, kept >= due else { return kept }
        guard let lock = FileLock(trying: paths.lock, mode: .exclusive, watcher: cache?.watcher) else { return seen }
        withExtendedLifetime(lock) {
            // What the session saw as it wrote its files still holds after the checkpoint, which
            // only drops commit records: it is seen again with this hold's count.
            let sighting = cache?.takeSighting().flatMap { $0.holds(paths, lock: lock) ? $0 : nil }
            // The first flush after one of the whole file system is the slow one (the bench's
            // REPL child answered the line after each checkpoint 0.17–0.34 ms later than the
            // others): the session pays it now, on its redo log, not with its next answer —
            // unless the pause goes on to write files, which end it with a flush of their own.
            if journal.checkpointIfDue(atLeast: due) {
                if let log = sighting?.redo?.log {
                    log.flushAgain()
                } else if !applying {
                    tail?.log.flushAgain()
                }
            }
            if let sighting {
                cache?.keep(StoreSighting(of: paths, lock: lock, redo: sighting.redo, nextID: sighting.nextID))
            }
        }
        return (try? journal.keptCount()) ?? kept
    }

    /// Checks the store file; returns its format version, or nil when there is none yet.
    @discardableResult
    func checkMeta() throws(StoreError) -> Int? {
        guard let bytes = try FileSystem.read(paths.meta) else { return nil }
        let document: JSONDocument
        do { document = try JSONDocument(parsing: bytes) } catch { throw .unreadable(file: paths.meta, error: error) }
        let value = document.value
        return try StoreError.placing(in: bytes) { () throws(StoreError) in
            try MetaDocument.decode(value, file: paths.meta)
        }
    }
}

/// The store while `Store.exclusively` holds its lock: writes go through the lock held.
public struct LockedStore {
    let store: Store

    /// As `Store.write`, under the lock already held.
    public func write<T>(label: String?, now: Moment, _ body: (StoreState) throws -> T) throws -> T {
        try store.writeLocked(label: label, now: now, body)
    }

    /// Makes every change the journal holds durable in the files themselves and drops its
    /// records, so that files another program (git) replaces next are never replayed over.
    public func checkpoint() throws(StoreError) {
        let journal = CommitJournal(paths: store.paths)
        guard try journal.keptCount() > 0 else { return }
        journal.checkpoint(try journal.records())
        guard try journal.keptCount() == 0 else {
            throw .io(operation: "flush the journal of", path: store.paths.journal, errno: EIO)
        }
    }

    /// As `Store.commit`, under the lock already held.
    public func commit(label: String, now: Moment, _ make: (StoreState) throws -> [RecordChange]) throws -> Change {
        try store.writeLocked(label: label, now: now) { state in
            try store.apply(make, to: state, label: label, now: now)
        }
    }

    /// As `Store.read`, under the lock already held.
    public func read<T>(_ body: (StoreState) throws -> T) throws -> T {
        try body(StoreState(paths: store.paths, cache: store.cache))
    }
}
