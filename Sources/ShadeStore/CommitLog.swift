import ShadePlatform

/// `journal/commit.log`: the commit records of recent changes, each one frame written over a file
/// made in advance, so that a change's commit point is a single `fdatasync` of data whose blocks
/// are there already: no file made, renamed or flushed in a folder. (On the bench's dense week,
/// a record of about 92 KB, the commit took 0.77–0.84 ms against 1.3 ms for a record file made,
/// flushed, renamed and its folder flushed; `strace -T`.)
///
/// The file is made with zeros written and flushed (as the REPL's `RedoLog` is), and grown the
/// same way before a frame goes where there was no file. Its header names an epoch and, written
/// without a flush once each change's files are in place, how far the frames are done. Each frame
/// carries the epoch, a sequence number (1, 2, … within the epoch), the boot it was written in,
/// the time it was written (the file system's coarse clock, as a record file's modification time
/// is), the record (`AtomicCommit.recordBytes`) and a checksum of all of it: XXH64 of the record
/// seeded with the FNV-1a of the fixed part (magic `SCF2`; a frame of magic `SCF1`, which shades
/// before it wrote, is checked by the FNV-1a of all of it, as they wrote it). Reading stops at the
/// first frame that is not the next one whole, so a frame whose flush did not finish (a change
/// never reported done) is never read; one whose write or flush failed is written over with zeros
/// (`forget`), and the next frame goes in its place.
///
/// What `CommitJournal` says of a record holds of a frame: after a process crash a frame past the
/// done mark is replayed; after a restart (another boot) every frame is, and the store is flushed.
/// A checkpoint flushes the store's file system and starts the log again at the next epoch (the
/// new header flushed, so that no frame of the old one is ever read again).
final class CommitLog {
    let path: String
    /// The epoch the header names.
    let epoch: UInt64
    private let fd: Int32
    /// The file's size: frames go up to it.
    private(set) var size: Int

    /// The size a log is made at: room for a few dozen changes to a week of a few tasks, and small
    /// enough for a store on a nearly full disk to be copied whole.
    static let initialSize = 64 << 10
    /// The most a log grows to (doubling, each time zeros written and flushed before a frame goes
    /// there): room for a checkpoint's worth of changes to a dense week (a record of the bench's
    /// 140-task week is about 92 KB).
    static let largestSize = 4 << 20
    /// The header's size; the first frame starts after it.
    static let headerSize = 4096
    /// A frame's fixed part: magic, payload length, sequence, epoch, written time, boot, checksum.
    static let frameHeaderSize = 80
    /// The most a frame can carry: a larger record is a file of its own (`CommitJournal`).
    static let largestPayload = largestSize - headerSize - frameHeaderSize
    private static let magic = Array("SHADECOMMITLOG1\n".utf8)
    /// The magic of the frames this writes, and of those shades before it wrote (`checksum(_:_:)`).
    private static let frameMagic = Array("SCF2".utf8)
    private static let olderFrameMagic = Array("SCF1".utf8)
    private static let bootSize = 40

    /// Where the frames are done through: the last frame whose files are in place, and where the
    /// next frame starts.
    struct Mark: Equatable {
        let sequence: Int
        let end: Int

        static let start = Mark(sequence: 0, end: CommitLog.headerSize)
    }

    /// One change's record, as the log holds it.
    struct Frame {
        let sequence: Int
        let boot: String
        /// When it was written, in nanoseconds since 1970 (the file system's clock).
        let written: Int64
        let payload: [UInt8]
        /// The mark once this frame is done.
        let mark: Mark
    }

