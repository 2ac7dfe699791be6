/// Input that the planner's rules reject; the message says what was wrong and what would be right.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A word or value that does not fit; the text explains.
    case invalid(SafeText)
    /// A word of a command's grammar written wrong (`est:5x`): the command could not be parsed
    /// (exit 64, as any usage error).
    case usage(SafeText)

    /// The message shown to the user.
    public var message: SafeText {
        switch self {
        case .invalid(let text), .usage(let text): text
        }
    }

    public var description: String { message.text }
}
