import ShadeCore

/// Where an export's bytes go, a piece at a time (a file being written, standard output).
public typealias InterchangeSink = ([UInt8]) throws -> Void

/// An export written a piece at a time, in memory bounded by a batch of tasks, not the planner
/// (SPEC §17): `begin` with the repeating tasks, `write` the tasks a batch at a time (a week, in
/// week order), `finish` with the keyed records. Each piece handed to the sink ends at a record's
/// end, and the bytes are those of the whole bundle written at once (`InterchangeFormat.write`,
/// which is this writer fed one batch).
///
/// Every format writes its tasks in timeline order (by day, slot, time, id): each batch is put in
/// that order, and a batch must hold no task that comes before one of the batch before it.
public final class InterchangeWriter {
    public let format: InterchangeFormat
    private var writer: any FormatWriter
    private let sink: InterchangeSink
    /// The timeline position of the last task written.
    private var last: (day: Int, slot: Int, time: Int, id: Int)?
    private var begun = false

    /// A writer of `format` handing its bytes to `sink`.
    public init(_ format: InterchangeFormat, context: InterchangeContext, sink: @escaping InterchangeSink) {
        self.format = format
        self.sink = sink
        switch format {
        case .json: writer = PlannerDocumentWriter()
        case .csv: writer = CSVFormat.Writer()
        case .todotxt: writer = TodoTxtFormat.Writer()
        case .taskwarrior: writer = TaskwarriorFormat.Writer(context: context)
        case .ics: writer = ICalendarFormat.Writer(context: context)
        }
    }

    /// Whether `begin` needs the occurrences of `series` the export holds: Taskwarrior writes each
    /// series it has a recurrence for with its occurrences, iCalendar the days a series no longer
    /// shows that no occurrence of the export stands for (the others need none).
    public func needsOccurrences(of series: [RepeatSeries]) -> Bool {
        switch format {
        case .taskwarrior: series.contains { TaskwarriorFormat.recur($0.rule) != nil }
        case .ics: series.contains { !$0.exceptions.isEmpty }
        default: false
        }
    }

    /// Starts the file with the repeating tasks; `occurrences`: the export's tasks that are
    /// occurrences of a series, in the planner's order, when `needsOccurrences` (else none).
    public func begin(series: [RepeatSeries], occurrences: [PlannerTask] = []) throws {
        begun = true
        try hand(try writer.begin(series: series, occurrences: occurrences))
    }

    /// Writes a batch of tasks; none may come before a task of an earlier batch in timeline order.
    public func write(_ tasks: [PlannerTask]) throws {
        if !begun { try begin(series: []) }
        let sorted = PlannerTask.sortedInTimelineOrder(tasks)
        guard let first = sorted.first, let end = sorted.last else { return }
        if let last, first.timelineKey < last {
            throw ImportError("the task “\(first.title)” (\(first.uid)) came after a task it comes before")
        }
        last = end.timelineKey
        try hand(try writer.write(sorted))
    }

    /// Ends the file with the keyed records; returns what the format could not hold, one
    /// sentence each.
    public func finish(records: [AnyKeyedRecord]) throws -> [String] {
        if !begun { try begin(series: []) }
        let end = try writer.finish(records: records)
        try hand(end.bytes)
        return end.notes
    }

    private func hand(_ bytes: [UInt8]) throws {
        if !bytes.isEmpty { try sink(bytes) }
    }
}
