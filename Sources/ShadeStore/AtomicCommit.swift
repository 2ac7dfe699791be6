import ShadeJSON
import ShadePlatform

/// Replaces several store files as one atomic step, durable after one flush.
///
/// Each new file is written in full to a staging directory, unflushed. A commit record holding
/// the full content of every file (and the files to remove) is written as a frame of the commit
/// log and flushed (`fdatasync`): the commit point, after which the change is durable (a record
/// too large for the log is a file of its own, renamed into `journal/` and its folder flushed).
/// Only then are the staged files renamed into place (or, for files to remove, unlinked), without
/// a flush of their own: the record is the truth until they reach the disk (see `CommitJournal`).
/// A crash before the commit point leaves only staged files, which the next writer removes; a
/// crash after it leaves a record, which the next reader or writer replays.
final class AtomicCommit {
    let paths: StorePaths
    var stagedCount = 0
    var journal: CommitJournal { CommitJournal(paths: paths) }
    /// The folders this commit's renames, links and removals name entries in, each opened once
    /// (a write holds the exclusive lock for this commit's whole life).
    let folders = LinkFreePath.Folders()
    /// What this commit lets go of is kept to be written again, and what it stages is written
    /// over a file kept so where there is one (`SpareFiles`).
    lazy var spares = SpareFiles(paths: paths)

    init(paths: StorePaths) {
        self.paths = paths
    }

    /// One file of a commit: staged and waiting to be renamed over its target, or (with no staged
    /// file) a target to remove.
    struct StagedFile {
        let target: String
        let staged: String?
        /// The content, which the commit record carries; nil for a file staged for a commit by
        /// moves, whose record names it instead.
        let bytes: [UInt8]?
    }

    /// The most a commit's files may hold together for the commit record to carry their content;
    /// a larger change (a large import) is committed by a record of moves.
    static let inlineRecordLimit = 32 << 20

    /// Writes `files` (paths relative to the store root; nil bytes remove the file) so that all
    /// or none take effect.
    func write(_ files: [(relativePath: String, bytes: [UInt8]?)]) throws(StoreError) {
        try commit(try stage(files))
    }

    /// Writes each file in full to the staging directory, unflushed (the commit record carries
    /// its content and is flushed); nothing is visible yet.
    ///
    /// Files holding more than `inlineRecordLimit` together are staged for a commit by moves
    /// instead (`stageForMoves`), and the commit records their moves.
    func stage(_ files: [(relativePath: String, bytes: [UInt8]?)]) throws(StoreError) -> [StagedFile] {
        try FileSystem.makeDirectories(paths.staging)
        let byMoves = files.reduce(0) { $0 + ($1.bytes?.count ?? 0) } > Self.inlineRecordLimit
        var staged: [StagedFile] = []
        do throws(StoreError) {
            for file in files {
                guard let bytes = file.bytes else {
                    staged.append(StagedFile(target: paths.absolute(file.relativePath), staged: nil, bytes: nil))
                    continue
                }
                staged.append(
                    byMoves
                        ? try stageForMoves(file.relativePath, bytes)
                        : try stageFile(file.relativePath, bytes, flush: false, keeping: true))
            }
        } catch {
            discard(staged)
            throw error
        }
        return staged
    }

    /// Writes one file in full to the staging directory, for a commit by moves (which flushes every
    /// staged file at once before its commit point): its content is not kept (the caller may let
    /// go of it at once).
    func stageForMoves(_ relativePath: String, _ bytes: [UInt8]) throws(StoreError) -> StagedFile {
        try FileSystem.makeDirectories(paths.staging)
        return try stageFile(relativePath, bytes, flush: false, keeping: false)
    }

    private func stageFile(_ relativePath: String, _ bytes: [UInt8], flush: Bool, keeping: Bool) throws(StoreError)
        -> StagedFile
    {
        let target = paths.absolute(relativePath)
        try FileSystem.makeDirectories(FileSystem.parentDirectory(of: target))
        stagedCount += 1
        let path = try stage(bytes, name: "\(stagedCount)", flush: flush)
        return StagedFile(target: target, staged: path, bytes: keeping ? bytes : nil)
    }

    /// Removes staged files that will not be committed.
    func discard(_ files: [StagedFile]) {
        for file in files { if let path = file.staged { try? FileSystem.remove(path) } }
    }

