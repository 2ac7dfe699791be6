import ShadeCore
import ShadePlatform

/// What a large change (an import of many tasks) has written so far and let go of: the files of
/// the weeks it is done with, each staged, and its change-log entry, appended to a staged
/// file a week at a time. Neither is held in memory; all are committed together by a record of
/// moves (`AtomicCommit.commitByMoves`), or removed when the change is abandoned.
final class ReleasedFiles {
    let commit: AtomicCommit
    /// The staged file of each store file written so far, by path relative to the store.
    private(set) var staged: [String: AtomicCommit.StagedFile] = [:]
    /// The weeks released with tasks in them (a later step lists them as stored).
    var weeksWithTasks: Set<ISOWeek> = []
    /// The change-log entry: its staged file, open for appending, and whether a record is in it.
    private var entry: (path: String, fd: Int32)?
    private var entryHasRecords = false
    private var entrySize = 0
    private let head: Change

    init(commit: AtomicCommit, label: String, at: String, by: String) {
        self.commit = commit
        head = Change(label: label, at: at, by: by, records: [])
    }

    deinit { if let entry { close(entry.fd) } }

    /// The staged file a store file was last written to, if this change has written it.
    func stagedPath(of relativePath: String) -> String? { staged[relativePath]?.staged }

    /// Stages a store file for the commit, in place of an earlier staging of it.
    func stage(_ relativePath: String, _ bytes: [UInt8]) throws(StoreError) {
        // A file too large to read back (a week of half a million tasks) would stop every later
        // command that reads it: refused, and the change with it, before the commit point.
        guard bytes.count <= FileSystem.maximumFileSize else {
            throw .fileTooLarge(
                file: commit.paths.absolute(relativePath), size: bytes.count, limit: FileSystem.maximumFileSize)
        }
        let file = try commit.stageForMoves(relativePath, bytes)
        if let earlier = staged[relativePath] { commit.discard([earlier]) }
        staged[relativePath] = file
    }

    /// Appends records to the change-log entry.
    func append(_ records: [RecordChange]) throws(StoreError) {
        guard !records.isEmpty else { return }
        let open = try openEntry()
        let bytes = try UndoJournal.recordBytes(records, first: !entryHasRecords)
        // An entry too large to read back would leave `undo` and `log` unable to read the log.
        entrySize += bytes.count
        guard entrySize + 2 <= UndoJournal.maximumEntrySize else {
            throw .fileTooLarge(file: open.path, size: entrySize + 2, limit: UndoJournal.maximumEntrySize)
        }
        try FileSystem.writeAll(open.fd, bytes, path: open.path)
        entryHasRecords = true
    }

    /// Whether the entry holds a record.
    var hasRecords: Bool { entryHasRecords }

    /// Closes the entry with its last records (flushed with the commit), as the staged file of change-log entry
    /// `number`.
    func finishEntry(_ records: [RecordChange], number: Int, paths: StorePaths) throws(StoreError)
        -> AtomicCommit.StagedFile?
    {
        try append(records)
        guard entryHasRecords, let open = entry else { return nil }
        let target = paths.absolute(paths.changeLogFile(number))
        // The change log's folder, on a store's first change, is made before the commit point.
        try FileSystem.makeDirectories(FileSystem.parentDirectory(of: target))
        try FileSystem.writeAll(open.fd, Array("]}".utf8), path: open.path)
        entry = nil
        guard close(open.fd) == 0 else {
            let code = errno
            try? FileSystem.remove(open.path)
            throw StoreError.io(operation: "close", path: open.path, errno: code)
        }
        return AtomicCommit.StagedFile(target: target, staged: open.path, bytes: nil)
    }

    /// Every store file staged (the entry is `finishEntry`'s).
    var files: [AtomicCommit.StagedFile] { staged.values.sorted { $0.target < $1.target } }

    /// Removes everything staged (an abandoned change, a dry run).
    func discard() {
        commit.discard(Array(staged.values))
        staged = [:]
        if let entry {
            close(entry.fd)
            try? FileSystem.remove(entry.path)
        }
        entry = nil
    }

    private func openEntry() throws(StoreError) -> (path: String, fd: Int32) {
        if let entry { return entry }
        try FileSystem.makeDirectories(commit.paths.staging)
        commit.stagedCount += 1
        let path = "\(commit.paths.staging)/\(getpid())-\(commit.stagedCount)-entry.tmp"
        let fd = LinkFreePath.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
        guard fd >= 0 else { throw FileSystem.refusal(of: path, operation: "create", errno: errno) }
        entry = (path, fd)
        do throws(StoreError) {
            let bytes = try UndoJournal.head(head)
            entrySize = bytes.count
            try FileSystem.writeAll(fd, bytes, path: path)
        } catch {
            discard()
            throw error
        }
        return (path, fd)
    }
}
