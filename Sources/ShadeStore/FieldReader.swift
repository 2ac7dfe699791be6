import ShadeJSON

/// Reads typed fields out of a JSON object of a store file, with messages that name the file and
/// the place of the problem.
struct FieldReader {
    let file: String
    /// Where the object lies in its file (written out only for a message).
    let place: FieldPlace
    let node: JSONNode
    /// How many members the object has.
    let count: Int

    /// Wraps `value`, which must be an object.
    init(_ value: JSONNode, file: String, location: String) throws(StoreError) {
        try self.init(value, file: file, place: .text(location))
    }

    /// Wraps `value`, which must be an object, at `place` in its file.
    init(_ value: JSONNode, file: String, place: FieldPlace) throws(StoreError) {
        guard let count = value.memberCount else {
            throw .invalidContent(
                file: file, location: place.text, reason: "expected an object, found \(value.kindDescription)")
        }
        self.file = file
        self.place = place
        self.node = value
        self.count = count
    }

    /// Where the object lies in its file, in words.
    var location: String { place.text }

    /// Wraps `value`, an object whose keys must all be among `keys` (the order shade writes them in).
    init(_ value: JSONNode, file: String, location: String, keys: JSONKeyList) throws(StoreError) {
        try self.init(value, file: file, location: location)
        try rejectUnknownKeys(allowed: Set(keys.keys), usual: keys)
    }

    /// The value of a key, or nil when the object does not have it.
    subscript(key: String) -> JSONNode? { node.member(key) }

    /// The members in document order.
    var members: [(key: String, value: JSONNode)] { node.members?.members ?? [] }

    func fail(_ key: String, _ reason: String) -> StoreError {
        .invalidContent(file: file, location: path(key), reason: reason)
    }

    /// The place of a key of this object, in words.
    func path(_ key: String) -> String { place(key).text }

    /// The place of a key of this object.
    func place(_ key: String) -> FieldPlace { .member(place, key) }

    /// The object under a key, read at its place (one missing, or not an object, fails there).
    func reader(at key: String) throws(StoreError) -> FieldReader {
        try FieldReader(try value(key), file: file, place: place(key))
    }

    /// Throws when the object has a key outside `allowed`. `usual` lists the allowed keys in the
    /// order shade writes them: an object whose keys come in that order is accepted without
    /// hashing a key.
    func rejectUnknownKeys(allowed makeAllowed: @autoclosure () -> Set<String>, usual: JSONKeyList? = nil)
        throws(StoreError)
    {
        if let usual, node.hasKeys(among: usual) { return }
        let allowed = makeAllowed()
        for member in members where !allowed.contains(member.key) {
            throw fail(member.key, "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))")
        }
    }

    func value(_ key: String) throws(StoreError) -> JSONNode {
        guard let value = node.member(key) else { throw fail(key, "missing") }
        return value
    }

    func string(_ key: String) throws(StoreError) -> String {
        let value = try value(key)
        guard let text = value.stringValue else { throw fail(key, "expected a string, found \(value.kindDescription)") }
        return text
    }

    func optionalString(_ key: String) throws(StoreError) -> String? {
        guard let value = node.member(key), !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw fail(key, "expected a string or null, found \(value.kindDescription)")
        }
        return text
    }

    /// An optional string member read as a value (`parse`), nil when it is missing or null; one
    /// that does not parse fails with `'TEXT' is not EXPECTED`.
    func optional<Value>(_ key: String, _ parse: (String) -> Value?, expected: @autoclosure () -> String)
        throws(StoreError) -> Value?
    {
        guard let text = try optionalString(key) else { return nil }
        guard let value = parse(text) else { throw fail(key, "'\(text)' is not \(expected())") }
        return value
    }

    func int(_ key: String, in range: ClosedRange<Int64>) throws(StoreError) -> Int64 {
        let value = try value(key)
        guard let number = value.intValue else {
            throw fail(key, "expected an integer, found \(value.kindDescription)")
        }
        guard range.contains(number) else {
            throw fail(key, "\(number) is out of range; expected \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// An integer in `range`, or nil when the member is missing or null.
    func optionalInt(_ key: String, in range: ClosedRange<Int64>) throws(StoreError) -> Int? {
        guard let value = node.member(key), !value.isNull else { return nil }
        return Int(try int(key, in: range))
    }

    func bool(_ key: String) throws(StoreError) -> Bool {
        guard let flag = try value(key).boolValue else { throw fail(key, "expected true or false") }
        return flag
    }

    /// A list of non-empty strings (a task's tags); one that is not fails with `expected`.
    func strings(_ key: String, each expected: String) throws(StoreError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(key).enumerated() {
            guard let text = element.stringValue, !text.isEmpty else { throw fail("\(key)[\(index)]", expected) }
            result.append(text)
        }
        return result
    }

    func array(_ key: String) throws(StoreError) -> [JSONNode] {
        let value = try value(key)
        guard let elements = value.elements else {
            throw fail(key, "expected an array, found \(value.kindDescription)")
        }
        return elements
    }

    func object(_ key: String) throws(StoreError) -> JSONNodeMembers {
        let value = try value(key)
        guard let members = value.members else {
            throw fail(key, "expected an object, found \(value.kindDescription)")
        }
        return members
    }

    /// Checks the `format` and `kind` header every store file starts with.
    /// Returns the file's format version.
    @discardableResult
    func checkHeader(kind: String) throws(StoreError) -> Int {
        let format = try int("format", in: 1...Int64(Int32.max))
        if format > Int64(StoreFormat.version) {
            throw .newerFormat(file: file, found: format, supported: StoreFormat.version)
        }
        let found = try string("kind")
        guard found == kind else { throw fail("kind", "expected \"\(kind)\", found \"\(found)\"") }
        return Int(format)
    }
}
