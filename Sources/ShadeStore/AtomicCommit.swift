import ShadeJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces several store files as one atomic step.
///
/// Each new file is written in full to a staging directory and flushed. A single file is then
/// renamed into place. Several files are listed first in a commit record, itself written and
/// renamed atomically: that rename is the commit point. Only then are the files renamed into
/// place (or, for files to remove, unlinked). A crash before the commit point leaves only staged
/// files, which the next writer removes; a crash after it leaves a commit record, which the next
/// reader or writer finishes.
final class AtomicCommit {
    let paths: StorePaths
    private var stagedCount = 0

    init(paths: StorePaths) {
        self.paths = paths
    }

    /// One file of a commit: staged and waiting to be renamed over its target, or (with no staged
    /// file) a target to remove.
    struct StagedFile {
        let target: String
        let staged: String?
        let stamp: FileStamp?
    }

    /// Writes `files` (paths relative to the store root; nil bytes remove the file) so that all
    /// or none take effect.
    func write(_ files: [(relativePath: String, bytes: [UInt8]?)]) throws(StoreError) {
        try commit(try stage(files))
    }

    /// Writes each file in full to the staging directory and flushes it; nothing is visible yet.
    func stage(_ files: [(relativePath: String, bytes: [UInt8]?)]) throws(StoreError) -> [StagedFile] {
        try FileSystem.makeDirectories(paths.staging)
        var staged: [StagedFile] = []
        do throws(StoreError) {
            for file in files {
                let target = paths.root + "/" + file.relativePath
                guard let bytes = file.bytes else {
                    staged.append(StagedFile(target: target, staged: nil, stamp: nil))
                    continue
                }
                try FileSystem.makeDirectories(FileSystem.parentDirectory(of: target))
                stagedCount += 1
                let path = try stage(bytes, name: "\(stagedCount)")
                staged.append(StagedFile(target: target, staged: path, stamp: FileStamp.of(path)))
            }
        } catch {
            discard(staged)
            throw error
        }
        return staged
    }

    /// Removes staged files that will not be committed.
    func discard(_ files: [StagedFile]) {
        for file in files { if let path = file.staged { try? FileSystem.remove(path) } }
    }

    /// Makes staged files take effect, all or none.
    func commit(_ files: [StagedFile]) throws(StoreError) {
        guard !files.isEmpty else { return }
        let moves = files.map { (from: $0.staged, to: $0.target) }
        let backups = Backups(paths: paths)
        var preserved: Backups.Preserved?
        do throws(StoreError) {
            // What this change replaces is kept before anything is replaced.
            preserved = try backups.preserve(files.map(\.target))
            if moves.count == 1, let from = moves[0].from {
                try FileSystem.rename(from, to: moves[0].to)
                do throws(StoreError) {
                    try FileSystem.syncDirectory(FileSystem.parentDirectory(of: moves[0].to))
                } catch { throw error.afterCommitPoint }
                backups.prune(preserved)
                return
            }
            let record = try commitRecord(for: moves)
            stagedCount += 1
            let recordStage = try stage(record, name: "\(stagedCount)-commit")
            try FileSystem.rename(recordStage, to: paths.commitRecord)
        } catch {
            discard(files)
            // Copies of files that stay as they were are no backup; a replaced one's copy is kept.
            if let preserved, !error.isAfterCommitPoint { backups.remove(preserved.directory) }
            throw error
        }
        // Committed: from here on, a failure is finished by the next process that opens the store.
        do throws(StoreError) {
            try syncDirectory(of: paths.commitRecord)
            try finish(moves)
            try FileSystem.remove(paths.commitRecord)
        } catch { throw error.afterCommitPoint }
        backups.prune(preserved)
    }

    /// Replaces derived files (caches) by rename, without flushing and ignoring failures: a lost
    /// or torn cache file is recomputed by its reader.
    func writeCache(_ files: [(relativePath: String, bytes: [UInt8]?)]) {
        for file in files {
            guard let bytes = file.bytes else { continue }
            let target = paths.root + "/" + file.relativePath
            stagedCount += 1
            let path = "\(paths.staging)/\(getpid())-\(stagedCount)-cache.tmp"
            guard (try? FileSystem.makeDirectories(FileSystem.parentDirectory(of: target))) != nil else { continue }
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { continue }
            let written = (try? FileSystem.writeAll(fd, bytes, path: path)) != nil
            if close(fd) == 0, written, (try? FileSystem.rename(path, to: target)) != nil { continue }
            try? FileSystem.remove(path)
        }
    }

