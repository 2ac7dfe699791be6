import ShadeCore
import ShadeJSON

extension JSONValue {
    /// A field's value as JSON: null, a string, a boolean or an array of strings.
    public init(_ value: FieldValue) {
        switch value {
        case .none: self = .null
        case .text(let text): self = .string(text)
        case .flag(let flag): self = .bool(flag)
        case .list(let items): self = .array(items.map(JSONValue.string))
        }
    }
}
