/// Input that the planner's rules reject; the message says what was wrong and what would be right.
public enum InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A word or value that does not fit; the text explains.
    case invalid(SafeText)

    /// The message shown to the user.
    public var message: SafeText {
        switch self {
        case .invalid(let text): text
        }
    }

    public var description: String { message.text }
}
