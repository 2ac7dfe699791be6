/// A field's value as the change log records it: text, a flag, a list of words, or nothing.
public enum FieldValue: Hashable, Sendable {
    case none
    case text(String)
    case flag(Bool)
    case list([String])

    /// Text, or nothing for nil.
    public static func text(_ value: String?) -> FieldValue { value.map { .text($0) } ?? .none }
}
