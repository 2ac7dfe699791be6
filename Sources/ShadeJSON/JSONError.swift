/// Why a JSON text was not accepted, and where.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column (in Unicode scalars) of the problem.
    public let column: Int
    /// The byte offset of the problem.
    public let offset: Int
    /// What is wrong and what was expected, in lowercase.
    public let reason: String

    /// Creates an error.
    public init(line: Int, column: Int, offset: Int, reason: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
    }

    /// `line:column: reason`.
    public var description: String { "\(line):\(column): \(reason)" }
}

/// Why a value could not be written as JSON.
public enum JSONWriteError: Error, Hashable, Sendable {
    /// A number that JSON cannot hold (NaN or an infinity).
    case nonFiniteNumber
    /// json-c failed to allocate or serialise.
    case serializationFailed
}
