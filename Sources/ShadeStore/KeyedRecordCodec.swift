import ShadeCore
import ShadeJSON

/// How the store keeps one keyed kind of record (a category; later a goal, a template, a
/// series): the file its collection lives in, the document's kind, its schema definition, and
/// how one record is written and read — in its collection file and in the change log alike.
///
/// This is the registry entry a new kind of record needs: `KeyedRecordCodecs.all` lists them,
/// and the store, the change log, `undo`, `check`, backups, `restore`, recovery and the upgrade
/// find the kind's file and codec there.
protocol KeyedRecordCodec: SendableMetatype {
    /// The kind of record.
    static var kind: RecordKind { get }
    /// The collection's file, relative to the store: `categories.json`.
    static var file: String { get }
    /// The document's `kind`, which is also the key of its list: `categories`.
    static var documentKind: String { get }
    /// The definition of one record under `$defs` in `data/store.schema.json`.
    static var schemaDefinition: String { get }
    /// One record as JSON (with its stamps).
    static func encode(_ record: AnyKeyedRecord) -> JSONValue
    /// One record; `withStamps` true where the format requires them, false where it has none,
    /// nil where either may be (the change log keeps entries of every format).
    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
}

/// The registry of keyed kinds.
enum KeyedRecordCodecs {
    /// Every keyed kind the store keeps.
    static let all: [any KeyedRecordCodec.Type] = [
        CategoryCodec.self, RepeatSeriesCodec.self, WeekTemplateCodec.self, GoalCodec.self, MemberCodec.self,
        InboxTaskCodec.self,
    ]

    /// The codec of a kind.
    static func codec(for kind: RecordKind) -> (any KeyedRecordCodec.Type)? { all.first { $0.kind == kind } }

    /// The codec whose collection lives in `file`.
    static func codec(forFile file: String) -> (any KeyedRecordCodec.Type)? { all.first { $0.file == file } }
}

/// A keyed kind's collection file, in key order:
///
/// ```json
/// {"format": 3, "kind": "categories", "categories": [{"name": "school", "color": "blue", "stamps": {…}}]}
/// ```
/// Records of format 2 had no stamps: they read as older than any change.
enum CollectionDocument {
    /// What a collection file holds: its records in key order, and the keys of those removed
    /// (`TombstonesCodec`).
    struct Content: Equatable {
        var records: [AnyKeyedRecord]
        var removed: [String: FieldStamp] = [:]
    }

    static func encode(_ codec: any KeyedRecordCodec.Type, _ content: Content) -> JSONValue {
        let list = content.records.sorted { $0.base.key < $1.base.key }.map { codec.encode($0) }
        var document: JSONValue = [
            "format": .int(Int64(StoreFormat.version)), "kind": .string(codec.documentKind),
            codec.documentKind: .array(list),
        ]
        TombstonesCodec.append(content.removed, to: &document)
        return document
    }

    static func decode(_ codec: any KeyedRecordCodec.Type, _ value: JSONNode, file: String) throws(StoreError)
        -> Content
    {
        let reader = try FieldReader(value, file: file, location: "")
        let format = try reader.checkHeader(kind: codec.documentKind)
        try reader.rejectUnknownKeys(allowed: ["format", "kind", codec.documentKind, TombstonesCodec.key])
        var result: [AnyKeyedRecord] = []
        var keys: Set<String> = []
        for (index, element) in try reader.array(codec.documentKind).enumerated() {
            let location = "\(codec.documentKind)[\(index)]"
            let record = try codec.decode(element, file: file, location: location, withStamps: format >= 3)
            guard keys.insert(record.base.key).inserted else {
                throw StoreError.invalidContent(
                    file: file, location: location, reason: "'\(record.base.key)' appears twice")
            }
            result.append(record)
        }
        // The list is kept in key order, whatever order a hand edit left it in.
        return Content(
            records: result.sorted { $0.base.key < $1.base.key }, removed: try TombstonesCodec.decode(reader))
    }
}

/// Categories: `categories.json`, each a lowercase name and a colour of the palette (or none).
enum CategoryCodec: KeyedRecordCodec {
    static let kind = Category.kind
    static let file = "categories.json"
    static let documentKind = "categories"
    static let schemaDefinition = "category"

    static func encode(_ record: AnyKeyedRecord) -> JSONValue {
        guard let category = record.base as? Category else { preconditionFailure("a record of another kind") }
        return [
            "name": .string(category.name), "color": .optional(category.color?.rawValue),
            StampsCodec.key: StampsCodec.encode(category.stamps),
        ]
    }

    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
    {
        let entry = try FieldReader(value, file: file, location: location)
        let stamped = withStamps ?? (entry[StampsCodec.key] != nil)
        try entry.rejectUnknownKeys(allowed: stamped ? ["name", "color", StampsCodec.key] : ["name", "color"])
        let name = try entry.string("name")
        guard (try? TaskText.validateCategory(name)) == name else {
            throw entry.fail("name", "'\(name)' is not a lowercase category name")
        }
        var color: TaskColor?
        if let text = try entry.optionalString("color") {
            guard let parsed = TaskColor(rawValue: text) else {
                throw entry.fail("color", "'\(text)' is not in the palette")
            }
            color = parsed
        }
        let stamps =
            stamped
            ? try StampsCodec.decode(entry, fields: Category.stampedFields)
            : FieldStamps(made: FieldStamp(at: "", by: ""))
        return AnyKeyedRecord(Category(name: name, color: color, stamps: stamps))
    }
}
