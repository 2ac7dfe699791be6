import ShadeCalendar
import ShadeCore
import ShadeJSON

/// The bounds every imported file is read within (SPEC §14). Past one, `import` refuses the file
/// with an error that names the limit, and nothing is imported; no file of any size or shape makes
/// it trap.
///
/// - size: 1 GiB for every format, room for a few million tasks, and under the 2 GiB json-c can be
///   handed at once;
/// - nesting: 32 levels of JSON (json, taskwarrior; json-c's depth, as for the store's own files),
///   64 levels of iCalendar components (a VCALENDAR is the first level; a real calendar needs three
///   or four); csv and todo.txt nest nothing (a task is a row or a line).
public enum ImportLimits {
    /// The largest file `import` reads, in bytes (1 GiB).
    public static let maximumFileSize = 1 << 30

    /// `maximumFileSize` as errors name it.
    public static let maximumFileSizeText = "1 GiB"

    /// The deepest nesting of a JSON file (shade's own json, Taskwarrior's).
    public static let maximumJSONDepth = JSONParser.defaultMaximumDepth

    /// The deepest nesting of iCalendar components.
    public static let maximumCalendarDepth = ICalendar.maximumDepth

    /// Refuses a file larger than `maximumFileSize`.
    static func checkSize(_ count: Int) throws(ImportError) {
        guard count <= maximumFileSize else {
            throw ImportError(
                "the file is \(count) bytes, larger than \(maximumFileSizeText) (\(maximumFileSize) bytes, the limit)")
        }
    }
}
