import Glibc

/// Output on its way to standard output, set down in a temporary file while the store is read
/// and printed once the store is let go of (`export`): a reader at the other end of a pipe
/// (`less`) may take its time without holding up every change to the planner (a change waits
/// for a read at most 30 seconds). The file has no name (removed as soon as it is made), so
/// nothing is left of it, whatever ends the process; it holds the output, never the planner.
public final class OutputSpool {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var size = 0
    /// Where a piece of at least `chunk` bytes ends since the one before: printed pieces end
    /// at a record's end, as the export's own did.
    private var ends: [Int] = []
    private static let chunk = 1 << 16

    /// Makes the file in `TMPDIR` (else `/tmp`).
    public init(environment: [String: String]) throws(HostError) {
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/shade-export-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard made >= 0 else {
            throw .notWritten("could not make a temporary file in \(folder): \(String(cString: strerror(errno)))")
        }
        fd = made
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        unlink(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    deinit { close(fd) }

    /// Sets down the next piece of the export.
    public func append(_ piece: [UInt8]) throws(HostError) {
        buffer += piece
        size += piece.count
        if size - (ends.last ?? 0) >= Self.chunk { ends.append(size) }
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Hands back the export in pieces of whole records (about `chunk` bytes each), in order.
    public func replay(_ body: ([UInt8]) -> Void) throws(HostError) {
        try flush()
        var start = 0
        for end in ends + (ends.last == size ? [] : [size]) where end > start {
            var piece = [UInt8](repeating: 0, count: end - start)
            var filled = 0
            while filled < piece.count {
                let count = piece.withUnsafeMutableBytes {
                    pread(fd, $0.baseAddress.map { $0 + filled }, $0.count - filled, off_t(start + filled))
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    throw .notWritten(
                        "could not read back the output: \(String(cString: strerror(count == 0 ? EIO : errno)))")
                }
                filled += count
            }
            body(piece)
            start = end
        }
    }

    private func flush() throws(HostError) {
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + done }, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw .notWritten("could not set the output down: \(String(cString: strerror(errno)))")
            }
            done += count
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
