internal import CJSONC
import ShadePlatform

/// A JSON text parsed strictly by json-c and read in place: its values are copied into Swift only
/// as they are asked for, so a reader that wants a few fields of each record never builds the
/// whole tree in Swift. The json-c tree lives as long as the document (or a node of it).
public final class JSONDocument {
    fileprivate let root: OpaquePointer?

    /// Parses one complete JSON document, with every rule of `JSONParser.parse`.
    public init(parsing bytes: [UInt8], maximumDepth: Int = JSONParser.defaultMaximumDepth) throws(JSONError) {
        root = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try JSONParser.tree(of: buffer, maximumDepth: maximumDepth)
        }
    }

    /// The document of a value given in Swift (a packed value read back): its json-c tree built
    /// directly, for the readers a parsed text goes to.
    public init(building value: JSONValue) throws(JSONWriteError) {
        root = try JSONWriter.makeObject(value)
    }

    deinit { if let root { json_object_put(root) } }

    /// The top-level value.
    public var value: JSONNode { JSONNode(document: self, pointer: root) }
}

/// One value of a `JSONDocument`, read in place.
public struct JSONNode {
    /// Keeps the tree alive while the node is in use.
    private let document: JSONDocument
    private let pointer: OpaquePointer?

    fileprivate init(document: JSONDocument, pointer: OpaquePointer?) {
        self.document = document
        self.pointer = pointer
    }

    private var type: json_type { pointer.map(json_object_get_type) ?? json_type_null }

    /// The string, when this is one.
    public var stringValue: String? {
        guard let pointer, type == json_type_string else { return nil }
        return JSONParser.string(of: pointer)
    }

    /// A 64-bit hash (FNV-1a) of the string's bytes, when this is a string: for telling strings
    /// apart without copying each into Swift (equal hashes say only that two may be equal).
    public var stringHash: UInt64? {
        guard let pointer, type == json_type_string, let chars = json_object_get_string(pointer) else { return nil }
        let length = Int(json_object_get_string_len(pointer))
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            FNV1a.hash(UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    /// The `stringHash` of a string node holding `text`.
    public static func stringHash(of text: String) -> UInt64 { FNV1a.hash(text.utf8) }

    /// The integer, when this is one.
    public var intValue: Int64? {
        guard let pointer, type == json_type_int else { return nil }
        return json_object_get_int64(pointer)
    }

    /// The Boolean, when this is one.
    public var boolValue: Bool? {
        guard let pointer, type == json_type_boolean else { return nil }
        return json_object_get_boolean(pointer) != 0
    }

    /// Whether this is `null`.
    public var isNull: Bool { type == json_type_null }

    /// The elements, when this is an array.
    public var elements: [JSONNode]? {
        guard let pointer, type == json_type_array else { return nil }
        let count = json_object_array_length(pointer)
        var result: [JSONNode] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(JSONNode(document: document, pointer: json_object_array_get_idx(pointer, index)))
        }
        return result
    }

    /// The value of a key, when this is an object that has it (found by json-c's hash, without
    /// making a Swift string of any key).
    public func member(_ key: String) -> JSONNode? {
        guard let pointer, type == json_type_object else { return nil }
        var found: OpaquePointer?
        let present = key.withCString { json_object_object_get_ex(pointer, $0, &found) } != 0
        return present ? JSONNode(document: document, pointer: found) : nil
    }

    /// Whether this is an object whose every key is one of `keys`, the object's keys in the
    /// list's order (so each at most once; any of the list may be missing). Compared as json-c
    /// holds them, without making a Swift string of any.
    public func hasKeys(among keys: JSONKeyList) -> Bool {
        guard let pointer, type == json_type_object, Int(json_object_object_length(pointer)) <= keys.count else {
            return false
        }
        var iterator = json_object_iter_begin(pointer)
        var end = json_object_iter_end(pointer)
        var next = 0
        while json_object_iter_equal(&iterator, &end) == 0 {
            guard let name = json_object_iter_peek_name(&iterator) else { return false }
            // The first key of the list at or after `next` that this member is named.
            while next < keys.count,
                keys.terminated[next].withUnsafeBufferPointer({ $0.baseAddress.map { strcmp($0, name) } }) != 0
            {
                next += 1
            }
            guard next < keys.count else { return false }
            next += 1
            json_object_iter_next(&iterator)
        }
        return true
    }

    /// The values of the members in document order, when this is an object (no key is copied
    /// into Swift).
    public var memberValues: [JSONNode]? {
        guard let pointer, type == json_type_object else { return nil }
        var result: [JSONNode] = []
        result.reserveCapacity(Int(json_object_object_length(pointer)))
        var iterator = json_object_iter_begin(pointer)
        var end = json_object_iter_end(pointer)
        while json_object_iter_equal(&iterator, &end) == 0 {
            result.append(JSONNode(document: document, pointer: json_object_iter_peek_value(&iterator)))
            json_object_iter_next(&iterator)
        }
        return result
    }

    /// How many members this object has (nil when this is not an object).
    public var memberCount: Int? {
        guard let pointer, type == json_type_object else { return nil }
        return Int(json_object_object_length(pointer))
    }

    /// The members in document order, when this is an object.
    public var members: JSONNodeMembers? {
        guard let pointer, type == json_type_object else { return nil }
        var result: [(key: String, value: JSONNode)] = []
        result.reserveCapacity(Int(json_object_object_length(pointer)))
        var iterator = json_object_iter_begin(pointer)
        var end = json_object_iter_end(pointer)
        while json_object_iter_equal(&iterator, &end) == 0 {
            let key = String(cString: json_object_iter_peek_name(&iterator))
            result.append((key, JSONNode(document: document, pointer: json_object_iter_peek_value(&iterator))))
            json_object_iter_next(&iterator)
        }
        return JSONNodeMembers(members: result)
    }

    /// A short name of the kind of value, for messages: `a string`, `an object`.
    public var kindDescription: String {
        switch type {
        case json_type_null: "null"
        case json_type_boolean: "a Boolean"
        case json_type_int: "an integer"
        case json_type_double: "a number"
        case json_type_string: "a string"
        case json_type_array: "an array"
        case json_type_object: "an object"
        default: "null"
        }
    }

    /// The whole value, copied into Swift.
    public var value: JSONValue { JSONParser.value(of: pointer) }
}

/// The members of an object of a `JSONDocument`, in document order.
public struct JSONNodeMembers: Sequence {
    /// The members in order.
    public let members: [(key: String, value: JSONNode)]

    /// The value of a key, or nil.
    public subscript(key: String) -> JSONNode? { members.first(where: { $0.key == key })?.value }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONNode)]> { members.makeIterator() }
}

/// A list of keys in the order a writer puts them, kept as C strings so that an object can be
/// checked against it without making a Swift string of any key.
public struct JSONKeyList: Sendable {
    /// The keys.
    public let keys: [String]
    fileprivate let terminated: [[CChar]]

    /// The list of `keys`, in order.
    public init(_ keys: [String]) {
        self.keys = keys
        terminated = keys.map { Array($0.utf8CString) }
    }

    /// How many keys there are.
    public var count: Int { keys.count }
}
