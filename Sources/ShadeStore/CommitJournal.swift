import ShadeJSON
import ShadePlatform

/// The commit records of changes whose files may not be on disk yet: frames of
/// `journal/commit.log` (`CommitLog`), and for a change too large for it a file of its own,
/// `journal/NNNNNNNNNN-BOOT.json` while its files are being brought up to date, `….done` once they
/// all are (in the page cache). Every record file is older than every frame of the log (a record
/// file is written only after the log is checkpointed), and records are replayed in that order.
///
/// A record holds the full new content of every file its change writes, and is the one thing a
/// change flushes. Its files are renamed into place without a flush of their own, so until the
/// kernel has written them back the record is the truth: after a process crash (same boot: the
/// page cache survived) a pending record is replayed; after a power loss (another boot id:
/// nothing unflushed can be trusted) every record kept is replayed, in order. A checkpoint, once
/// every `checkpointEvery` changes, flushes the store's file system (`syncfs`), after which the
/// records can go and the log starts again. A long-lived session (the REPL) checkpoints earlier,
/// while it waits for the next line (`Store.checkpointWhileIdle`), so that no answer waits for
/// that flush.
struct CommitJournal {
    let paths: StorePaths

    /// How many records are kept before a checkpoint flushes the store and removes them.
    static let checkpointEvery = 32

    /// How many records a session waiting for input lets build up before it checkpoints.
    static let idleCheckpointAt = 8

    /// One record, by its file name.
    struct Record: Comparable {
        let sequence: Int
        let boot: String
        let done: Bool
        let name: String

        static func < (lhs: Record, rhs: Record) -> Bool { lhs.sequence < rhs.sequence }

        /// `0000000042-BOOT.json` or `….done`.
        init?(name: String) {
            let done = name.hasSuffix(".done")
            guard done || name.hasSuffix(".json") else { return nil }
            // Read as bytes: a store's journal is listed on every change.
            let utf8 = Array(name.utf8.dropLast(5))
            guard let dash = utf8.firstIndex(of: UInt8(ascii: "-")), dash > 0,
                utf8[..<dash].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let sequence = Int(String(decoding: utf8[..<dash], as: UTF8.self))
            else { return nil }
            self.sequence = sequence
            self.boot = String(decoding: utf8[(dash + 1)...], as: UTF8.self)
            self.done = done
            self.name = name
        }
    }

    /// The records kept, oldest first.
    func records() throws(StoreError) -> [Record] {
        try FileSystem.list(paths.journal).compactMap(Record.init(name:)).sorted()
    }

    /// The records that must be replayed before the store is read: a pending one of this boot,
    /// and every record of another boot (and everything after the first such), in order.
    func recordsToReplay() throws(StoreError) -> [Record] {
        let records = try records()
        guard let first = records.firstIndex(where: { !$0.done || $0.boot != CommitJournal.boot }) else { return [] }
        return Array(records[first...])
    }

    /// Whether a record must be replayed before the store can be read: a record file, or a frame
    /// of the log past its done mark, or any frame of another boot.
    var hasPending: Bool {
        get throws(StoreError) {
            if try !recordsToReplay().isEmpty { return true }
            guard let log = try openLog() else { return false }
            return log.firstBoot.map { $0 != CommitJournal.boot } == true || log.hasPendingFrame
        }
    }

    /// The store's commit log; nil when it has none yet.
    /// (Only for reading unless `writable`.)
    func openLog(writable: Bool = false) throws(StoreError) -> CommitLog? {
        try CommitLog.open(paths.commitLog, writable: writable)
    }

    /// The commit log to write a frame to and where the frame goes: after the last frame, every
    /// one of which is done (the log is made when there is none; grown, or checkpointed first,
    /// when the frame does not fit). A frame not done (its files may not all be in place) stops
    /// the change before its commit point: the next command that opens the store finishes it.
    func logForFrame(of length: Int) throws(StoreError) -> (log: CommitLog, after: CommitLog.Mark) {
        var log = try openLog(writable: true)
        if log == nil {
            try CommitLog.create(at: paths.commitLog, via: "\(paths.staging)/\(getpid())-commit-log.tmp")
            log = try openLog(writable: true)
        }
        guard let log else { throw .io(operation: "open", path: paths.commitLog, errno: ENOENT) }
        let done = log.done
        guard log.frame(after: done) == nil else { throw pendingFrame }
        do throws(StoreError) {
            if try log.grow(toFit: length, after: done) { return (log, done) }
        } catch {
            // The disk is full: a checkpoint may leave room enough in the log as it is.
            guard let reset = try checkpointOrFail(), reset.hasRoom(for: length, after: .start) else { throw error }
            return (reset, .start)
        }
        // Full: its changes are made durable in their files, and it starts again.
        guard let reset = try checkpointOrFail(), try reset.grow(toFit: length, after: .start) else {
            throw .invalidContent(
                file: paths.commitLog, location: "(writing)", reason: "no room for a change of this size")
        }
        return (reset, .start)
    }