    /// Makes staged files take effect, all or none.
    /// With `keepingCopies` false, no backup set is made (for commits that change no planner
    /// data: numbering, an upgrade's rewrite).
    func commit(_ files: [StagedFile], keepingCopies: Bool = true) throws(StoreError) {
        guard !files.isEmpty else { return }
        if files.contains(where: { $0.staged != nil && $0.bytes == nil }) {
            return try commitByMoves(files, keepingCopies: keepingCopies)
        }
        let moves = files.map { (from: $0.staged, to: $0.target) }
        let backups = Backups(paths: paths)
        var preserved: Backups.Preserved?
        let committed: Committed
        do throws(StoreError) {
            // What this change replaces is kept before anything is replaced.
            if keepingCopies { preserved = try backups.preserve(files.map(\.target), in: folders, spares: spares) }
            committed = try writeRecord(try recordPieces(for: files))
        } catch {
            discard(files)
            // Copies of files that stay as they were are no backup.
            if let preserved { backups.remove(preserved.directory) }
            throw error
        }
        // The files, unflushed: a failure here leaves the record pending, for the next command.
        var framesDone: Int?
        if (try? finish(moves)) != nil {
            switch committed {
            case .frame(let log, let mark):
                log.markDone(mark)
                framesDone = mark.sequence
            case .file(let record): journal.markDone(record, in: folders)
            }
        }
        backups.prune(preserved, into: spares)
        journal.checkpointIfDue(framesDone: framesDone)
    }

    /// Where a change's record went: a frame of the commit log, or a file of its own.
    enum Committed {
        case frame(CommitLog, CommitLog.Mark)
        case file(String)
    }

    /// Writes a change's record and makes it durable (the commit point): a frame of the commit log,
    /// or for a record too large for it a file flushed, renamed into `journal/`, its folder flushed.
    private func writeRecord(_ pieces: [ArraySlice<UInt8>]) throws(StoreError) -> Committed {
        try makeJournalDirectory()
        let count = pieces.reduce(0) { $0 + $1.count }
        if count <= CommitLog.largestPayload {
            let (log, last) = try journal.logForFrame(of: count)
            return .frame(log, try log.append(pieces, after: last))
        }
        let bytes = AtomicCommit.joined(pieces)
        try journal.checkpointLogBeforeRecordFile()
        stagedCount += 1
        let recordStage = try stage(bytes, name: "\(stagedCount)-commit", flush: true)
        let record = try journal.nextRecordPath()
        try FileSystem.rename(recordStage, to: record, in: folders)
        // The record is in: once its directory entry is on disk, so is the change.
        do throws(StoreError) { try FileSystem.syncDirectory(paths.journal) } catch { throw error.afterCommitPoint }
        return .file(record)
    }

    /// Replaces derived files (caches) by rename, without flushing and ignoring failures: a lost
    /// or torn cache file is recomputed by its reader.
    func writeCache(_ files: [(relativePath: String, bytes: [UInt8]?)]) {
        for file in files {
            guard let bytes = file.bytes else { continue }
            stagedCount += 1
            FileSystem.replaceUnflushed(
                paths.absolute(file.relativePath), with: bytes,
                via: "\(paths.staging)/\(getpid())-\(stagedCount)-cache.tmp")
        }
    }

