/// A JSON value as plain Swift data: what the rest of shade sees of json-c.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is one.
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a double, when this is an integer or a double.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The Boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// A short name of the kind of value, for messages: `a string`, `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `value` as a JSON value, or `null` when nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// Whether this value holds at most `limit` values, itself and every value inside it
    /// counted (stops counting past the limit).
    func holds(atMost limit: Int) -> Bool {
        var budget = limit
        return fits(&budget)
    }

    /// How many values this value holds, itself and every value inside it counted, when that is
    /// at most `limit` (nil past it).
    func size(atMost limit: Int) -> Int? {
        var budget = limit
        return fits(&budget) ? limit - budget : nil
    }

    /// Whether `other` is written as the same text as this value wherever they stand: the same
    /// string byte for byte (Swift's `==` takes "é" and "e\u{301}" for one), integer, Boolean, or
    /// both null. Never for a double (0.0 equals -0.0) or a container (written at its depth).
    func isWrittenAsTheSameText(as other: JSONValue) -> Bool {
        switch (self, other) {
        case (.string(var one), .string(var two)):
            // Byte for byte (not `==`, which equates canonically equivalent texts), over the
            // storage each holds rather than element by element.
            one.withUTF8 { first in two.withUTF8 { second in first.elementsEqual(second) } }
        case (.int(let one), .int(let two)): one == two
        case (.bool(let one), .bool(let two)): one == two
        case (.null, .null): true
        default: false
        }
    }

    /// Whether a string of `names` (each starting with a NUL) stands anywhere in this value.
    func mentions(_ names: [String: ArraySlice<UInt8>]) -> Bool {
        switch self {
        case .string(let text): text.utf8.first == 0 && names[text] != nil
        case .array(let elements): elements.contains { $0.mentions(names) }
        case .object(let members): members.members.contains { $0.value.mentions(names) }
        default: false
        }
    }

    private func fits(_ budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch self {
        case .array(let elements):
            for element in elements where !element.fits(&budget) { return false }
        case .object(let members):
            for member in members.members where !member.value.fits(&budget) { return false }
        default:
            break
        }
        return true
    }
}
