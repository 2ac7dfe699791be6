import ShadeCore
import ShadePlatform

/// Where an imported file's bytes come from.
public enum ImportSource: Sendable {
    /// Bytes read already (a file's head, for telling its format), then the rest of an open file.
    case prefixed([UInt8], Int32)
    /// In memory.
    case bytes([UInt8])
}

/// One record of a file, in the file's order.
public enum StreamedRecord: Sendable {
    /// A task, with the line its record starts on (0 when unknown) and, for a Taskwarrior child of
    /// a recurring parent not resolved yet, that parent's uuid.
    case task(PlannerTask, line: Int, parent: String?)
    /// A repeat series.
    case series(RepeatSeries, line: Int)
}

/// What is known once the whole file is read.
public struct StreamedImportSummary: Sendable {
    /// The task fields the format holds.
    public var taskFields: Set<PlannerTask.Field>
    /// The reader's notes.
    public var notes: [String]

    /// A task as it is to be imported once every record is read (a child resolved against its
    /// parent; nil for one dropped). The records given here are resolved already.
    public func resolve(_ task: PlannerTask, parent: String?) -> PlannerTask? { task }
}

extension InterchangeFormat {
    /// Whether an import of the format is merged a record at a time, a week at a time (csv,
    /// todo.txt, Taskwarrior: formats of tasks, not of a whole planner).
    public var isStreamed: Bool { self == .csv || self == .todotxt || self == .taskwarrior }

    /// The records of `source`, in the file's order (series first), handed to `body` one at a
    /// time, and what is known at the end. The file is read and checked whole first, as `read`
    /// does (a bad record fails before `body` sees any); the records are then handed out one by
    /// one, so that the merge that takes them holds a week at a time.
    public func stream(
        from source: ImportSource, context: InterchangeContext, _ body: (StreamedRecord) throws -> Void
    ) throws -> StreamedImportSummary {
        var bundle = try read(try Self.bytes(of: source), context: context)
        for record in bundle.records {
            if let series = record.base as? RepeatSeries { try body(.series(series, line: 0)) }
        }
        let tasks = bundle.tasks
        bundle.tasks = []
        for task in tasks { try body(.task(task, line: 0, parent: nil)) }
        return StreamedImportSummary(taskFields: bundle.taskFields, notes: bundle.notes)
    }

    /// Every byte of a source, up to `ImportLimits.maximumFileSize`.
    static func bytes(of source: ImportSource) throws(ImportError) -> [UInt8] {
        switch source {
        case .bytes(let bytes): return bytes
        case .prefixed(let head, let fd):
            var bytes = head
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ImportError("the file could not be read (\(String(cString: strerror(errno))))")
                }
                if count == 0 { return bytes }
                try ImportLimits.checkSize(bytes.count + count)
                bytes += chunk[0..<count]
            }
        }
    }
}
