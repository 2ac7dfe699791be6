/// A JSON object whose members keep the order they were given in.
///
/// Order is kept so that a store written twice with the same content is byte-for-byte equal
/// and a diff of two saves shows only what changed.
public struct JSONObject: Hashable, Sendable, Sequence {
    /// The members in order.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// An empty object.
    public init() { members = [] }

    /// An empty object with room for `capacity` members.
    public init(reservingCapacity capacity: Int) {
        members = []
        members.reserveCapacity(capacity)
    }

    /// An object with these members, in this order; a later duplicate key replaces an earlier one.
    public init(_ pairs: [(String, JSONValue)]) {
        members = []
        members.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The value of a key, or nil; setting nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    /// Appends a member without looking for an existing one (the caller knows the key is new).
    public mutating func appendUnique(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}
