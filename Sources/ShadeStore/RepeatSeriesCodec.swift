import ShadeCore
import ShadeJSON

/// Repeat series: `series.json`, each what its occurrences are and when they occur.
///
/// ```json
/// {"uid": "…", "title": "Gym", "notes": null, "slot": "morning", "time": "07:00", "tags": [],
///  "category": "health", "color": null, "favorite": false, "remind": "15m", "every": "weekday",
///  "anchor": "2026-11-23", "until": null, "exceptions": ["2026-11-24"],
///  "revisions": [{"from": "2026-12-07", "title": "Gym with Ana", …}],
///  "created": "…", "modified": "…", "stamps": {…}}
/// ```
enum RepeatSeriesCodec: KeyedRecordCodec {
    static let kind = RepeatSeries.kind
    static let file = "series.json"
    static let documentKind = "series"
    static let schemaDefinition = "repeatSeries"
    private static let order = JSONKeyList([
        "uid", "title", "notes", "slot", "time", "tags", "category", "color", "favorite", "remind", "estimate", "every",
        "anchor", "until", "count", "exceptions", "revisions", "created", "modified", StampsCodec.key,
    ])
    private static let revisionOrder = JSONKeyList([
        "from", "title", "notes", "slot", "time", "tags", "category", "color", "favorite", "remind", "estimate",
    ])

    static func encode(_ record: AnyKeyedRecord) -> JSONValue {
        guard let series = record.base as? RepeatSeries else { preconditionFailure("a record of another kind") }
        var object = JSONObject()
        object.appendUnique("uid", .string(series.uid))
        append(series.base, to: &object)
        let rest: [(String, JSONValue)] = [
            ("every", .string(series.rule.description)), ("anchor", .string(series.anchor.description)),
            ("until", .optional(series.until?.description)),
        ]
        for (key, value) in rest { object.appendUnique(key, value) }
        // A count came with planning by the clock: left out while there is none.
        if let count = series.count { object.appendUnique("count", .int(Int64(count))) }
        let tail: [(String, JSONValue)] = [
            ("exceptions", .array(series.exceptions.map { .string($0.description) })),
            ("revisions", .array(series.revisions.map(encode))), ("created", .string(series.created)),
            ("modified", .string(series.modified)), (StampsCodec.key, StampsCodec.encode(series.stamps)),
        ]
        for (key, value) in tail { object.appendUnique(key, value) }
        return .object(object)
    }

    private static func encode(_ revision: RepeatSeries.Revision) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("from", .string(revision.from.description))
        append(revision.fields, to: &object)
        return .object(object)
    }

    /// The fields of an occurrence, in the order the series and its revisions write them.
    static func append(_ fields: RepeatSeries.OccurrenceFields, to object: inout JSONObject) {
        let members: [(String, JSONValue)] = [
            ("title", .string(fields.title)), ("notes", .optional(fields.notes)),
            ("slot", .string(fields.slot.rawValue)), ("time", .optional(fields.time?.description)),
            ("tags", .array(fields.tags.map(JSONValue.string))), ("category", .optional(fields.category)),
            ("color", .optional(fields.color?.rawValue)), ("favorite", .bool(fields.favorite)),
            ("remind", .optional(fields.remind?.description)),
        ]
        for (key, value) in members { object.appendUnique(key, value) }
        // An estimate came with planning by the clock: left out while there is none, so that files
        // written before it read the same.
        if let estimate = fields.estimate { object.appendUnique("estimate", .int(Int64(estimate))) }
    }

    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
    {
        let entry = try FieldReader(value, file: file, location: location, keys: order)
        let uid = try entry.string("uid")
        guard RepeatSeries.isValidUID(uid) else { throw entry.fail("uid", "must be non-empty and hold no @") }
        let every = try entry.string("every")
        guard let rule = RepeatRule(parsing: every) else {
            throw entry.fail("every", "'\(every)' is not a repeat rule")
        }
        let anchor = try date(entry, "anchor")
        let until = try entry.optional("until", { CivilDate(iso: $0) }, expected: "YYYY-MM-DD")
        var exceptions: [CivilDate] = []
        for (index, element) in try entry.array("exceptions").enumerated() {
            guard let text = element.stringValue, let parsed = CivilDate(iso: text) else {
                throw entry.fail("exceptions[\(index)]", "expected a date YYYY-MM-DD")
            }
            exceptions.append(parsed)
        }
        var revisions: [RepeatSeries.Revision] = []
        for (index, element) in try entry.array("revisions").enumerated() {
            let revision = try FieldReader(
                element, file: file, location: entry.path("revisions[\(index)]"), keys: revisionOrder)
            revisions.append(
                RepeatSeries.Revision(from: try date(revision, "from"), fields: try occurrenceFields(revision)))
        }
        return AnyKeyedRecord(
            RepeatSeries(
                uid: uid, base: try occurrenceFields(entry), rule: rule, anchor: anchor, until: until,
                count: try entry.optionalInt("count", in: 1...Int64(RepeatSeries.largestCount)), exceptions: exceptions,
                revisions: revisions, created: try entry.string("created"),
                modified: try entry.string("modified"),
                stamps: try StampsCodec.decode(entry, fields: RepeatSeries.stampedFields)))
    }

    /// What an occurrence is: the fields a series and each of its revisions hold.
    static func occurrenceFields(_ entry: FieldReader) throws(StoreError) -> RepeatSeries.OccurrenceFields {
        let title = try entry.string("title")
        guard !title.isEmpty else { throw entry.fail("title", "must not be empty") }
        let slotText = try entry.string("slot")
        guard let slot = Slot(rawValue: slotText) else { throw entry.fail("slot", "'\(slotText)' is not a slot") }
        let time = try entry.optional("time", { TimeOfDay(parsing: $0) }, expected: "HH:MM")
        let color = try entry.optional("color", TaskColor.init(rawValue:), expected: "in the palette")
        let remind = try entry.optional("remind", { Reminders(parsing: $0) }, expected: "a reminder")
        return RepeatSeries.OccurrenceFields(
            title: title, notes: try entry.optionalString("notes"), slot: slot, time: time,
            tags: try entry.strings("tags", each: "expected a tag"), category: try entry.optionalString("category"),
            color: color, favorite: try entry.bool("favorite"), remind: remind,
            estimate: try entry.optionalInt("estimate", in: 1...Int64(PlannerTask.longestEstimate)))
    }

    private static func date(_ entry: FieldReader, _ key: String) throws(StoreError) -> CivilDate {
        let text = try entry.string(key)
        guard let date = CivilDate(iso: text) else { throw entry.fail(key, "'\(text)' is not YYYY-MM-DD") }
        return date
    }
}
