import ShadeCore
import ShadeJSON
import ShadePlatform

/// A long-lived session's changes, acknowledged after one flush and written to their files while
/// the session waits for its next line (`RedoLog`).
///
/// A session that defers files (`Store.defersFiles`: the REPL) commits a change by appending its
/// change-log entry to the redo log and flushing that one frame: the change is durable, and it is
/// answered. Its files are written by the next thing that opens the store to change it — the same
/// session while it waits for input (`workWhileIdle`), or any other command of any process, which
/// applies every frame the files do not hold yet first — through an ordinary atomic commit
/// (`AtomicCommit`: backups, commit record, change-log entry) that also moves the log's marker.
extension Store {
    /// How long this process has waited, in all, for the flushes of the redo-log frames that
    /// acknowledged its changes, in seconds: of a REPL answer, the part spent on the disk rather
    /// than on its own work (`shade-bench` reports the two apart).
    public static var frameFlushSeconds: Double {
        Double(RedoLog.frameFlushWait.load(ordering: .relaxed)) / 1e9
    }

    /// Finishes what a crashed or interrupted process left, before the store is read or changed:
    /// a commit record not finished, then frames of the redo log not applied. Runs under the
    /// exclusive lock. Returns the redo log as it now is (nil when the store has none).
    @discardableResult
    func recoverLocked() throws -> RedoLog.Tail? {
        try AtomicCommit(paths: paths).recover()
        return try applyRedoLog()
    }

    /// Whether the redo log holds frames the files do not (cheap: the marker, and the frame after it).
    var hasPendingRedo: Bool {
        get throws(StoreError) { try !(RedoLog.Tail.read(paths)?.waiting.isEmpty ?? true) }
    }

    /// The changes of the redo log's frames the files do not hold yet, oldest first.
    func pendingRedoChanges(_ tail: RedoLog.Tail?) throws(StoreError) -> [Change] {
        var changes: [Change] = []
        for frame in tail?.waiting ?? [] {
            let file = "\(paths.redoLog) (change \(frame.sequence))"
            changes.append(
                try StoreError.placing(in: frame.payload) { () throws(StoreError) -> Change in
                    let document: JSONDocument
                    do throws(JSONError) {
                        switch frame.encoding {
                        case .text: document = try JSONDocument(parsing: frame.payload)
                        case .packed:
                            let value = try PackedJSON.unpack(frame.payload)
                            guard let built = try? JSONDocument(building: value) else {
                                throw JSONError(line: 1, column: 1, offset: 0, reason: "out of memory")
                            }
                            document = built
                        }
                    } catch {
                        throw .unreadable(file: file, error: error)
                    }
                    return try UndoJournal.decode(document.value, file: file)
                })
        }
        return changes
    }

    /// Whether a read of this session may take `changes` from the redo log onto what it reads
    /// instead of having their files written first: every record is a task, in a week that has
    /// its file (a new week, a category or a series changes what the store lists: written first).
    func readsOver(_ changes: [Change]) throws(StoreError) -> Bool {
        guard defersFiles else { return false }
        for change in changes {
            for record in change.records {
                for side in [record.before, record.after] {
                    guard let side else { continue }
                    guard case .task(let task) = side,
                        try FileSystem.exists(paths.absolute(paths.weekFile(task.week)))
                    else { return false }
                }
            }
        }
        return true
    }

    /// Writes the files of every frame of the redo log they do not hold yet, as one atomic commit
    /// that moves the marker past them; each frame keeps its own change-log entry. Runs under the
    /// exclusive lock. Returns the log as it now is (nil when the store has none).
    private func applyRedoLog() throws -> RedoLog.Tail? {
        guard let tail = try RedoLog.Tail.read(paths) else { return nil }
        guard !tail.waiting.isEmpty, let applied = tail.allApplied.applied else { return tail }
        let state = StoreState(paths: paths, cache: cache)
        for change in try pendingRedoChanges(tail) { try state.replay(change) }
        var files = try state.pendingFiles(label: nil, timestamp: "", author: "", createMeta: false)
        files.append((RedoPosition.relativePath, try applied.encoded()))
        let commit = AtomicCommit(paths: paths)
        try commit.commit(try commit.stage(files))
        state.pruneUndoJournal()
        state.cacheWrittenFiles()
        return tail.allApplied
    }

