/// A kind of record the planner keeps by key, in one collection: a category (and the kinds to
/// come: a goal, a template, a repeat series). The change model handles every such kind the same
/// way — a change makes, changes or removes one by its key, undo applies the inverse, field
/// stamps are kept — so a new kind is this conformance, its operations, and its entry in the
/// store's document registry.
public protocol KeyedRecord: Hashable, Sendable {
    /// The kind's name (`category`), as the change log and `log` give it.
    static var kind: RecordKind { get }
    /// The fields a change stamps.
    static var stampedFields: Set<String> { get }
    /// Its identity among the records of its kind.
    var key: String { get }
    /// Each field by name, in a fixed order, as the change log shows it.
    var fields: [(name: String, value: FieldValue)] { get }
    /// When each field was last changed, and by whom.
    var stamps: FieldStamps { get set }
    /// How a confirmation names records of the kind, one or several (`category`, `categories`).
    static var noun: (one: String, many: String) { get }
    /// How a confirmation names this record: its name, or its title in quotes.
    var shownName: String { get }
}

/// The name of a kind of record: `task`, `category`, … A kind declares its own (`KeyedRecord.kind`).
public struct RecordKind: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Tasks, the one kind kept by week rather than in one collection.
    public static let task = RecordKind(rawValue: "task")
}

/// A keyed record of any kind, as one value.
public struct AnyKeyedRecord: Hashable, Sendable {
    /// The record.
    public let base: any KeyedRecord

    public init(_ base: any KeyedRecord) { self.base = base }

    public static func == (lhs: AnyKeyedRecord, rhs: AnyKeyedRecord) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }

    /// Its kind.
    public var kind: RecordKind { type(of: base).kind }
    /// The fields a change stamps.
    public var stampedFields: Set<String> { type(of: base).stampedFields }
    /// How a confirmation names records of its kind, one or several.
    public var noun: (one: String, many: String) { type(of: base).noun }

    /// The record with other stamps.
    public func with(stamps: FieldStamps) -> AnyKeyedRecord {
        var copy = base
        copy.stamps = stamps
        return AnyKeyedRecord(copy)
    }
}

extension Category: KeyedRecord {
    public static let kind = RecordKind(rawValue: "category")
    public static let stampedFields: Set<String> = ["name", "color"]
    public var key: String { name }
    public static let noun = (one: "category", many: "categories")
    public var shownName: String { name }
    public var fields: [(name: String, value: FieldValue)] {
        [("name", .text(name)), ("color", .text(color?.rawValue))]
    }
}
