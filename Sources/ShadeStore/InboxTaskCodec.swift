import ShadeCore
import ShadeJSON

/// The inbox: `inbox.json`, each task with no day yet, known by uid (its number is this copy's,
/// in `ids/inbox.json`).
///
/// ```json
/// {"uid": "…", "title": "Fix the bike", "notes": null, "tags": ["home"], "category": null,
///  "color": null, "favorite": false, "goal": null, "to": null, "due": "2026-12-04",
///  "estimate": 90, "created": "…", "modified": "…", "stamps": {…}}
/// ```
enum InboxTaskCodec: KeyedRecordCodec {
    static let kind = InboxTask.kind
    static let file = "inbox.json"
    static let documentKind = "inbox"
    static let schemaDefinition = "inboxTask"
    private static let order = JSONKeyList([
        "uid", "title", "notes", "tags", "category", "color", "favorite", "goal", "to", "due", "estimate", "created",
        "modified", StampsCodec.key,
    ])

    static func encode(_ record: AnyKeyedRecord) -> JSONValue {
        guard let task = record.base as? InboxTask else { preconditionFailure("a record of another kind") }
        var object = JSONObject()
        let members: [(String, JSONValue)] = [
            ("uid", .string(task.uid)), ("title", .string(task.title)), ("notes", .optional(task.notes)),
            ("tags", .array(task.tags.map(JSONValue.string))), ("category", .optional(task.category)),
            ("color", .optional(task.color?.rawValue)), ("favorite", .bool(task.favorite)),
            ("goal", .optional(task.goal)), ("to", .optional(task.to)), ("due", .optional(task.due?.description)),
            ("estimate", task.estimate.map { .int(Int64($0)) } ?? .null), ("created", .string(task.created)),
            ("modified", .string(task.modified)), (StampsCodec.key, StampsCodec.encode(task.stamps)),
        ]
        for (key, value) in members { object.appendUnique(key, value) }
        return .object(object)
    }

    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
    {
        let entry = try FieldReader(value, file: file, location: location, keys: order)
        // As a task of a week holds them: a task planned elsewhere (its uid another program's,
        // its title with text kept as it came, shown escaped) may be taken back to the inbox.
        let uid = try entry.string("uid")
        guard !uid.isEmpty else { throw entry.fail("uid", "must not be empty") }
        let title = try entry.string("title")
        guard !title.isEmpty else { throw entry.fail("title", "must not be empty") }
        let color = try entry.optional("color", TaskColor.init(rawValue:), expected: "in the palette")
        let goal = try entry.optionalString("goal")
        if goal?.isEmpty == true { throw entry.fail("goal", "expected a goal's uid") }
        let to = try entry.optionalString("to")
        if let to, (try? TaskText.validateParticipant(to)) != to {
            throw entry.fail("to", "expected a participant's name (one word)")
        }
        return AnyKeyedRecord(
            InboxTask(
                uid: uid, title: title, notes: try entry.optionalString("notes"),
                tags: try entry.strings("tags", each: "expected a tag"), category: try entry.optionalString("category"),
                color: color, favorite: try entry.bool("favorite"), goal: goal, to: to,
                due: try entry.optional("due", { CivilDate(iso: $0) }, expected: "a date YYYY-MM-DD"),
                estimate: try entry.optionalInt("estimate", in: 1...Int64(PlannerTask.longestEstimate)),
                created: try entry.string("created"), modified: try entry.string("modified"),
                stamps: try StampsCodec.decode(entry, fields: InboxTask.stampedFields)))
    }
}

/// This copy's numbers of the tasks that are or were in its inbox, by uid: `ids/inbox.json`.
///
/// ```json
/// {"format": 3, "kind": "inbox-ids", "ids": {"9f1c…": 41, "a07e…": 57}}
/// ```
/// Local, like a week's id index, and from the same count: an inbox task's number is a task id,
/// kept when it is planned (the week's index then holds it too) and when it comes back. An entry
/// is never dropped, so an id is never handed out twice.
enum InboxIndexDocument {
    static func encode(_ ids: [String: Int]) -> JSONValue {
        ["format": .int(Int64(StoreFormat.version)), "kind": "inbox-ids", "ids": LocalIDs.encode(ids)]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> [String: Int] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "inbox-ids")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "ids"])
        return try LocalIDs.decode(reader)
    }
}
