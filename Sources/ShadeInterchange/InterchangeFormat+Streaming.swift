import ShadeCore
import ShadePlatform

/// Reading csv, todo.txt and Taskwarrior's JSON a record at a time, in bounded memory (SPEC §17):
/// a chunk of the file and one record are held, never the whole of either. The whole-file `read`
/// is this with every record kept.
extension InterchangeFormat {
    /// Whether the format is read a record at a time (csv, todotxt, taskwarrior).
    public var isStreamed: Bool {
        switch self {
        case .csv, .todotxt, .taskwarrior: true
        case .json, .ics: false
        }
    }

    /// Reads `source` record by record, calling `body` for each in file order, holding at most a
    /// chunk (1 MiB) of the file and one record at a time; every task and series is checked as
    /// the whole-file reader checks it before `body` sees it (linking a series to its
    /// occurrences, `PlannerBundle.linkOccurrences`, is left to the caller). Throws an
    /// `ImportError` for a file or record that is bad — what is wrong, and its line (and column
    /// where the format has one), as the whole-file reader says it; errors come in file order —
    /// or for a format that is not streamed (`isStreamed`), and rethrows `body`'s errors.
    public func stream(
        from source: ImportSource, context: InterchangeContext, _ body: (StreamedRecord) throws -> Void
    ) throws -> StreamedImportSummary {
        try stream(from: source, context: context, chunkSize: ImportChunks.defaultSize, checksSeries: true, body)
    }

    /// `stream(from:context:_:)` with the chunk size given (tests make it small) and, unless
    /// `checksSeries`, a Taskwarrior series' dates left for `ImportValidation.checkDates`.
    func stream(
        from source: ImportSource, context: InterchangeContext, chunkSize: Int, checksSeries: Bool,
        _ body: (StreamedRecord) throws -> Void
    ) throws -> StreamedImportSummary {
        guard isStreamed else { throw ImportError("a \(rawValue) file is not read a record at a time") }
        let chunks = try ImportChunks(source, chunkSize: chunkSize)
        func text(_ record: TextRecord.Either, line: Int) throws {
            switch record {
            case .task(let task): try body(.task(task, line: line, parent: nil))
            case .series(let series): try body(.series(series, line: line))
            case .inbox(let task): try body(.inbox(task, line: line))
            }
        }
        switch self {
        case .csv: return try CSVFormat.stream(chunks, context: context, text)
        case .todotxt: return try TodoTxtFormat.stream(chunks, context: context, text)
        default: return try TaskwarriorFormat.stream(chunks, context: context, checksSeries: checksSeries, body)
        }
    }

    /// The whole file as a bundle, through `stream`: the first line that is not UTF-8 is named
    /// before any record, as it always was.
    func readStreamed(_ bytes: [UInt8], context: InterchangeContext) throws(ImportError) -> PlannerBundle {
        _ = try InterchangeText.decode(bytes)
        var tasks: [(task: PlannerTask, parent: String?)] = []
        var records: [AnyKeyedRecord] = []
        let summary: StreamedImportSummary
        do {
            summary = try stream(
                from: .bytes(bytes), context: context, chunkSize: ImportChunks.defaultSize, checksSeries: false
            ) { record in
                switch record {
                case .task(let task, _, let parent): tasks.append((task, parent))
                case .series(let series, _): records.append(AnyKeyedRecord(series))
                case .inbox(let task, _): records.append(AnyKeyedRecord(task))
                }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError("\(error)")
        }
        return PlannerBundle(
            tasks: tasks.compactMap { summary.resolve($0.task, parent: $0.parent) }, records: records,
            taskFields: summary.taskFields, notes: summary.notes)
    }

    /// The first bytes of a source (up to 4 KiB), for `guess(fileName:bytes:)`: of a file (opened
    /// following links), of bytes in memory, or the bytes a `.prefixed` source was given. A
    /// descriptor alone cannot be looked into without taking its bytes: read its head, guess, and
    /// stream `.prefixed(head, descriptor)`.
    public static func head(of source: ImportSource) throws -> [UInt8] {
        let size = 4096
        switch source {
        case .bytes(let bytes): return Array(bytes.prefix(size))
        case .prefixed(let bytes, _): return Array(bytes.prefix(size))
        case .descriptor:
            throw ImportError("the head of a descriptor is read by the caller (then stream .prefixed)")
        case .file(let path):
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw ImportError("\(path) cannot be opened: \(String(cString: strerror(errno)))") }
            defer { close(fd) }
            var head = [UInt8](repeating: 0, count: size)
            var count = 0
            while count < size {
                let got = head.withUnsafeMutableBytes {
                    Glibc.read(fd, $0.baseAddress.map { $0 + count }, size - count)
                }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw ImportError("\(path) cannot be read: \(String(cString: strerror(errno)))")
                }
                if got == 0 { break }
                count += got
            }
            return Array(head.prefix(count))
        }
    }
}
