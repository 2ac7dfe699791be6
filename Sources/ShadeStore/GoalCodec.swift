import ShadeCore
import ShadeJSON

/// Goals: `goals.json`, each known by uid (its `g1` is this copy's, in `ids/goals.json`).
///
/// ```json
/// {"uid": "…", "title": "Ship the report", "for": "2026-W48", "due": "2026-11-27",
///  "status": "open", "closed": null, "carried": 0, "participants": ["sam"],
///  "created": "…", "modified": "…", "stamps": {…}}
/// ```
enum GoalCodec: KeyedRecordCodec {
    static let kind = Goal.kind
    static let file = "goals.json"
    static let documentKind = "goals"
    static let schemaDefinition = "goal"
    private static let order = JSONKeyList([
        "uid", "title", "for", "due", "status", "closed", "carried", "participants", "created", "modified",
        StampsCodec.key,
    ])

    static func encode(_ record: AnyKeyedRecord) -> JSONValue {
        guard let goal = record.base as? Goal else { preconditionFailure("a record of another kind") }
        var object = JSONObject()
        object.appendUnique("uid", .string(goal.uid))
        object.appendUnique("title", .string(goal.title))
        object.appendUnique("for", .string(goal.period.description))
        object.appendUnique("due", .optional(goal.due?.description))
        object.appendUnique("status", .string(goal.status.rawValue))
        object.appendUnique("closed", .optional(goal.closedAt))
        object.appendUnique("carried", .int(Int64(goal.carried)))
        object.appendUnique("participants", .array(goal.participants.map(JSONValue.string)))
        object.appendUnique("created", .string(goal.created))
        object.appendUnique("modified", .string(goal.modified))
        object.appendUnique(StampsCodec.key, StampsCodec.encode(goal.stamps))
        return .object(object)
    }

    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
    {
        let reader = try FieldReader(value, file: file, location: location, keys: order)
        let uid = try reader.string("uid")
        guard !uid.isEmpty, uid.count <= 100 else { throw reader.fail("uid", "expected a uid") }
        let title = try reader.string("title")
        guard (try? TaskText.validateTitle(title)) != nil else { throw reader.fail("title", "not a valid title") }
        let periodText = try reader.string("for")
        guard let period = GoalPeriod(parsing: periodText) else {
            throw reader.fail("for", "'\(periodText)' is not a day YYYY-MM-DD or a week YYYY-Www")
        }
        let statusText = try reader.string("status")
        guard let status = GoalStatus(rawValue: statusText) else {
            throw reader.fail("status", "'\(statusText)' is not open, done or cancelled")
        }
        var participants: [String] = []
        for (index, element) in try reader.array("participants").enumerated() {
            guard let name = element.stringValue, (try? TaskText.validateParticipant(name)) == name else {
                throw reader.fail("participants[\(index)]", "expected a name")
            }
            participants.append(name)
        }
        return AnyKeyedRecord(
            Goal(
                uid: uid, title: title, period: period,
                due: try reader.optional("due", { CivilDate(iso: $0) }, expected: "a date YYYY-MM-DD"), status: status,
                closedAt: try reader.optionalString("closed"),
                carried: Int(try reader.int("carried", in: 0...Int64(Int32.max))), participants: participants,
                created: try reader.string("created"), modified: try reader.string("modified"),
                stamps: try StampsCodec.decode(reader, fields: Goal.stampedFields)))
    }
}

/// This copy's numbers of its goals, by uid: `ids/goals.json`.
///
/// ```json
/// {"format": 3, "kind": "goal-ids", "ids": {"9f1c…": 1, "a07e…": 2}}
/// ```
/// Local, like the tasks' ids: a number is never handed out twice (a removed goal keeps its
/// entry), and goals that came from another copy are numbered after the last.
enum GoalIndexDocument {
    static func encode(_ ids: [String: Int]) -> JSONValue {
        ["format": .int(Int64(StoreFormat.version)), "kind": "goal-ids", "ids": LocalIDs.encode(ids)]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> [String: Int] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "goal-ids")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "ids"])
        return try LocalIDs.decode(reader)
    }
}
