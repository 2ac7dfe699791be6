import ShadeCore
import ShadeJSON
import ShadeStore

/// What a format needs besides the records: the clock (for what a file leaves out, like when a
/// task was made) and the slot boundaries (to file a time in its slot).
public struct InterchangeContext: Sendable {
    public let now: Moment
    public let schedule: SlotSchedule
    /// The day an iCalendar VTODO with no DTSTART or DUE is planned for (a phone's task with no
    /// date, through CalDAV); nil: such a VTODO is refused, as an imported file's is.
    public var undatedDay: CivilDate?

    public init(now: Moment, schedule: SlotSchedule, undatedDay: CivilDate? = nil) {
        self.now = now
        self.schedule = schedule
        self.undatedDay = undatedDay
    }
}

/// The five formats of `export` and `import` (SPEC §10).
public enum InterchangeFormat: String, CaseIterable, Sendable {
    case json, csv, ics, todotxt, taskwarrior

    /// The file name ending an exported file of the format takes.
    public var fileExtension: String {
        switch self {
        case .json, .taskwarrior: "json"
        case .csv: "csv"
        case .ics: "ics"
        case .todotxt: "txt"
        }
    }

    /// The format of a file to import, from its content, else from its name: an iCalendar
    /// `BEGIN:VCALENDAR`, shade's own JSON, what `task export` prints (a JSON array or one object
    /// a line, with uuids), a CSV header naming a title column, else todo.txt.
    public static func guess(fileName: String?, bytes: [UInt8]) -> InterchangeFormat {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if start.uppercased().hasPrefix("BEGIN:VCALENDAR") { return .ics }
        if start.hasPrefix("{") || start.hasPrefix("[") {
            if PlannerDocument.recognises(bytes) { return .json }
            if start.hasPrefix("[") || text.contains("\"uuid\"") { return .taskwarrior }
            return .json
        }
        let firstLine = start.prefix { $0 != "\n" && $0 != "\r" }.lowercased()
        let columns = firstLine.split(separator: ",").map { String($0).trimming(" \"") }
        if columns.contains("title") || columns.contains("uid") { return .csv }
        switch fileName.map({ $0.split(separator: ".").last.map(String.init)?.lowercased() ?? "" }) {
        case "csv": return .csv
        case "ics", "ical", "ifb": return .ics
        case "json": return .json
        default: return .todotxt
        }
    }

    /// The bundle written in this format: an `InterchangeWriter` fed the whole bundle at once.
    public func write(_ bundle: PlannerBundle, context: InterchangeContext) throws -> InterchangeOutput {
        var bytes: [UInt8] = []
        let writer = InterchangeWriter(self, context: context) { bytes += $0 }
        let series = bundle.series
        try writer.begin(
            series: series,
            occurrences: writer.needsOccurrences(of: series) ? bundle.tasks.filter { $0.series != nil } : [])
        try writer.write(bundle.tasks)
        let notes = try writer.finish(records: bundle.records)
        return InterchangeOutput(text: String(decoding: bytes, as: UTF8.self), notes: notes)
    }

    /// A file of this format as a bundle; a bad record makes it fail, named by line (and
    /// column where the format has them), and so does a file past one of `ImportLimits`.
    public func read(_ bytes: [UInt8], context: InterchangeContext) throws(ImportError) -> PlannerBundle {
        try ImportLimits.checkSize(bytes.count)
        var bundle: PlannerBundle
        switch self {
        case .json: bundle = try PlannerDocument.decode(bytes)
        case .csv, .todotxt, .taskwarrior: bundle = try readStreamed(bytes, context: context)
        case .ics: bundle = try ICalendarFormat.read(bytes, context: context)
        }
        try ImportValidation.checkDates(bundle)
        bundle.linkOccurrences()
        return bundle
    }
}

/// An exported file, and what of the planner it could not hold (one sentence each).
public struct InterchangeOutput: Sendable {
    public var text: String
    public var notes: [String]

    public init(text: String, notes: [String] = []) {
        self.text = text
        self.notes = notes
    }
}

extension String {
    /// The text without the given characters at either end.
    func trimming(_ set: String) -> String {
        var result = Substring(self)
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return String(result)
    }
}

/// `1 task`, `3 tasks`.
func tasks(_ count: Int) -> String { "\(count) task\(count == 1 ? "" : "s")" }
