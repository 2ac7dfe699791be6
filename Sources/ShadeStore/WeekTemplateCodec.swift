import ShadeCore
import ShadeJSON

/// Week templates: `templates.json`, each a name, the week it was saved from, and its tasks.
///
/// ```json
/// {"name": "typical", "source": "2026-W48",
///  "entries": [{"weekday": "mon", "title": "Gym", "notes": null, "slot": "morning", "time": "07:00",
///               "tags": [], "category": "health", "color": null, "favorite": false, "remind": "15m",
///               "every": "weekday", "series": "…"}],
///  "created": "…", "modified": "…", "stamps": {…}}
/// ```
enum WeekTemplateCodec: KeyedRecordCodec {
    static let kind = WeekTemplate.kind
    static let file = "templates.json"
    static let documentKind = "templates"
    static let schemaDefinition = "template"
    private static let order = JSONKeyList(["name", "source", "entries", "created", "modified", StampsCodec.key])
    private static let entryOrder = JSONKeyList([
        "weekday", "title", "notes", "slot", "time", "tags", "category", "color", "favorite", "remind", "estimate",
        "every", "series",
    ])

    static func encode(_ record: AnyKeyedRecord) -> JSONValue {
        guard let template = record.base as? WeekTemplate else { preconditionFailure("a record of another kind") }
        var object = JSONObject()
        object.appendUnique("name", .string(template.name))
        object.appendUnique("source", .string(template.source.description))
        object.appendUnique("entries", .array(template.entries.map(encode)))
        object.appendUnique("created", .string(template.created))
        object.appendUnique("modified", .string(template.modified))
        object.appendUnique(StampsCodec.key, StampsCodec.encode(template.stamps))
        return .object(object)
    }

    private static func encode(_ entry: WeekTemplate.Entry) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("weekday", .string(entry.weekday.shortName.lowercased()))
        RepeatSeriesCodec.append(entry.fields, to: &object)
        object.appendUnique("every", .optional(entry.every?.description))
        object.appendUnique("series", .optional(entry.series))
        return .object(object)
    }

    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
    {
        let reader = try FieldReader(value, file: file, location: location, keys: order)
        let name = try reader.string("name")
        guard (try? TemplateOperations.validateName(name)) != nil else {
            throw reader.fail("name", "'\(name)' is not a template name")
        }
        let sourceText = try reader.string("source")
        guard let source = ISOWeek(parsing: sourceText) else {
            throw reader.fail("source", "'\(sourceText)' is not a week YYYY-Www")
        }
        var entries: [WeekTemplate.Entry] = []
        for (index, element) in try reader.array("entries").enumerated() {
            let entry = try FieldReader(
                element, file: file, location: reader.path("entries[\(index)]"), keys: entryOrder)
            let weekdayText = try entry.string("weekday")
            guard let weekday = Weekday.allCases.first(where: { $0.shortName.lowercased() == weekdayText }) else {
                throw entry.fail("weekday", "'\(weekdayText)' is not mon, tue, … sun")
            }
            let every = try entry.optional("every", { RepeatRule(parsing: $0) }, expected: "a repeat rule")
            entries.append(
                WeekTemplate.Entry(
                    weekday: weekday, fields: try RepeatSeriesCodec.occurrenceFields(entry), every: every,
                    series: try entry.optionalString("series")))
        }
        return AnyKeyedRecord(
            WeekTemplate(
                name: name, source: source, entries: entries, created: try reader.string("created"),
                modified: try reader.string("modified"),
                stamps: try StampsCodec.decode(reader, fields: WeekTemplate.stampedFields)))
    }
}
