import ShadeJSON

/// A commit too large for its record to carry the files' content (a large import): each file is
/// staged as it is ready (so the change is never held whole in memory), all are flushed at once, and
/// the commit record, `commit.json`, lists the moves — `{"format", "kind": "commit", "moves":
/// [{"from": ".staging/…", "to": "weeks/2026/2026-W48.json"}, {"from": null, "to": …}]}` (a null
/// `from` removes the target). Renamed into place and its folder flushed, the record is the
/// commit point; the moves follow, their folders are flushed, and the record is removed. A crash
/// before the commit point leaves only staged files, which the next writer removes; one after
/// it leaves the record, which the next command finishes (`finishEarlierCommitRecord`: a move
/// whose staged file is gone was done).
extension AtomicCommit {
    func commitByMoves(_ files: [StagedFile], keepingCopies: Bool) throws(StoreError) {
        let backups = Backups(paths: paths)
        var preserved: Backups.Preserved?
        let moves = files.map { (from: $0.staged, to: $0.target) }
        var earlier: [CommitJournal.Record] = []
        do throws(StoreError) {
            guard files.allSatisfy({ $0.staged == nil || $0.bytes == nil }) else {
                throw .invalidContent(
                    file: paths.staging, location: "(writing)",
                    reason: "a commit by moves needs every file staged for it")
            }
            if keepingCopies { preserved = try backups.preserve(files.map(\.target), in: folders) }
            // The staged files and their names reach the disk before the record names them: one
            // flush of the file system rather than one a file (a million tasks stage 2,000 files).
            // It makes the files of every earlier commit record durable too: those records go once
            // the change is in (replayed after a restart, one could put back a file it removes).
            earlier = try journal.records()
            try FileSystem.syncFileSystem(of: paths.staging)
            let list = moves.map { move -> JSONValue in
                [
                    "from": move.from.map { .string(paths.relative($0)) } ?? .null,
                    "to": .string(paths.relative(move.to)),
                ]
            }
            let record: JSONValue = [
                "format": .int(Int64(StoreFormat.version)), "kind": "commit", "moves": .array(list),
            ]
            let bytes = try StoreText.bytes(record, layout: .compact, file: paths.commitRecord)
            stagedCount += 1
            let recordStage = try stage(bytes, name: "\(stagedCount)-moves", flush: true)
            // Every write finishes a pending record before it changes anything (`recover`).
            guard try !FileSystem.exists(paths.commitRecord) else {
                throw .invalidContent(
                    file: paths.commitRecord, location: "", reason: "a commit record is pending; run any command first")
            }
            try FileSystem.rename(recordStage, to: paths.commitRecord, in: folders)
        } catch {
            discard(files)
            if let preserved { backups.remove(preserved.directory) }
            throw error
        }
        do throws(StoreError) { try FileSystem.syncDirectory(paths.root) } catch { throw error.afterCommitPoint }
        journal.removeFlushed(earlier)
        // The change is durable. A failure from here on leaves the record, which the next command
        // that opens the store finishes. The commit log's frames, durable in their files since the
        // flush, go before the record does (replayed after it, one could put back a file it removes).
        if (try? finish(moves, exchanging: false)) != nil, (try? syncFolders(of: moves.map(\.to))) != nil,
            (try? journal.startLogAgain()) != nil
        {
            try? FileSystem.remove(paths.commitRecord, in: folders)
        }
        backups.prune(preserved)
    }

    /// Flushes the folders that hold these files (each once).
    private func syncFolders(of files: [String]) throws(StoreError) {
        for folder in Set(files.map(FileSystem.parentDirectory(of:))).sorted() { try FileSystem.syncDirectory(folder) }
    }
}
