import ShadeCore
import ShadeJSON
import ShadePlatform

/// This copy's link to a task list on a CalDAV server (SPEC §15), and what it last synced there.
public struct CalDAVState: Equatable, Sendable {
    /// The task list's collection URL (as found: `caldav init URL --calendar NAME` finds it).
    public var url: String
    /// The name it was found by, when it was (`--calendar`).
    public var calendar: String?
    /// Who signs in.
    public var user: String?
    public var lastSync: String?
    public var lastError: String?
    /// Each task synced with the list, by uid: where it is, its ETag, and the task as it was when
    /// last synced (the base a change on either side is told by).
    public var items: [String: Item] = [:]

    /// One task as last synced; for a repeating task, its series (`synced` is then the series'
    /// first occurrence, under the series' uid) and the occurrences that went with it.
    public struct Item: Equatable, Sendable {
        public var href: String
        public var etag: String
        public var synced: PlannerTask
        public var series: RepeatSeries?
        public var occurrences: [PlannerTask]

        public init(
            href: String, etag: String, synced: PlannerTask, series: RepeatSeries? = nil,
            occurrences: [PlannerTask] = []
        ) {
            self.href = href
            self.etag = etag
            self.synced = synced
            self.series = series
            self.occurrences = occurrences
        }
    }

    public init(url: String, calendar: String? = nil, user: String? = nil) {
        self.url = url
        self.calendar = calendar
        self.user = user
    }
}

/// `caldav.json`: never shared (each copy keeps its own link and ETags).
///
/// ```json
/// {"format": 3, "kind": "caldav", "url": "https://dav.example.org/ana/tasks/", "calendar": null,
///  "user": "ana", "last_sync": "…", "last_error": null,
///  "items": {"0fb7…": {"href": "/ana/tasks/0fb7….ics", "etag": "\"3f…\"", "synced": {task}}}}
/// ```
enum CalDAVStateDocument {
    private static let keys = JSONKeyList([
        "format", "kind", "url", "calendar", "user", "last_sync", "last_error", "items",
    ])
    private static let itemKeys = JSONKeyList(["href", "etag", "synced", "series", "occurrences"])

    static func encode(_ state: CalDAVState) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("format", .int(Int64(StoreFormat.version)))
        object.appendUnique("kind", "caldav")
        object.appendUnique("url", .string(state.url))
        object.appendUnique("calendar", .optional(state.calendar))
        object.appendUnique("user", .optional(state.user))
        object.appendUnique("last_sync", .optional(state.lastSync))
        object.appendUnique("last_error", .optional(state.lastError))
        var items = JSONObject()
        for (uid, item) in state.items.sorted(by: { $0.key < $1.key }) {
            var entry = JSONObject()
            entry.appendUnique("href", .string(item.href))
            entry.appendUnique("etag", .string(item.etag))
            var synced = item.synced
            synced.id = 1
            entry.appendUnique("synced", TaskRecord.encode(synced, .placed))
            if let series = item.series {
                entry.appendUnique("series", RepeatSeriesCodec.encode(AnyKeyedRecord(series)))
                entry.appendUnique(
                    "occurrences",
                    .array(
                        item.occurrences.map { occurrence in
                            var numbered = occurrence
                            numbered.id = 1
                            return TaskRecord.encode(numbered, .placed)
                        }))
            }
            items.appendUnique(uid, .object(entry))
        }
        object.appendUnique("items", .object(items))
        return .object(object)
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> CalDAVState {
        let reader = try FieldReader(value, file: file, location: "", keys: keys)
        _ = try reader.checkHeader(kind: "caldav")
        var state = CalDAVState(
            url: try reader.string("url"), calendar: try reader.optionalString("calendar"),
            user: try reader.optionalString("user"))
        state.lastSync = try reader.optionalString("last_sync")
        state.lastError = try reader.optionalString("last_error")
        let items = try FieldReader(try reader.value("items"), file: file, location: "items")
        for (uid, element) in items.members {
            let entry = try FieldReader(element, file: file, location: "items.\(uid)", keys: itemKeys)
            var synced = try TaskRecord.decode(
                try entry.value("synced"), file: file, location: "items.\(uid).synced", shape: .placed, date: nil,
                slot: nil)
            synced.id = 0
            guard synced.uid == uid else { throw entry.fail("synced", "holds another task than \(uid)") }
            var item = CalDAVState.Item(href: try entry.string("href"), etag: try entry.string("etag"), synced: synced)
            if entry["series"] != nil {
                let record = try RepeatSeriesCodec.decode(
                    try entry.value("series"), file: file, location: "items.\(uid).series", withStamps: true)
                guard let series = record.base as? RepeatSeries, series.uid == uid else {
                    throw entry.fail("series", "holds another repeating task than \(uid)")
                }
                item.series = series
                for (index, element) in try entry.array("occurrences").enumerated() {
                    var occurrence = try TaskRecord.decode(
                        element, file: file, location: "items.\(uid).occurrences[\(index)]", shape: .placed,
                        date: nil, slot: nil)
                    occurrence.id = 0
                    item.occurrences.append(occurrence)
                }
            }
            state.items[uid] = item
        }
        return state
    }
}

extension CalDAVState {
    /// The link of the store at `directory`, nil when it has none.
    public static func read(in directory: String) throws(StoreError) -> CalDAVState? {
        let file = StorePaths(root: directory).absolute(StoreFileKind.caldavState.relativePath)
        guard let bytes = try FileSystem.read(file),
            case .caldavState(let state) = try StoreFileKind.caldavState.decode(bytes, file: file)
        else { return nil }
        return state
    }

    /// Writes the link (0600), or removes it for nil.
    public static func write(_ state: CalDAVState?, in directory: String) throws(StoreError) {
        let file = StorePaths(root: directory).absolute(StoreFileKind.caldavState.relativePath)
        guard let state else {
            try FileSystem.remove(file)
            return
        }
        let bytes: [UInt8]
        do { bytes = try JSONWriter.bytes(CalDAVStateDocument.encode(state)) } catch {
            throw .invalidContent(file: file, location: "(writing)", reason: "a value could not be written")
        }
        try FileSystem.makeDirectories(directory)
        try FileSystem.writeAtomically(file, bytes, via: file + ".tmp-\(getpid())", mode: 0o600)
    }
}