    /// Opens the log at `path`; nil when there is none. A file that is not a whole commit log
    /// (the wrong size, a damaged header) stops the store: it may hold changes not yet in their
    /// files, and only a person can say it holds none.
    ///
    /// Opened only for reading unless `writable` (a descriptor written through is one whose close
    /// can report a lost write).
    static func open(_ path: String, writable: Bool = false) throws(StoreError) -> CommitLog? {
        guard let (fd, size) = try FrameBytes.openLog(path, writable ? O_RDWR : O_RDONLY) else { return nil }
        var header = [UInt8](repeating: 0, count: 32)
        // An epoch no log reaches (a header made by hand) is refused rather than counted past.
        guard size >= initialSize, size <= largestSize, FrameBytes.readFully(fd, &header, at: 0),
            header[0..<16].elementsEqual(magic),
            FrameBytes.checksum(header[0..<24], []) == FrameBytes.load(header, at: 24),
            FrameBytes.load(header, at: 16) < UInt64(Int32.max)
        else {
            close(fd)
            throw .invalidContent(
                file: path, location: "header",
                reason: "not a whole commit log of this shade (it may hold changes not yet in their files: "
                    + "move it aside by hand to open the store without them)")
        }
        return CommitLog(path: path, epoch: FrameBytes.load(header, at: 16), fd: fd, size: size)
    }

    private init(path: String, epoch: UInt64, fd: Int32, size: Int) {
        self.path = path
        self.epoch = epoch
        self.fd = fd
        self.size = size
    }

    deinit { close(fd) }

    /// Makes a new, empty log of epoch 1 at `path` in one atomic step: written in full (zeros, a
    /// page at a time, as `RedoLog.create` explains) to `temporary`, flushed, renamed over `path`,
    /// its folder flushed.
    static func create(at path: String, via temporary: String) throws(StoreError) {
        var bytes = [UInt8](repeating: 0, count: initialSize)
        writeHeader(epoch: 1, into: &bytes)
        try FileSystem.writeAtomically(path, bytes, via: temporary, mode: 0o600, chunk: 4096)
    }

    private static func writeHeader(epoch: UInt64, into bytes: inout [UInt8]) {
        bytes.replaceSubrange(0..<16, with: magic)
        FrameBytes.store(epoch, into: &bytes, at: 16)
        FrameBytes.store(FrameBytes.checksum(bytes[0..<24], []), into: &bytes, at: 24)
        // No frame done yet: a done mark of zeros does not check, and reads as the start.
        for index in 32..<56 { bytes[index] = 0 }
    }

    /// How far the frames are done, as the header says; the start when the mark does not check (a
    /// torn or missing mark replays frames again, which writes the same files again).
    var done: Mark {
        var bytes = [UInt8](repeating: 0, count: 24)
        guard FrameBytes.readFully(fd, &bytes, at: 32) else { return .start }
        let sequence = FrameBytes.load(bytes, at: 0)
        let end = FrameBytes.load(bytes, at: 8)
        guard sequence > 0, sequence < UInt64(size), end >= UInt64(Self.headerSize), end <= UInt64(size),
            FrameBytes.load(bytes, at: 16) == doneCheck(bytes[0..<16])
        else { return .start }
        return Mark(sequence: Int(sequence), end: Int(end))
    }

    private func doneCheck(_ mark: ArraySlice<UInt8>) -> UInt64 {
        var epochBytes = [UInt8](repeating: 0, count: 8)
        FrameBytes.store(epoch, into: &epochBytes, at: 0)
        return FrameBytes.checksum(mark, epochBytes)
    }

    /// Notes that every frame through `mark` has its files in place: written without a flush (a
    /// mark lost in a power loss is of another boot, whose frames are all replayed anyway). Best
    /// effort: a mark not written replays those frames, which writes the same files again.
    func markDone(_ mark: Mark) {
        var bytes = [UInt8](repeating: 0, count: 24)
        FrameBytes.store(UInt64(mark.sequence), into: &bytes, at: 0)
        FrameBytes.store(UInt64(mark.end), into: &bytes, at: 8)
        FrameBytes.store(doneCheck(bytes[0..<16]), into: &bytes, at: 16)
        try? FrameBytes.writeFully(fd, bytes, at: 32, path: path)
    }

    /// The whole frames after `mark`, in order.
    func frames(after mark: Mark) -> [Frame] {
        var frames: [Frame] = []
        var mark = mark
        while let frame = frame(after: mark) {
            frames.append(frame)
            mark = frame.mark
        }
        return frames
    }

    /// The boot the log's first frame was written in; nil when it has none (its header alone is
    /// read: a frame of this boot past the done mark is found by `frames(after:)`).
    var firstBoot: String? {
        frameHeader(at: Self.headerSize, sequence: 1).map(\.boot)
    }

