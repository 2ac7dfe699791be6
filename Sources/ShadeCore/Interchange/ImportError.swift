/// A record of an imported file that cannot be taken (SPEC §10): where it is — a line, or a line
/// and column — and what is wrong. An import with one such record takes nothing.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the record (from 1), when the format has lines.
    public let line: Int?
    /// The column in that line (from 1), when known.
    public let column: Int?
    /// What is wrong, in a sentence.
    public let reason: String

    /// Creates an error at a place.
    public init(line: Int? = nil, column: Int? = nil, _ reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line 12, column 5: …`, or the reason alone.
    public var description: String {
        switch (line, column) {
        case (let line?, let column?): "line \(line), column \(column): \(reason)"
        case (let line?, nil): "line \(line): \(reason)"
        default: reason
        }
    }

    /// The same error placed at a line, when it has none yet.
    public func at(line: Int, column: Int? = nil) -> ImportError {
        self.line == nil ? ImportError(line: line, column: column ?? self.column, reason) : self
    }
}
