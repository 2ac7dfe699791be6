import ShadePlatform
import Synchronization

/// `journal/redo.log`: the changes a long-lived session (the REPL) acknowledged before their
/// files were written, each one frame appended in place and flushed once.
///
/// The file is made once at its full size, zeros written and flushed, so that a frame written
/// over it later changes no block map and no size: one `fdatasync` of its data is all a change
/// waits for. Its header names an epoch; each frame carries the epoch, a sequence number (1, 2, …
/// within the epoch), the change-log entry of its change, and a checksum of all of it. Reading
/// stops at the first frame that is not the next one whole (zeros, a torn write, a frame of an
/// earlier epoch), so a frame whose flush did not finish — never acknowledged — is never read.
///
/// Which frames are in the files already is not written here but in `journal/redo-applied.json`
/// (`RedoPosition`), which the commit that writes a frame's files writes too: a frame is applied
/// exactly once, whenever a crash comes. A full log is replaced by a new empty file of the next
/// epoch once every frame is applied.
final class RedoLog: Sendable {
    let path: String
    /// The epoch the header names.
    let epoch: UInt64
    /// How this log's frames are written: packed in a log made so (`SHADEREDO2`), as JSON text
    /// in one an earlier shade made, which that shade must still read.
    let frameEncoding: Encoding
    private let fd: Int32
    /// How many times this log was flushed since it was opened (a frame's flush, `flushAgain`).
    let flushes = Atomic<Int>(0)
    /// How long this process has waited, in all, for its frames' flushes (nanoseconds of the
    /// monotonic clock): the part of an answer spent on the disk (`Store.frameFlushSeconds`).
    static let frameFlushWait = Atomic<UInt64>(0)

    /// The whole file's size: room for a few hundred changes between two replacements.
    static let size = 1 << 20
    /// The header's size; the first frame starts after it.
    static let headerSize = 4096
    /// A frame's fixed part: magic, payload length, sequence, epoch, checksum.
    static let frameHeaderSize = 32
    /// How a frame holds its change-log entry, named by the frame's magic; a log's header names
    /// how its frames are written. A log of packed frames (`SHADEREDO2`) is refused by the shade
    /// of JSON-text frames (`SHADEREDO1`) rather than read as ending at its first packed frame
    /// (and written over a change it acknowledged).
    enum Encoding: Sendable, CaseIterable {
        /// JSON text (`SRF1`): what logs written before packing hold, still read.
        case text
        /// A packed value (`SRF2`, `PackedJSON`): what a frame is written as.
        case packed

        var frameMagic: [UInt8] { self == .text ? Encoding.magics.textFrame : Encoding.magics.packedFrame }
        var headerMagic: [UInt8] { self == .text ? Encoding.magics.textLog : Encoding.magics.packedLog }
        private static let magics = (
            textFrame: Array("SRF1".utf8), packedFrame: Array("SRF2".utf8),
            textLog: Array("SHADEREDO1".utf8), packedLog: Array("SHADEREDO2".utf8)
        )
    }

    /// One acknowledged change.
    struct Frame: Sendable {
        let sequence: Int
        /// Where the next frame starts.
        let end: Int
        /// The change-log entry of the change (`UndoJournal`'s value), as `encoding` says.
        let payload: [UInt8]
        let encoding: Encoding
    }

    /// The store's log as the files have taken it: the frames waiting, and where the next one goes.
    struct Tail: Sendable {
        let log: RedoLog
        /// The store's marker (`journal/redo-applied.json`), nil when there is none yet.
        let applied: RedoPosition?
        /// The frames the files do not hold yet, oldest first.
        let waiting: [Frame]

        /// The store's log and marker; nil when the store has no log.
        static func read(_ paths: StorePaths) throws(StoreError) -> Tail? {
            guard let log = try RedoLog.open(paths.redoLog) else { return nil }
            let applied = try RedoPosition.read(paths)
            return Tail(log: log, applied: applied, waiting: log.frames(after: applied))
        }

        /// Where the next frame goes: after the last frame of the log's epoch. Nil when the log is
        /// older than its marker (put back by hand): it takes no frame until it is made anew.
        var next: RedoPosition? {
            if let last = waiting.last { return RedoPosition(epoch: log.epoch, sequence: last.sequence, end: last.end) }
            guard let applied else { return .start(of: log.epoch) }
            if applied.epoch > log.epoch { return nil }
            return applied.epoch == log.epoch ? applied : .start(of: log.epoch)
        }

        /// The same log once its waiting frames are applied.
        var allApplied: Tail { waiting.isEmpty ? self : Tail(log: log, applied: next, waiting: []) }
    }

    /// Opens the log at `path` for reading and appending; nil when there is none.
    static func open(_ path: String) throws(StoreError) -> RedoLog? {
        guard let (fd, fileSize) = try FrameBytes.openLog(path, O_RDWR) else { return nil }
        var header = [UInt8](repeating: 0, count: 32)
        guard fileSize == size, FrameBytes.readFully(fd, &header, at: 0),
            let encoding = Encoding.allCases.first(where: { header[0..<10].elementsEqual($0.headerMagic) }),
            FrameBytes.checksum(header[0..<24], []) == FrameBytes.load(header, at: 24)
        else {
            close(fd)
            throw .invalidContent(
                file: path, location: "header", reason: "not a whole redo log of this shade")
        }
        let epoch = FrameBytes.load(header, at: 16)
        return RedoLog(path: path, epoch: epoch, frameEncoding: encoding, fd: fd)
    }