    /// Whether the log holds a frame of its epoch (done or not).
    var hasFrames: Bool { done.sequence > 0 || firstBoot != nil }

    /// Whether a whole frame follows the done mark: a change whose files may not all be in place.
    var hasPendingFrame: Bool { frame(after: done) != nil }

    /// The frame after `mark`, when it is whole.
    func frame(after mark: Mark) -> Frame? {
        guard let header = frameHeader(at: mark.end, sequence: mark.sequence + 1) else { return nil }
        var payload = [UInt8](repeating: 0, count: header.length)
        let fixed = header.bytes[0..<72]
        guard FrameBytes.readFully(fd, &payload, at: mark.end + Self.frameHeaderSize),
            (header.older ? FrameBytes.checksum(fixed, payload) : Self.checksum(fixed, payload))
                == FrameBytes.load(header.bytes, at: 72)
        else { return nil }
        return Frame(
            sequence: mark.sequence + 1, boot: header.boot, written: header.written, payload: payload,
            mark: Mark(sequence: mark.sequence + 1, end: mark.end + Self.frameHeaderSize + header.length))
    }

    /// The fixed part of frame `sequence` of this epoch at `offset`, when it is one (its payload
    /// not read or checked).
    private func frameHeader(at offset: Int, sequence: Int) -> (
        bytes: [UInt8], length: Int, boot: String, written: Int64, older: Bool
    )? {
        guard offset >= Self.headerSize, offset + Self.frameHeaderSize <= size else { return nil }
        var bytes = [UInt8](repeating: 0, count: Self.frameHeaderSize)
        guard FrameBytes.readFully(fd, &bytes, at: offset) else { return nil }
        let older = bytes[0..<4].elementsEqual(Self.olderFrameMagic)
        guard older || bytes[0..<4].elementsEqual(Self.frameMagic) else { return nil }
        let length = Int(FrameBytes.load32(bytes, at: 4))
        guard FrameBytes.load(bytes, at: 8) == UInt64(sequence), FrameBytes.load(bytes, at: 16) == epoch,
            length > 0, offset + Self.frameHeaderSize + length <= size
        else { return nil }
        let bootBytes = bytes[32..<(32 + Self.bootSize)].prefix { $0 != 0 }
        return (
            bytes, length, String(decoding: bootBytes, as: UTF8.self),
            Int64(bitPattern: FrameBytes.load(bytes, at: 24)), older
        )
    }

    /// The checksum of a frame this writes: XXH64 of its record, seeded with the FNV-1a of its
    /// fixed part (`fixed`, the 72 bytes before the checksum), so that a torn fixed part or a torn
    /// record both fail it. FNV-1a takes a byte per multiply, each waiting for the one before: the
    /// whole frame checked by it cost 0.32M instructions of each change to the bench's dense week.
    static func checksum(_ fixed: ArraySlice<UInt8>, _ payload: [UInt8]) -> UInt64 {
        checksum(fixed, [payload[...]])
    }

    /// As `checksum(_:_:)`, of a record given in pieces.
    static func checksum(_ fixed: ArraySlice<UInt8>, _ pieces: [ArraySlice<UInt8>]) -> UInt64 {
        var stream = XXHash64.Stream(seed: FrameBytes.checksum(fixed, []))
        for piece in pieces { stream.add(piece) }
        return stream.value
    }

    /// Whether a frame of `length` payload bytes fits after `mark`.
    func hasRoom(for length: Int, after mark: Mark) -> Bool {
        length > 0 && mark.end + Self.frameHeaderSize + length <= size
    }

    /// Grows the log, when it may, so that a frame of `length` payload bytes fits after `mark`:
    /// doubled (or more) up to `largestSize`, the new part zeros written and flushed, so that a
    /// frame written there later is again one flush of data whose blocks are there. Returns
    /// whether the frame fits now. On a failure (a full disk) the file is cut back to its size
    /// and the error thrown: nothing was committed.
    func grow(toFit length: Int, after mark: Mark) throws(StoreError) -> Bool {
        let needed = mark.end + Self.frameHeaderSize + length
        guard length > 0, needed > size, needed <= Self.largestSize else { return hasRoom(for: length, after: mark) }
        var grown = size
        while grown < needed { grown *= 2 }
        grown = min(grown, Self.largestSize)
        do throws(StoreError) {
            let zeros = [UInt8](repeating: 0, count: 4096)
            var offset = size
            while offset < grown {
                try FrameBytes.writeFully(fd, Array(zeros[..<min(4096, grown - offset)]), at: offset, path: path)
                offset += 4096
            }
            guard fdatasync(fd) == 0 else { throw .io(operation: "sync", path: path, errno: errno) }
        } catch {
            _ = ftruncate(fd, off_t(size))
            throw error
        }
        size = grown
        return true
    }

