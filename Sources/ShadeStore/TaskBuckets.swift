import ShadeCore
import ShadeJSON
import ShadePlatform

/// The tasks of a large import set aside by week until their week's turn: the file is read once,
/// in its order, and merged week by week, holding one week at a time. Each week's bucket is a
/// file of the store's staging folder (written under the store's lock, removed when the import
/// ends; a crash leaves it to the next writer's clean-up), one task a line, as the change log
/// writes one, with the line of the file it came from.
public final class TaskBuckets {
    private let directory: String
    private let prefix: String
    /// Text waiting to be appended to each week's bucket, written out once it holds `bufferLimit` bytes.
    private var pending: [ISOWeek: [UInt8]] = [:]
    private var pendingBytes = 0
    private var written: Set<ISOWeek> = []
    private let bufferLimit: Int

    /// One task as set aside: where it stands in the file, its line, and (for a Taskwarrior
    /// child of a recurring parent) that parent's uuid.
    public struct Entry: Sendable {
        public let sequence: Int
        public let line: Int
        public let parent: String?
        public let task: PlannerTask
    }

    public init(store: Store, bufferLimit: Int = 8 << 20) {
        directory = store.paths.staging
        prefix = "\(getpid())-bucket-"
        self.bufferLimit = bufferLimit
    }

    deinit { removeAll() }

    /// The weeks set aside, in order.
    public var weeks: [ISOWeek] { written.union(pending.keys).sorted() }

    /// Sets a task aside in its week's bucket.
    public func append(_ task: PlannerTask, sequence: Int, line: Int, parent: String?) throws(StoreError) {
        var placed = task
        placed.id = sequence + 1
        var object = JSONObject()
        object.appendUnique("l", .int(Int64(line)))
        object.appendUnique("t", TaskRecord.encode(placed, .placed))
        if let parent { object.appendUnique("p", .string(parent)) }
        var bytes = try StoreText.bytes(.object(object), layout: .compact, file: directory)
        bytes.append(UInt8(ascii: "\n"))
        pending[task.week, default: []] += bytes
        pendingBytes += bytes.count
        if pendingBytes >= bufferLimit { try flush() }
    }

    /// Takes a week's tasks out of its bucket, in the order they were set aside.
    public func take(_ week: ISOWeek) throws(StoreError) -> [Entry] {
        var bytes: [UInt8] = []
        let path = file(of: week)
        if written.contains(week) {
            bytes = try FileSystem.read(path, limit: Int.max) ?? []
            try FileSystem.remove(path)
            written.remove(week)
        }
        bytes += pending.removeValue(forKey: week) ?? []
        var entries: [Entry] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            entries.append(try entry(Array(bytes[start..<index]), file: path))
            start = index + 1
        }
        return entries
    }

    /// Removes every bucket.
    public func removeAll() {
        for week in written { try? FileSystem.remove(file(of: week)) }
        written = []
        pending = [:]
        pendingBytes = 0
    }

    private func entry(_ line: [UInt8], file: String) throws(StoreError) -> Entry {
        let document: JSONDocument
        do throws(JSONError) { document = try JSONDocument(parsing: line) } catch {
            throw .unreadable(file: file, error: error)
        }
        let reader = try FieldReader(document.value, file: file, location: "")
        var task = try TaskRecord.decode(
            try reader.value("t"), file: file, location: "t", shape: .placed, date: nil, slot: nil)
        let sequence = task.id - 1
        task.id = 0
        return Entry(
            sequence: sequence, line: Int(try reader.int("l", in: 0...Int64(Int32.max))),
            parent: try reader.optionalString("p"), task: task)
    }

    private func flush() throws(StoreError) {
        try FileSystem.makeDirectories(directory)
        for (week, bytes) in pending {
            let path = file(of: week)
            let fd = LinkFreePath.open(path, O_WRONLY | O_CREAT | O_APPEND, mode: 0o600)
            guard fd >= 0 else { throw FileSystem.refusal(of: path, operation: "create", errno: errno) }
            written.insert(week)
            do throws(StoreError) { try FileSystem.writeAll(fd, bytes, path: path) } catch {
                close(fd)
                throw error
            }
            // A bucket is read back by this import: a write the close says was lost is an error.
            guard close(fd) == 0 else { throw .io(operation: "close", path: path, errno: errno) }
        }
        pending = [:]
        pendingBytes = 0
    }

    private func file(of week: ISOWeek) -> String { "\(directory)/\(prefix)\(week).tmp" }
}