    /// Finishes a commit a crashed process left behind, and removes abandoned staged files.
    ///
    /// Must run under the exclusive lock.
    func recover() throws(StoreError) {
        if let bytes = try FileSystem.read(paths.commitRecord) {
            let moves = try parseCommitRecord(bytes)
            // A move whose staged file is gone was done before the crash; a removal is idempotent.
            var pending: [(from: String?, to: String)] = []
            for move in moves where try move.from.map(FileSystem.exists) ?? true { pending.append(move) }
            try finish(pending)
            try FileSystem.remove(paths.commitRecord)
        }
        for name in try FileSystem.list(paths.staging) {
            try FileSystem.remove(paths.staging + "/" + name)
        }
    }

    /// Whether a commit record waits to be finished.
    var hasPendingCommit: Bool {
        get throws(StoreError) { try FileSystem.exists(paths.commitRecord) }
    }

    private func finish(_ moves: [(from: String?, to: String)]) throws(StoreError) {
        var directories: [String] = []
        for move in moves {
            if let from = move.from { try FileSystem.rename(from, to: move.to) } else { try FileSystem.remove(move.to) }
            let directory = FileSystem.parentDirectory(of: move.to)
            if !directories.contains(directory) { directories.append(directory) }
        }
        for directory in directories { try FileSystem.syncDirectory(directory) }
    }

    private func syncDirectory(of path: String) throws(StoreError) {
        try FileSystem.syncDirectory(FileSystem.parentDirectory(of: path))
    }

    /// Writes bytes to a new private file in the staging directory and flushes it to disk.
    private func stage(_ bytes: [UInt8], name: String) throws(StoreError) -> String {
        let path = "\(paths.staging)/\(getpid())-\(name).tmp"
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0, errno == EEXIST {
            // Left by an earlier process with the same pid; staged files are never shared.
            try FileSystem.remove(path)
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { throw .io(operation: "create", path: path, errno: errno) }
        do throws(StoreError) {
            try FileSystem.writeAll(fd, bytes, path: path)
            // After a failed fsync the data may be lost: report it, never retry and trust it.
            guard fdatasync(fd) == 0 else { throw StoreError.io(operation: "sync", path: path, errno: errno) }
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

    private func commitRecord(for moves: [(from: String?, to: String)]) throws(StoreError) -> [UInt8] {
        let list = moves.map { move -> JSONValue in
            ["from": .optional(move.from.map(relative)), "to": .string(relative(move.to))]
        }
        let record: JSONValue = ["format": .int(Int64(StoreFormat.version)), "kind": "commit", "moves": .array(list)]
        do { return try JSONWriter.bytes(record) } catch {
            throw .invalidContent(file: paths.commitRecord, location: "(writing)", reason: "could not serialise")
        }
    }

    private func parseCommitRecord(_ bytes: [UInt8]) throws(StoreError) -> [(from: String?, to: String)] {
        let file = paths.commitRecord
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .unreadable(file: file, error: error) }
        guard let moves = value.objectValue?["moves"]?.arrayValue else {
            throw .invalidContent(file: file, location: "moves", reason: "expected a list of moves")
        }
        var result: [(from: String?, to: String)] = []
        for (index, move) in moves.enumerated() {
            let from = move.objectValue?["from"]
            guard let to = move.objectValue?["to"]?.stringValue, !to.contains(".."),
                from?.isNull == true || (from?.stringValue.map { !$0.contains("..") } ?? false)
            else {
                throw .invalidContent(
                    file: file, location: "moves[\(index)]", reason: "expected from (a path or null) and to")
            }
            result.append((from?.stringValue.map { paths.root + "/" + $0 }, paths.root + "/" + to))
        }
        return result
    }

    private func relative(_ path: String) -> String {
        String(path.dropFirst(paths.root.count + 1))
    }
}