    /// Writes `payload` as the frame after `mark` (the log's last whole frame) and flushes it: once
    /// this returns, the change is durable. Returns the mark once it is done.
    func append(_ payload: [UInt8], after mark: Mark, boot: String = CommitJournal.boot) throws(StoreError) -> Mark {
        try append([payload[...]], after: mark, boot: boot)
    }

    /// As `append(_:after:boot:)`, of a record given in pieces, one after another: each written
    /// where it goes in the frame, none copied.
    func append(_ pieces: [ArraySlice<UInt8>], after mark: Mark, boot: String = CommitJournal.boot)
        throws(StoreError) -> Mark
    {
        let length = pieces.reduce(0) { $0 + $1.count }
        guard hasRoom(for: length, after: mark) else {
            throw .invalidContent(file: path, location: "(writing)", reason: "no room for a change of this size")
        }
        var frame = [UInt8](repeating: 0, count: Self.frameHeaderSize)
        frame.replaceSubrange(0..<4, with: Self.frameMagic)
        FrameBytes.store32(UInt32(length), into: &frame, at: 4)
        FrameBytes.store(UInt64(mark.sequence + 1), into: &frame, at: 8)
        FrameBytes.store(epoch, into: &frame, at: 16)
        FrameBytes.store(UInt64(bitPattern: Self.fileSystemNow()), into: &frame, at: 24)
        frame.replaceSubrange(32..<(32 + min(Self.bootSize, boot.utf8.count)), with: boot.utf8.prefix(Self.bootSize))
        FrameBytes.store(Self.checksum(frame[0..<72], pieces), into: &frame, at: 72)
        do throws(StoreError) {
            // The record follows its fixed part, piece by piece, rather than copied after it.
            try FrameBytes.writeFully(fd, frame, at: mark.end, path: path)
            var offset = mark.end + frame.count
            for piece in pieces {
                try FrameBytes.writeFully(fd, piece, at: offset, path: path)
                offset += piece.count
            }
            // After a failed flush the frame may or may not reach the disk: never trusted, never
            // retried.
            guard fdatasync(fd) == 0 else { throw .io(operation: "sync", path: path, errno: errno) }
        } catch {
            forget(at: mark.end)
            throw error
        }
        return Mark(sequence: mark.sequence + 1, end: mark.end + frame.count + length)
    }

    /// Unmakes a frame whose write or flush failed (a change reported as failed): its fixed part
    /// written over with zeros and flushed, best effort, so that no reader finds it whole, and the
    /// next frame goes where it was (leaving no gap that would end the log before later frames).
    private func forget(at offset: Int) {
        try? FrameBytes.writeFully(fd, [UInt8](repeating: 0, count: Self.frameHeaderSize), at: offset, path: path)
        _ = fdatasync(fd)
    }

    /// Starts the log again at the next epoch, its header flushed: every frame before it is read no
    /// more. Only once the files of every frame are on disk (after a flush of the file system).
    /// Returns the log of the new epoch.
    func reset() throws(StoreError) -> CommitLog {
        var header = [UInt8](repeating: 0, count: 56)
        Self.writeHeader(epoch: epoch + 1, into: &header)
        try FrameBytes.writeFully(fd, header, at: 0, path: path)
        guard fdatasync(fd) == 0 else { throw .io(operation: "sync", path: path, errno: errno) }
        guard let log = try Self.open(path, writable: true) else {
            throw .io(operation: "open", path: path, errno: ENOENT)
        }
        return log
    }

    /// Now, by the clock the file system stamps files with (the coarse one): a file written after
    /// a frame has a modification time no earlier than the frame's.
    static func fileSystemNow() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