    private init(path: String, epoch: UInt64, frameEncoding: Encoding, fd: Int32) {
        self.path = path
        self.epoch = epoch
        self.frameEncoding = frameEncoding
        self.fd = fd
    }

    deinit { close(fd) }

    /// Makes a new, empty log of `epoch` at `path` in one atomic step: written in full (zeros) to
    /// `temporary`, flushed, renamed over `path`, its directory flushed.
    ///
    /// Written a page at a time: the page cache then holds it in pages, not in one large folio that
    /// every frame's write walks block by block (measured on ext4 here: 25 µs a frame after a
    /// pause, against 63 µs for a log written in one call).
    /// `frames` says how its frames will be written (packed, unless a test makes an earlier log).
    static func create(at path: String, epoch: UInt64, via temporary: String, frames: Encoding = .packed)
        throws(StoreError)
    {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.replaceSubrange(0..<10, with: frames.headerMagic)
        FrameBytes.store(epoch, into: &bytes, at: 16)
        FrameBytes.store(FrameBytes.checksum(bytes[0..<24], []), into: &bytes, at: 24)
        try FileSystem.writeAtomically(path, bytes, via: temporary, mode: 0o600, chunk: 4096)
    }

    /// The frames after `position` (every frame of this epoch when `position` is of an earlier
    /// one, none when of a later one), in order.
    func frames(after position: RedoPosition?) -> [Frame] {
        var offset = RedoLog.headerSize
        var sequence = 1
        if let position, position.epoch == epoch {
            offset = position.end
            sequence = position.sequence + 1
        } else if let position, position.epoch > epoch {
            return []
        }
        var frames: [Frame] = []
        while let frame = frame(at: offset, sequence: sequence) {
            frames.append(frame)
            offset = frame.end
            sequence += 1
        }
        return frames
    }

    /// The frame at `offset`, when it is the whole frame `sequence` of this epoch.
    private func frame(at offset: Int, sequence: Int) -> Frame? {
        guard offset >= RedoLog.headerSize, offset + RedoLog.frameHeaderSize <= RedoLog.size else { return nil }
        var header = [UInt8](repeating: 0, count: RedoLog.frameHeaderSize)
        guard FrameBytes.readFully(fd, &header, at: offset),
            let encoding = Encoding.allCases.first(where: { header[0..<4].elementsEqual($0.frameMagic) })
        else { return nil }
        let length = Int(FrameBytes.load32(header, at: 4))
        guard FrameBytes.load(header, at: 8) == UInt64(sequence), FrameBytes.load(header, at: 16) == epoch,
            length > 0, offset + RedoLog.frameHeaderSize + length <= RedoLog.size
        else { return nil }
        var payload = [UInt8](repeating: 0, count: length)
        guard FrameBytes.readFully(fd, &payload, at: offset + RedoLog.frameHeaderSize),
            FrameBytes.checksum(header[0..<24], payload) == FrameBytes.load(header, at: 24)
        else { return nil }
        return Frame(
            sequence: sequence, end: offset + RedoLog.frameHeaderSize + length, payload: payload, encoding: encoding)
    }

    /// Whether a frame of `length` payload bytes fits after `position`.
    func hasRoom(for length: Int, after position: RedoPosition) -> Bool {
        position.epoch == epoch && position.end + RedoLog.frameHeaderSize + length <= RedoLog.size
    }

    /// Writes `payload` as the frame after `position` (which must be this log's last frame) and
    /// flushes it; once this returns, the change is durable. Returns the position after it.
    func append(_ payload: [UInt8], after position: RedoPosition) throws(StoreError) -> RedoPosition {
        try append(payload, as: frameEncoding, after: position)
    }

    /// As `append(_:after:)`, the frame marked as `encoding` (a test writes an earlier frame).
    func append(_ payload: [UInt8], as encoding: Encoding, after position: RedoPosition) throws(StoreError)
        -> RedoPosition
    {
        guard hasRoom(for: payload.count, after: position) else {
            throw .invalidContent(file: path, location: "(writing)", reason: "no room for a change of this size")
        }
        var frame = [UInt8](repeating: 0, count: RedoLog.frameHeaderSize)
        frame.replaceSubrange(0..<4, with: encoding.frameMagic)
        FrameBytes.store32(UInt32(payload.count), into: &frame, at: 4)
        FrameBytes.store(UInt64(position.sequence + 1), into: &frame, at: 8)
        FrameBytes.store(epoch, into: &frame, at: 16)
        FrameBytes.store(FrameBytes.checksum(frame[0..<24], payload), into: &frame, at: 24)
        frame += payload
        try FrameBytes.writeFully(fd, frame, at: position.end, path: path)
        // After a failed flush the frame may or may not reach the disk: the caller drops the log.
        let started = MonotonicClock.nanoseconds
        guard fdatasync(fd) == 0 else { throw .io(operation: "sync", path: path, errno: errno) }
        RedoLog.frameFlushWait.add(MonotonicClock.nanoseconds &- started, ordering: .relaxed)
        flushes.add(1, ordering: .relaxed)
        return RedoPosition(epoch: epoch, sequence: position.sequence + 1, end: position.end + frame.count)
    }

    /// Flushes the log once more, best effort: every frame was flushed as it was written, so
    /// nothing depends on this one. A session calls it after a flush of the whole file system
    /// (the checkpoint), whose next flush is the slow one, so that its next answer does not pay it.
    func flushAgain() {
        if fdatasync(fd) == 0 { flushes.add(1, ordering: .relaxed) }
    }
}
