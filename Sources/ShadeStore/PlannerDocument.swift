import ShadeCore
import ShadeJSON

/// shade's own interchange file (`export --format json`, SPEC §10): every task with every field
/// and its uid, every repeat series, goal, category and template, written by the same codecs as
/// the store's files, so that a round trip through an empty planner gives back the same planner.
///
/// ```json
/// {"shade": "planner", "format": 3, "tasks": [...], "series": [...], "goals": [...],
///  "categories": [...], "templates": [...]}
/// ```
/// A task carries its date and slot (and this copy's id, which an import never uses).
public enum PlannerDocument {
    /// The value of the `shade` key that marks the file.
    public static let marker = "planner"
    private static let name = "the file"

    /// The bundle as a JSON document.
    public static func encode(_ bundle: PlannerBundle) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("shade", .string(marker))
        object.appendUnique("format", .int(Int64(StoreFormat.version)))
        let tasks = PlannerTask.sortedInTimelineOrder(bundle.tasks)
        object.appendUnique("tasks", .array(tasks.map(encode)))
        for codec in KeyedRecordCodecs.all {
            let records = bundle.records.filter { $0.kind == codec.kind }.sorted { $0.base.key < $1.base.key }
            object.appendUnique(codec.documentKind, .array(records.map { codec.encode($0) }))
        }
        return .object(object)
    }

    /// One task as an element of the document's `tasks` (a document written a task at a time
    /// places each in the document that `encode` makes of the rest).
    public static func encode(_ task: PlannerTask) -> JSONValue { TaskRecord.encode(task, .placed) }

    /// Whether a text looks like this format (for guessing the format of an import).
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        guard let document = try? JSONDocument(parsing: bytes) else { return false }
        return document.value.member("shade")?.stringValue == marker
    }

    /// Reads a document; an error names the line and column of the record at fault.
    public static func decode(_ bytes: [UInt8]) throws(ImportError) -> PlannerBundle {
        let document: JSONDocument
        do { document = try JSONDocument(parsing: bytes) } catch {
            throw ImportError(line: error.line, column: error.column, "not JSON: \(error.reason)")
        }
        do {
            return try decode(document.value)
        } catch {
            switch error {
            case .invalidContent(_, let location, let reason, _):
                // A key that is missing is found as the record that lacks it.
                var path = location
                var place = JSONLocator.position(of: path, in: bytes)
                while place == nil, let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) {
                    path = String(path[..<cut])
                    place = JSONLocator.position(of: path, in: bytes)
                }
                throw ImportError(line: place?.line, column: place?.column, "\(location): \(reason)")
            case .newerFormat(_, let found, let supported):
                throw ImportError(
                    "the file has format \(found), but this shade reads format \(supported) and older; upgrade shade to import it"
                )
            default:
                throw ImportError(error.message.text)
            }
        }
    }

    private static func decode(_ value: JSONNode) throws(StoreError) -> PlannerBundle {
        let reader = try FieldReader(value, file: name, location: "")
        guard reader["shade"]?.stringValue == marker else {
            throw StoreError.invalidContent(
                file: name, location: "shade", reason: "expected \"shade\": \"\(marker)\" (a file shade exported)")
        }
        let format = try reader.int("format", in: 1...Int64(Int32.max))
        if format > Int64(StoreFormat.version) {
            throw .newerFormat(file: name, found: format, supported: StoreFormat.version)
        }
        let keys = ["shade", "format", "tasks"] + KeyedRecordCodecs.all.map { $0.documentKind }
        try reader.rejectUnknownKeys(allowed: Set(keys))
        var bundle = PlannerBundle()
        for (index, element) in try reader.array("tasks").enumerated() {
            let location = "tasks[\(index)]"
            let task = try TaskRecord.decode(
                element, file: name, location: location, shape: .placed, date: nil, slot: nil)
            do { try ImportValidation.check(task) } catch {
                throw StoreError.invalidContent(file: name, location: location, reason: error.reason)
            }
            bundle.tasks.append(task)
        }
        for codec in KeyedRecordCodecs.all {
            bundle.records += try records(codec, in: reader, withStamps: format >= 3)
        }
        return bundle
    }

    private static func records(_ codec: any KeyedRecordCodec.Type, in reader: FieldReader, withStamps: Bool)
        throws(StoreError) -> [AnyKeyedRecord]
    {
        guard reader[codec.documentKind] != nil else { return [] }
        var result: [AnyKeyedRecord] = []
        for (index, element) in try reader.array(codec.documentKind).enumerated() {
            let location = "\(codec.documentKind)[\(index)]"
            result.append(try codec.decode(element, file: name, location: location, withStamps: withStamps))
        }
        return result
    }
}
