import ShadeCore

/// One change too large to hold in memory (an import of a million tasks), made a few weeks at a
/// time: `apply` changes the records as a commit does, `releaseWeeks` stages the weeks done with
/// and lets go of them. It is committed at the end as one step of the change log (one `undo`).
public struct LargeChange {
    public let state: StoreState
    let store: Store
    let label: String
    let now: Moment

    /// Applies record changes as every commit does (occurrences made records of their own, each
    /// record stamped with this moment and author).
    public func apply(_ changes: [RecordChange]) throws {
        guard !changes.isEmpty else { return }
        _ = try store.apply({ _ in changes }, to: state, label: label, now: now)
    }

    /// Stages the weeks changed so far and lets go of every week read.
    public func releaseWeeks() throws { try state.releaseWeeks() }
}

extension Store {
    /// Runs `body` under the exclusive lock as one large change and commits what it changed by a
    /// record of moves (`AtomicCommit.commitByMoves`): each week's files are staged as `body`
    /// releases them, so the change is never whole in memory. A failure anywhere leaves the store
    /// as it was, and, like every first command, one that commits nothing leaves no store behind
    /// where there was none.
    public func writeLarge<T>(label: String, now: Moment, _ body: (LargeChange) throws -> T) throws -> T {
        let created = try !FileSystem.exists(paths.root)
        defer { if created, (try? FileSystem.exists(paths.meta)) == false { removeUnusedStore() } }
        return try writeLargeLocked(label: label, now: now, body)
    }

    /// Removes the store directory a large change made and committed nothing to: its lock and the
    /// folders its staging made, each only when empty (a directory someone else filled stays).
    private func removeUnusedStore() {
        func removeEmptyFolders(_ directory: String) {
            for name in (try? FileSystem.list(directory)) ?? [] {
                let path = directory + "/" + name
                if (try? FileSystem.list(path)) != nil {
                    removeEmptyFolders(path)
                    try? FileSystem.removeDirectory(path)
                }
            }
        }
        removeEmptyFolders(paths.root)
        try? FileSystem.remove(paths.lock)
        try? FileSystem.removeDirectory(paths.root)
    }

    private func writeLargeLocked<T>(label: String, now: Moment, _ body: (LargeChange) throws -> T)
        throws -> T
    {
        try FileSystem.makeDirectories(paths.root)
        _ = CommitJournal.boot
        let lock = try FileLock(path: paths.lock, mode: .exclusive, watcher: cache?.watcher)
        return try withExtendedLifetime(lock) {
            let commit = AtomicCommit(paths: paths)
            let prepared = try prepareForWrite()
            let state = StoreState(paths: paths)
            state.nextID = prepared.nextID
            let author = self.author
            let released = ReleasedFiles(commit: commit, label: label, at: now.timestamp, by: author)
            state.released = released
            var committing = false
            do {
                let result = try body(LargeChange(state: state, store: self, label: label, now: now))
                try state.releaseWeeks()
                guard state.hasChanges || released.hasRecords || !released.files.isEmpty else {
                    released.discard()
                    return result
                }
                var files = released.files
                let rest = try state.pendingFiles(
                    label: nil, timestamp: now.timestamp, author: author, createMeta: !prepared.metaCurrent)
                for file in rest {
                    guard let bytes = file.bytes else {
                        files.append(.init(target: paths.absolute(file.relativePath), staged: nil, bytes: nil))
                        continue
                    }
                    files.append(try commit.stageForMoves(file.relativePath, bytes))
                }
                let number = (try UndoJournal.sequenceNumbers(in: paths.undoDirectory).last ?? 0) + 1
                if let entry = try released.finishEntry(state.recordChanges, number: number, paths: paths) {
                    files.append(entry)
                }
                committing = true
                try commit.commitByMoves(files, keepingCopies: true)
                state.pruneUndoJournal()
                SavedChanges.record()
                return result
            } catch {
                // Before the commit point, what was staged goes (`commitByMoves` removes its own
                // files); after it, the record names the staged files and the next command moves them.
                if !committing { released.discard() }
                throw error
            }
        }
    }
}