    /// Replays the commit records whose files may not be in place — a change a crashed process
    /// left pending, or every record kept when the machine has restarted since (then flushed
    /// and cleared) — and removes abandoned staged files. Must run under the exclusive lock.
    func recover() throws(StoreError) {
        try finishEarlierCommitRecord()
        try FileSystem.makeDirectories(paths.staging)
        let pending = try journal.recordsToReplay()
        var otherBoot = pending.contains { $0.boot != CommitJournal.boot }
        // The files this recovery has put back (newer than the records after, not by a change).
        var putBack: Set<String> = []
        for record in pending {
            let path = paths.journal + "/" + record.name
            let written = FileStamp.of(path)?.modifiedNanoseconds ?? Int64.max
            let files: [(relativePath: String, bytes: [UInt8]?)]
            do throws(StoreError) {
                guard let bytes = try FileSystem.read(path) else { continue }
                files = try CommitJournal.files(in: bytes, file: path)
            } catch {
                // A record that is no regular file, or that names a path outside the store's own
                // files, is not one shade wrote (every record it writes is a file naming only files
                // of the registry): it holds none of this copy's changes, and replaying it could
                // write anywhere (`.git/config`). It is set aside, never replayed and never
                // deleted, rather than stopping the store over what is not its data; `check`
                // names it. A record that does not parse is another matter: it may be this
                // copy's own, damaged, and stops the store until it is mended by hand.
                guard error.isForeignRecord else { throw error }
                try journal.setAside(record)
                continue
            }
            try replay(files, written: written, putBack: &putBack)
            journal.markDone(path, in: folders)
        }
        // The log's frames, newer than every record file: past the done mark, or all after a restart.
        if let log = try journal.openLog() {
            let fromStart = otherBoot || log.firstBoot.map { $0 != CommitJournal.boot } == true
            let frames = log.frames(after: fromStart ? .start : log.done)
            for frame in frames {
                otherBoot = otherBoot || frame.boot != CommitJournal.boot
                let files: [(relativePath: String, bytes: [UInt8]?)]
                do throws(StoreError) {
                    files = try CommitJournal.files(in: frame.payload, file: "\(log.path) (frame \(frame.sequence))")
                } catch {
                    // As a record file naming a path outside the store (above).
                    guard error.isForeignRecord else { throw error }
                    try journal.setAside(frame)
                    continue
                }
                try replay(files, written: frame.written, putBack: &putBack)
            }
            if let last = frames.last { try journal.openLog(writable: true)?.markDone(last.mark) }
        }
        // After a restart nothing unflushed can be trusted: what was replayed is flushed now.
        if otherBoot { journal.checkpoint(try journal.records()) }
        for name in try FileSystem.list(paths.staging) {
            try FileSystem.remove(paths.staging + "/" + name)
        }
    }

    /// Puts back the files of one record, written at `written` (nanoseconds since 1970); `putBack`
    /// names the files this recovery put back before it, and gains this record's.
    private func replay(
        _ files: [(relativePath: String, bytes: [UInt8]?)], written: Int64, putBack: inout Set<String>
    ) throws(StoreError) {
        var moves: [(from: String?, to: String)] = []
        for file in files {
            let target = paths.absolute(file.relativePath)
            // A file changed after the record was written (a later change, a hand edit, an
            // earlier shade) that reads as JSON is newer than the record: it stays. A file an
            // earlier record of this recovery put back is no such change: this record is newer.
            if !putBack.contains(target), let stamp = FileStamp.of(target), stamp.modifiedNanoseconds > written,
                let current = try? FileSystem.read(target), (try? JSONParser.parse(current)) != nil
            {
                continue
            }
            putBack.insert(target)
            guard let content = file.bytes else {
                moves.append((nil, target))
                continue
            }
            try FileSystem.makeDirectories(FileSystem.parentDirectory(of: target))
            stagedCount += 1
            moves.append((try stage(content, name: "\(stagedCount)-replay", flush: false), target))
        }
        try finish(moves)
    }

    /// Whether a commit record waits to be replayed.
    var hasPendingCommit: Bool {
        get throws(StoreError) {
            if try journal.hasPending { return true }
            return try FileSystem.exists(paths.commitRecord)
        }
    }