    private var pendingFrame: StoreError {
        .invalidContent(
            file: paths.commitLog, location: "(writing)",
            reason: "a change waits to be finished; run the command again (any command finishes it first)")
    }

    /// Before a record file is written: a log holding frames is checkpointed (a record file is
    /// never newer than a frame).
    func checkpointLogBeforeRecordFile() throws(StoreError) {
        guard let log = try openLog(), log.hasFrames else { return }
        _ = try checkpointOrFail()
    }

    /// Flushes the store's file system, removes the records and starts the log again; throws when
    /// the flush fails. Returns the log of the new epoch (nil when the store has none).
    private func checkpointOrFail() throws(StoreError) -> CommitLog? {
        try FileSystem.syncFileSystem(of: paths.root)
        removeFlushed(try records())
        try startLogAgain()
        return try openLog(writable: true)
    }

    /// Starts the log again at the next epoch, once a flush of the file system has made the files
    /// of all its frames durable (a checkpoint; before a record of moves goes: see
    /// `AtomicCommit.commitByMoves`). A frame not done is never dropped: that throws. When the new
    /// header cannot be made durable, the log is removed (its frames are all in their files), so
    /// that no frame of the new epoch is ever read against the old one after a power loss.
    func startLogAgain() throws(StoreError) {
        guard try openLog()?.hasFrames == true, let log = try openLog(writable: true) else { return }
        guard !log.hasPendingFrame else { throw pendingFrame }
        do throws(StoreError) { _ = try log.reset() } catch {
            try FileSystem.remove(paths.commitLog)
            try FileSystem.syncDirectory(paths.journal)
        }
    }

    /// Sets a frame of the log aside, never to be replayed: its record is written to
    /// `journal/log-WRITTEN-SEQUENCE.refused` (when it was written, in nanoseconds), which `check`
    /// names.
    func setAside(_ frame: CommitLog.Frame) throws(StoreError) {
        try FileSystem.writeAtomically(
            paths.journal + "/log-\(frame.written)-\(frame.sequence).refused", frame.payload,
            via: "\(paths.staging)/\(getpid())-refused.tmp", mode: 0o600)
    }

    /// How many records are kept: record files, and the frames of the log done so far.
    func keptCount() throws(StoreError) -> Int {
        try records().count + (openLog()?.done.sequence ?? 0)
    }

    /// The path a new record is renamed to (pending).
    func nextRecordPath() throws(StoreError) -> String {
        paths.journalRecord((try records().last?.sequence ?? 0) + 1, boot: CommitJournal.boot)
    }

    /// Marks a record whose files are all in place (best effort: an unmarked record is replayed,
    /// which writes the same files again).
    func markDone(_ path: String, in folders: LinkFreePath.Folders? = nil) {
        guard path.hasSuffix(".json") else { return }
        try? FileSystem.rename(path, to: String(path.dropLast(5)) + ".done", in: folders)
    }

    /// After `count` records (by default `checkpointEvery`): flushes the whole file system the
    /// store is on, then removes every record (their files are durable now). Best effort: a record
    /// left is replayed. Runs under the exclusive lock. `framesDone`: how many frames of the log
    /// are done, when the caller has just marked them so (the log is then not read again).
    /// Returns whether it flushed.
    @discardableResult
    func checkpointIfDue(atLeast count: Int = CommitJournal.checkpointEvery, framesDone: Int? = nil) -> Bool {
        guard let records = try? records(), records.allSatisfy(\.done) else { return false }
        if let framesDone { return records.count + framesDone >= count && checkpoint(records) }
        let log = try? openLog()
        let done = log?.done ?? .start
        guard records.count + done.sequence >= count, log?.frame(after: done) == nil else { return false }
        return checkpoint(records)
    }

    /// Flushes the file system the store is on (one `syncfs`: every file the records wrote, and
    /// the directories they are in, reach the disk), then removes the records and starts the log
    /// again (`startLogAgain`). When the flush fails, every record is kept. Returns whether the
    /// file system was flushed and the log started again.
    @discardableResult
    func checkpoint(_ records: [Record]) -> Bool {
        guard (try? FileSystem.syncFileSystem(of: paths.root)) != nil else { return false }
        removeFlushed(records)
        return (try? startLogAgain()) != nil
    }

    /// Removes records whose files a flush of the file system has just made durable. Oldest first,
    /// stopping at the first that stays (or is not done): a record left is never older than one gone.
    func removeFlushed(_ records: [Record]) {
        for record in records.sorted() {
            guard record.done, (try? FileSystem.remove(paths.journal + "/" + record.name)) != nil else { break }
        }
    }

