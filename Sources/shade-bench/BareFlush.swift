import ShadePlatform
import ShadeStore

/// One bare `fdatasync` of a 4 KB file, timed alone: what one flush costs on this disk, for the
/// REPL's writes to be compared with. Two kinds, as the store writes files two ways.
///
/// What one flush costs depends on how long the bench left the disk alone before it. Measured
/// here (a new 4 KB file, 300 flushes each): back to back, p50 0.29 ms; after a 1 ms sleep, 0.40;
/// after 3 ms, 0.58–0.68; after 10, 20, 50 or 300 ms, 0.73–0.89 — about the same whether the 3 or
/// 10 ms are slept or spent busy on the CPU. A person's pause before a line is far longer than 10 ms,
/// so the report also shows, for information, a REPL write and bare flushes each timed after the
/// same `sleep` (the bar is judged against the flushes timed back to back).
enum BareFlush {
    /// The sleep before each of those writes and flushes: past the point (about 10 ms here) after
    /// which a longer one makes a flush no slower.
    static let sleep = 0.020

    /// Sleeps for `sleep` (a person's pause before the next line).
    static func rest() {
        var left = timespec(tv_sec: Int(sleep), tv_nsec: Int((sleep - Double(Int(sleep))) * 1e9))
        var request = left
        while nanosleep(&request, &left) != 0, errno == EINTR { request = left }
    }

    /// Leaves `directory`'s file system with nothing waiting to be written, and its first flush
    /// after that (the slow one on this disk) made, untimed: so that the flushes timed next pay
    /// for themselves alone.
    static func settle(directory: String) throws {
        try FileSystem.syncFileSystem(of: directory)
        _ = try newFile(in: directory)
    }

    enum Kind: Hashable, CaseIterable {
        /// A new file made, written and flushed (what an atomic save does to each file it writes).
        case newFile
        /// A file of 4 KB written over in place and flushed (what the redo log does to a frame).
        case inPlace

        /// Its name in the report's ratios (and in the child's output).
        var name: String { self == .newFile ? "a new file" : "in place" }

        /// The file it flushes, as the report's table names it.
        var file: String { self == .newFile ? "a new 4 KB file" : "a 4 KB file written in place" }
    }

    /// Seconds for one `fdatasync` of a new 4 KB file in `directory` (written first, untimed,
    /// removed after).
    static func newFile(in directory: String) throws -> Double {
        let path = directory + "/fdatasync-probe"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw BenchError.failed("cannot make \(path)") }
        defer {
            close(fd)
            unlink(path)
        }
        guard BareFlush.block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == BareFlush.block.count
        else { throw BenchError.failed("cannot write \(path)") }
        return try timed(path) { fdatasync(fd) }
    }

    /// A 4 KB file made once and flushed whole, to be written over in place.
    final class InPlaceFile {
        let path: String
        private let fd: Int32

        init(in directory: String) throws {
            path = directory + "/fdatasync-in-place"
            fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
            guard fd >= 0,
                BareFlush.block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == BareFlush.block.count,
                fsync(fd) == 0
            else { throw BenchError.failed("cannot make \(path)") }
        }

        deinit {
            close(fd)
            unlink(path)
        }

        /// Seconds for one `fdatasync` once the file's 4 KB are written over (untimed).
        func flush() throws -> Double {
            guard BareFlush.block.withUnsafeBytes({ pwrite(fd, $0.baseAddress, $0.count, 0) }) == BareFlush.block.count
            else { throw BenchError.failed("cannot write \(path)") }
            return try BareFlush.timed(path) { fdatasync(fd) }
        }
    }

    private static let block = [UInt8](repeating: 0x2A, count: 4096)

    private static func timed(_ path: String, _ flush: () -> Int32) throws -> Double {
        let start = MonotonicClock.seconds
        guard flush() == 0 else { throw BenchError.failed("cannot flush \(path)") }
        return MonotonicClock.seconds - start
    }
}
