import ShadeCore
import ShadeJSON
import ShadePlatform

/// The tasks of a large import set aside by week until their week's turn: the file is read once,
/// in its order, and merged week by week, holding one week at a time. The buckets share one
/// spill file in the store's staging folder (written under the store's lock, removed when the
/// import ends; a crash leaves it to the next writer's clean-up), each week's entries in pieces
/// whose places are kept, a task with its line in the file (`TaskSpillCodec`).
public final class TaskBuckets {
    private let path: String
    /// The spill file, open for appending once the first buffer is written out.
    private var fd: Int32 = -1
    private var size = 0
    /// Text waiting to be written out for each week, once `bufferLimit` bytes wait.
    private var pending: [ISOWeek: [UInt8]] = [:]
    private var pendingBytes = 0
    /// Where each week's text lies in the spill file.
    private var written: [ISOWeek: [(offset: Int, count: Int)]] = [:]
    private let bufferLimit: Int

    /// One task as set aside: where it stands in the file, and its line.
    public struct Entry: Sendable {
        public let sequence: Int
        public let line: Int
        public let task: PlannerTask
    }

    public init(store: Store, bufferLimit: Int = 8 << 20) {
        path = "\(store.paths.staging)/\(getpid())-buckets.tmp"
        self.bufferLimit = bufferLimit
    }

    deinit { removeAll() }

    /// The weeks set aside, in order.
    public var weeks: [ISOWeek] { Set(written.keys).union(pending.keys).sorted() }

    /// Sets a task aside in its week's bucket.
    public func append(_ task: PlannerTask, sequence: Int, line: Int) throws(StoreError) {
        let before = pending[task.week]?.count ?? 0
        TaskSpillCodec.append(task, sequence: sequence, line: line, to: &pending[task.week, default: []])
        pendingBytes += (pending[task.week]?.count ?? 0) - before
        if pendingBytes >= bufferLimit { try flush() }
    }

    /// Takes a week's tasks out of its bucket, in the order they were set aside.
    public func take(_ week: ISOWeek) throws(StoreError) -> [Entry] {
        var bytes: [UInt8] = []
        for piece in written.removeValue(forKey: week) ?? [] {
            var chunk = [UInt8](repeating: 0, count: piece.count)
            var filled = 0
            while filled < piece.count {
                let count = chunk.withUnsafeMutableBytes {
                    pread(fd, $0.baseAddress.map { $0 + filled }, piece.count - filled, off_t(piece.offset + filled))
                }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw .io(operation: "read", path: path, errno: count == 0 ? EIO : errno) }
                filled += count
            }
            bytes += chunk
        }
        bytes += pending.removeValue(forKey: week) ?? []
        return try TaskSpillCodec.entries(bytes, file: path)
    }

    /// Removes every bucket.
    public func removeAll() {
        if fd >= 0 {
            close(fd)
            try? FileSystem.remove(path)
        }
        fd = -1
        written = [:]
        pending = [:]
        pendingBytes = 0
    }

    /// Writes the waiting text out, a week after another, to the end of the spill file.
    private func flush() throws(StoreError) {
        if fd < 0 {
            try FileSystem.makeDirectories(FileSystem.parentDirectory(of: path))
            fd = LinkFreePath.open(path, O_RDWR | O_CREAT | O_TRUNC, mode: 0o600)
            guard fd >= 0 else { throw FileSystem.refusal(of: path, operation: "create", errno: errno) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(pendingBytes)
        for (week, bytes) in pending {
            written[week, default: []].append((size + out.count, bytes.count))
            out += bytes
        }
        // pwrite at the known end: what is read back is what this import wrote.
        var done = 0
        while done < out.count {
            let count = out.withUnsafeBytes {
                pwrite(fd, $0.baseAddress.map { $0 + done }, out.count - done, off_t(size + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .io(operation: "write", path: path, errno: errno) }
            done += count
        }
        size += out.count
        pending = [:]
        pendingBytes = 0
    }
}
