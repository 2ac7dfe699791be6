import ShadeCore

/// A command that was understood but could not be done (exit 1), or could not be parsed (64).
public enum CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Understood, but not possible: unknown id, bad date, store problem.
    case failed(SafeText)
    /// Not understood: the words do not form a command.
    case usage(SafeText)

    /// The message, escaped for the terminal.
    public var message: SafeText {
        switch self {
        case .failed(let text), .usage(let text): text
        }
    }

    public var description: String { message.text }
}

/// Exit codes, as documented in `help` and the README.
public enum ExitCode {
    /// Success.
    public static let success: Int32 = 0
    /// The command was understood but could not be done.
    public static let failure: Int32 = 1
    /// The command could not be parsed (EX_USAGE).
    public static let usage: Int32 = 64
    /// The store stayed locked by another process for too long (EX_TEMPFAIL).
    public static let busy: Int32 = 75
}