    /// Acknowledges the change `state` holds by one flushed frame of `redo` (the store's log, all
    /// applied), when it can: the log has room, and the change is one `applyRedoLog` makes again
    /// exactly (records changed through a core operation, nothing numbered, no entry popped).
    /// False when the change must be written the ordinary way. Runs under the exclusive lock, on a
    /// store of the current format.
    func appendToRedoLog(_ state: StoreState, to redo: RedoLog.Tail?, label: String, now: Moment) throws -> Bool {
        guard state.closedChanges.isEmpty, state.poppedUndoEntry == nil, state.numberedWeeks.isEmpty,
            !state.goalIndexChanged, !state.inboxIndexChanged, let redo, redo.waiting.isEmpty, let start = redo.next
        else { return false }
        let records = state.recordChanges
        guard !records.isEmpty else { return false }
        let change = Change(label: label, at: now.timestamp, by: author, records: records)
        // Packed, not printed as JSON text (the answer waits for it: about 10 µs against 31–55),
        // unless the log is one an earlier shade made and reads.
        let entry = UndoJournal.encode(change)
        let payload: [UInt8]
        switch redo.log.frameEncoding {
        case .packed:
            do { payload = try PackedJSON.pack(entry) } catch {
                throw StoreError.invalidContent(
                    file: paths.root, location: "(writing)", reason: "a value could not be written as JSON")
            }
        case .text: payload = try state.serialise(entry, layout: .compact)
        }
        guard redo.log.hasRoom(for: payload.count, after: start) else { return false }
        do {
            _ = try redo.log.append(payload, after: start)
        } catch {
            // The frame may reach the disk or not: the log goes (every frame before it is in the
            // files), so that a change reported as failed never comes back.
            try? FileSystem.remove(paths.redoLog)
            try? FileSystem.syncDirectory(paths.journal)
            throw error
        }
        return true
    }

    /// For a session that defers files, while it waits for input: writes the files of the
    /// changes it acknowledged, and makes the redo log when there is none (or a new one when it
    /// is half full and every frame is applied). `tail` is the log as the pause found it
    /// (`idleRedoTail`), to tell whether there is work at all; under the lock it is read again.
    /// Does nothing while another process holds the store (whoever opens it next applies the
    /// frames).
    func applyRedoLogWhileIdle(_ tail: RedoLog.Tail?) {
        guard defersFiles, (try? FileSystem.exists(paths.meta)) == true else { return }
        let writesFiles = !(tail?.waiting.isEmpty ?? true)
        guard writesFiles || needsNewRedoLog(tail) else { return }
        var flushAfter: RedoLog?
        do {
            guard let lock = FileLock(trying: paths.lock, mode: .exclusive, watcher: cache?.watcher) else { return }
            withExtendedLifetime(lock) { flushAfter = writeAcknowledgedFilesLocked(lock, writesFiles: writesFiles) }
        }
        // The files just written were not flushed (their commit record is the truth until a
        // checkpoint), so the disk's cache holds them, and the next flush — the frame of the
        // session's next change, which its answer waits for — would write them out first. One
        // flush now, once the lock is let go, pays that while no one waits: in a C replica of
        // the pause on this disk, the next frame's flush took p50 458–461 µs without it and
        // 230–231 µs with it.
        flushAfter?.flushAgain()
    }

    /// The redo log and its marker as a pause finds them, before it takes the lock: nil for a
    /// session that does not defer files, or when there is no log (or it cannot be read).
    func idleRedoTail() -> RedoLog.Tail? {
        defersFiles ? try? RedoLog.Tail.read(paths) : nil
    }

    /// `applyRedoLogWhileIdle` under the lock; returns the log to flush once the lock is let go
    /// (nil when no files were written, or a new log was made, flushed as it was).
    private func writeAcknowledgedFilesLocked(_ lock: FileLock, writesFiles: Bool) -> RedoLog? {
        // Under the lock, as the files now are (checked in full: the session's sighting goes).
        _ = cache?.takeSighting()
        var tail: RedoLog.Tail?
        do { tail = try recoverLocked() } catch { return nil }
        guard (try? checkMeta()) == StoreFormat.version else { return nil }
        var flush: RedoLog?
        if needsNewRedoLog(tail) {
            let marker = tail?.applied ?? (try? RedoPosition.read(paths))
            let epoch = max(tail?.log.epoch ?? 0, marker?.epoch ?? 0) + 1
            guard (try? FileSystem.makeDirectories(paths.staging)) != nil,
                (try? FileSystem.makeDirectories(paths.journal)) != nil,
                (try? RedoLog.create(at: paths.redoLog, epoch: epoch, via: "\(paths.staging)/\(getpid())-redo.tmp"))
                    != nil
            else { return nil }
            tail = try? RedoLog.Tail.read(paths)
        } else if writesFiles {
            flush = tail?.log
        }
        // The session's next change needs none of these checks again (nor to look for the last
        // id shard), unless someone else takes the lock in between.
        let nextID = try? StoreState(paths: paths, cache: cache).idToHandOut()
        cache?.keep(StoreSighting(of: paths, lock: lock, redo: tail, nextID: nextID))
        return flush
    }

    /// Whether the log must be made anew before it takes a frame: there is none, it is older than
    /// the marker (put back by hand), or more than half of it is applied frames.
    private func needsNewRedoLog(_ tail: RedoLog.Tail?) -> Bool {
        guard let tail else { return true }
        guard let next = tail.next else { return true }
        return tail.waiting.isEmpty && next.end > RedoLog.size / 2
    }

    /// Writes the files of every change a session acknowledged, before it ends (best effort: the
    /// next command that opens the store does it otherwise).
    public func applyRedoLogBeforeLeaving() {
        guard defersFiles, (try? hasPendingRedo) == true, let lock = try? FileLock(path: paths.lock, mode: .exclusive)
        else { return }
        withExtendedLifetime(lock) { _ = try? recoverLocked() }
    }
}
