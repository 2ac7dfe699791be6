/// Why an iCalendar text was not read, or a calendar not written, and where.
public struct CalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the text where the problem is (nil when writing, or when the problem
    /// has no one place, such as an empty text).
    public let line: Int?
    /// What is wrong, and what would be right where that can be told, in lowercase.
    public let reason: String

    /// Creates an error.
    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`, or the reason alone.
    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