    /// Finishes a change committed by a record of moves and not finished: a `commit.json`
    /// listing staged files (flushed) to rename into place (a large change's, or an earlier
    /// shade's, which committed every change so).
    private func finishEarlierCommitRecord() throws(StoreError) {
        let file = paths.commitRecord
        let bytes: [UInt8]
        do throws(StoreError) {
            guard let read = try FileSystem.read(file) else { return }
            bytes = read
        } catch {
            // Set aside as a journal record is (`recover`), for the same reasons.
            guard error.isForeignRecord else { throw error }
            try FileSystem.rename(file, to: paths.refusedCommitRecord)
            return
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .unreadable(file: file, error: error) }
        guard let moves = value.objectValue?["moves"]?.arrayValue else {
            throw .invalidContent(file: file, location: "moves", reason: "expected a list of moves")
        }
        var pending: [(from: String?, to: String)] = []
        for (index, move) in moves.enumerated() {
            let from = move.objectValue?["from"]
            guard let to = move.objectValue?["to"]?.stringValue, from?.isNull == true || from?.stringValue != nil
            else {
                throw .invalidContent(
                    file: file, location: "moves[\(index)]", reason: "expected from (a path or null) and to")
            }
            // Only store files, from files staged in `.staging/` (all an earlier shade wrote).
            let stagedName = from?.stringValue.map { $0.hasPrefix(".staging/") ? String($0.dropFirst(9)) : "" }
            guard CommitJournal.mayName(to),
                stagedName.map({ !["", ".", ".."].contains($0) && !$0.contains("/") }) ?? true
            else {
                try FileSystem.rename(file, to: paths.refusedCommitRecord)
                return
            }
            let source = from?.stringValue.map(paths.absolute)
            // A move whose staged file is gone was done before the crash; a removal is idempotent.
            if try source.map(FileSystem.exists) ?? true {
                // A folder a move fills (a new year's) may not have reached the disk before a crash.
                if source != nil { try FileSystem.makeDirectories(FileSystem.parentDirectory(of: paths.absolute(to))) }
                pending.append((source, paths.absolute(to)))
            }
        }
        try finish(pending, exchanging: false)
        for directory in Set(pending.map { FileSystem.parentDirectory(of: $0.to) }).sorted() {
            try FileSystem.syncDirectory(directory)
        }
        // The files of the commit records written before it were flushed before it was (see
        // `commitByMoves`): replayed now, one could put back a file it removed.
        journal.removeFlushed(try journal.records())
        // So are the log's frames, which go too; one not done (no store shade left holds it beside
        // this record) is replayed after it, and the files the moves put in place, newer, stay.
        try? journal.startLogAgain()
        try FileSystem.remove(paths.commitRecord)
    }

    /// Puts staged files in place of their targets (a nil `from` removes the target). The content
    /// a record carries is put in by exchange (the old file then unlinked); the files a record of
    /// moves names, with `exchanging` false, by a plain rename over the target: the staged name is
    /// gone the moment its content is in place, so a replay after a crash never moves a file twice
    /// (after an exchange the old content stays under the staged name until it is removed, and a
    /// replay of moves would put it back).
    func finish(_ moves: [(from: String?, to: String)], exchanging: Bool = true) throws(StoreError) {
        for move in moves {
            if let from = move.from {
                if exchanging {
                    try FileSystem.replace(from, with: move.to, in: folders) { self.spares.retire($1, in: $0) }
                } else {
                    try FileSystem.rename(from, to: move.to, in: folders)
                }
            } else {
                try FileSystem.remove(move.to, in: folders)
            }
        }
    }

    /// The journal directory, made (and its entry flushed) on a store's first change.
    func makeJournalDirectory() throws(StoreError) {
        guard try !FileSystem.exists(paths.journal) else { return }
        try FileSystem.makeDirectories(paths.journal)
        try FileSystem.syncDirectory(paths.root)
    }

    /// Writes bytes to a private file in the staging directory; with `flush`, to disk. A file the
    /// commit record carries (not flushed) is written over a spare where one fits (`SpareFiles`),
    /// else made anew.
    func stage(_ bytes: [UInt8], name: String, flush: Bool) throws(StoreError) -> String {
        let path = "\(paths.staging)/\(getpid())-\(name).tmp"
        let spare = flush ? nil : spares.take(as: path, size: bytes.count)
        var fd = spare?.fd ?? -1
        if fd < 0 { fd = LinkFreePath.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600) }
        if fd < 0, errno == EEXIST {
            // Left by an earlier process with the same pid; staged files are never shared.
            try FileSystem.remove(path)
            fd = LinkFreePath.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        }
        guard fd >= 0 else { throw FileSystem.refusal(of: path, operation: "create", errno: errno) }
        do throws(StoreError) {
            try FileSystem.writeAll(fd, bytes, path: path)
            // A spare longer than the content is cut to it, within its last block.
            if let spare, spare.length > bytes.count, ftruncate(fd, off_t(bytes.count)) != 0 {
                throw StoreError.io(operation: "truncate", path: path, errno: errno)
            }
            // After a failed fsync the data may be lost: report it, never retry and trust it.
            if flush, fdatasync(fd) != 0 { throw StoreError.io(operation: "sync", path: path, errno: errno) }
        } catch {
            close(fd)
            try? FileSystem.remove(path)
            throw error
        }
        guard close(fd) == 0 else {
            let code = errno
            try? FileSystem.remove(path)
            throw .io(operation: "close", path: path, errno: code)
        }
        return path
    }
}
