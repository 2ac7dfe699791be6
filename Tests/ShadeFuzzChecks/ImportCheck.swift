import ShadeCore
import ShadeInterchange

/// A file's bytes taken through the reader of one import format, as `import` takes them, without
/// a planner: the import fuzz targets' check (`csv`, `ics`, `todotxt`, `taskwarrior`, `json`).
///
/// No input may trap the reader. What it accepts must hold only what an import may file (every
/// task within `ImportValidation`'s rules, every date within the years shade takes); what it
/// refuses must be refused with an `ImportError` that says why, and names a line the file has
/// when it names one.
public enum ImportCheck {
    /// What one input came to.
    public enum Outcome: Hashable, Sendable {
        /// The reader took the file.
        case accepted
        /// The reader refused the file with a well-formed error (as `import` shows it).
        case refused(String)
        /// The reader broke one of its own rules: which, and how.
        case mismatch(String)
    }

    /// The formats, by the names `import --format` takes.
    public static let formats = InterchangeFormat.allCases.map(\.rawValue)

    private static let context = InterchangeContext(
        now: Moment(
            date: CivilDate(daysSinceEpoch: 20_780), time: TimeOfDay(hour: 9, minute: 30) ?? .midnight,
            utcOffsetSeconds: 0),
        schedule: .standard)

    /// Reads `bytes` as a file of the format named `format` (one of `formats`).
    public static func read(fuzzInput bytes: [UInt8], format name: String) -> Outcome {
        guard let format = InterchangeFormat(rawValue: name) else { return .mismatch("there is no format \(name)") }
        let bundle: PlannerBundle
        do { bundle = try format.read(bytes, context: context) } catch {
            return check(error, bytes: bytes)
        }
        do {
            for task in bundle.tasks { try ImportValidation.check(task) }
            try ImportValidation.checkDates(bundle)
        } catch {
            return .mismatch("the file was accepted, but \(error.reason)")
        }
        return .accepted
    }

    /// Whether an error says why, and names a line the file has (a line past the last, for
    /// what the end of the text lacks, included).
    private static func check(_ error: ImportError, bytes: [UInt8]) -> Outcome {
        guard !error.reason.isEmpty else { return .mismatch("an error with no reason: \(error)") }
        // A lone carriage return ends a line in some formats: count every line end either way.
        let lineEnds = bytes.count(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        if let line = error.line, !(1...lineEnds + 2).contains(line) {
            return .mismatch("line \(line) named in a file of at most \(lineEnds + 1) lines: \(error)")
        }
        if let column = error.column, column < 1 { return .mismatch("column \(column) named: \(error)") }
        return .refused(error.description)
    }
}