    /// Sets a record aside, never to be replayed: renamed `NNNNNNNNNN-BOOT.refused`, which no
    /// listing of records takes and `check` names.
    func setAside(_ record: Record) throws(StoreError) {
        let stem = record.name.dropLast(5)
        try FileSystem.rename(paths.journal + "/" + record.name, to: paths.journal + "/" + stem + ".refused")
    }

    /// The records set aside (`setAside`), by name.
    func setAsideRecords() throws(StoreError) -> [String] {
        try FileSystem.list(paths.journal).filter { $0.hasSuffix(".refused") }.sorted()
    }

    /// Whether a record may name `path` (relative to the store): a file of a kind the store's
    /// registry knows, at the one path it gives that kind (`StoreFileKind`), or the redo log's
    /// marker. Every record shade writes names only those; a path elsewhere (`.git/config`,
    /// `../outside`, `/etc/passwd`, `ids/../../x`) is no file of the store.
    static func mayName(_ path: String) -> Bool {
        StoreFileKind(relativePath: path) != nil || path == RedoPosition.relativePath
    }

    /// The key of a framed record's list of files (`{"to", "size"}`, a null size for a file removed).
    static let framedKey = "framed"
    /// The byte that ends a framed record's header line (compact JSON holds no raw newline).
    static let headerEnd = UInt8(ascii: "\n")

    /// What a record holds: each file relative to the store, with its new content (nil: removed).
    /// A record naming a path no record of shade names (`mayName`) is refused whole
    /// (`StoreError.foreignRecord`).
    ///
    /// A record is framed — `{"format": 3, "kind": "commit", "framed": [{"to": PATH, "size": N or
    /// null}, …]}`, a newline, then each file's N bytes in turn, and nothing after — or, as an
    /// earlier shade wrote it, one JSON document whose `files` give each content as a string.
    static func files(in bytes: [UInt8], file: String) throws(StoreError) -> [(relativePath: String, bytes: [UInt8]?)] {
        if let end = bytes.firstIndex(of: headerEnd),
            let header = try? JSONParser.parse(Array(bytes[..<end])),
            header.objectValue?["kind"]?.stringValue == "commit", let framed = header.objectValue?[framedKey]
        {
            return try files(framed, contents: bytes[(end + 1)...], file: file)
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .unreadable(file: file, error: error) }
        guard let files = value.objectValue?["files"]?.arrayValue else {
            throw .invalidContent(file: file, location: "files", reason: "expected a list of files")
        }
        var result: [(relativePath: String, bytes: [UInt8]?)] = []
        for (index, entry) in files.enumerated() {
            let content = entry.objectValue?["content"]
            guard let to = entry.objectValue?["to"]?.stringValue, content?.isNull == true || content?.stringValue != nil
            else {
                throw .invalidContent(
                    file: file, location: "files[\(index)]", reason: "expected to (a path in the store) and content")
            }
            guard mayName(to) else { throw .foreignRecord(file: file, path: to) }
            result.append((to, content?.stringValue.map { Array($0.utf8) }))
        }
        return result
    }

    /// The files of a framed record: its header's list, and the bytes after the header line, which
    /// the sizes must account for exactly.
    private static func files(_ list: JSONValue, contents: ArraySlice<UInt8>, file: String) throws(StoreError) -> [(
        relativePath: String, bytes: [UInt8]?
    )] {
        guard let entries = list.arrayValue else {
            throw .invalidContent(file: file, location: framedKey, reason: "expected a list of files")
        }
        var result: [(relativePath: String, bytes: [UInt8]?)] = []
        var start = contents.startIndex
        for (index, entry) in entries.enumerated() {
            let size = entry.objectValue?["size"]
            guard let to = entry.objectValue?["to"]?.stringValue,
                size?.isNull == true
                    || (size?.intValue).map({ $0 >= 0 && $0 <= Int64(contents.endIndex - start) }) == true
            else {
                throw .invalidContent(
                    file: file, location: "\(framedKey)[\(index)]",
                    reason: "expected to (a path in the store) and size (of the bytes that follow, or null)")
            }
            guard mayName(to) else { throw .foreignRecord(file: file, path: to) }
            guard let count = size?.intValue else {
                result.append((to, nil))
                continue
            }
            let end = start + Int(count)
            result.append((to, Array(contents[start..<end])))
            start = end
        }
        guard start == contents.endIndex else {
            throw .invalidContent(
                file: file, location: framedKey,
                reason: "\(contents.endIndex - start) bytes follow the last file (a record cut short or added to)")
        }
        return result
    }

    /// This boot's id (`/proc/sys/kernel/random/boot_id`): a record of another boot may have
    /// outlived files that never reached the disk. When it cannot be read, an id of this process
    /// alone: every record is then taken for one of another boot, replayed and flushed.
    static let boot: String = {
        let fallback = "p\(getpid())t\(time(nil))"
        let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return fallback }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return fallback }
        let id = String(decoding: buffer[..<count], as: UTF8.self).filter(\.isHexDigit)
        return id.count == 32 ? id : fallback
    }()
}
