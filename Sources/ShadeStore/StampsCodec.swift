import ShadeCore
import ShadeJSON

/// How a record's field stamps are written in store files and the change log.
///
/// ```json
/// "stamps": {"made": {"at": "2026-11-23T09:30:00+01:00", "by": "ana"},
///            "changed": {"status": {"at": "2026-11-24T18:02:11+01:00", "by": "ben"}}}
/// ```
/// A field not under `changed` was last set when the record was made.
enum StampsCodec {
    static let key = "stamps"
    private static let stampsOrder = JSONKeyList(["made", "changed"])
    private static let stampOrder = JSONKeyList(["at", "by"])

    static func encode(_ stamps: FieldStamps) -> JSONValue {
        var changed = JSONObject(reservingCapacity: stamps.changed.count)
        for (field, stamp) in stamps.changed.sorted(by: { $0.key < $1.key }) {
            changed.appendUnique(field, encode(stamp))
        }
        return ["made": encode(stamps.made), "changed": .object(changed)]
    }

    private static func encode(_ stamp: FieldStamp) -> JSONValue {
        ["at": .string(stamp.at), "by": .string(stamp.by)]
    }

    /// Reads the stamps under `key` of a record whose fields are `fields`.
    static func decode(_ reader: FieldReader, fields: Set<String>) throws(StoreError) -> FieldStamps {
        let stamps = try reader.reader(at: key)
        try stamps.rejectUnknownKeys(allowed: ["made", "changed"], usual: stampsOrder)
        let made = try decodeStamp(stamps, "made")
        var changed: [String: FieldStamp] = [:]
        let list = try stamps.reader(at: "changed")
        for (field, _) in list.members {
            guard fields.contains(field) else {
                throw list.fail(field, "'\(field)' is not a field of this record")
            }
            changed[field] = try decodeStamp(list, field)
        }
        return FieldStamps(made: made, changed: changed)
    }

    private static func decodeStamp(_ reader: FieldReader, _ key: String) throws(StoreError) -> FieldStamp {
        let entry = try reader.reader(at: key)
        try entry.rejectUnknownKeys(allowed: ["at", "by"], usual: stampOrder)
        return FieldStamp(at: try entry.string("at"), by: try entry.string("by"))
    }
}
