import ShadeCore
import ShadeJSON

/// How a shared file keeps the records removed from it: by uid (or key), each with when and by
/// whom it was removed, so that a merge can tell a removal after a record's last change (it wins)
/// from one before it (it loses).
///
/// ```json
/// "removed": {"0fb71b8d-…": {"at": "2026-11-24T18:02:11+01:00", "by": "ana"}}
/// ```
/// Left out while there is none, so that a file with no removal reads as it always did.
enum TombstonesCodec {
    static let key = "removed"

    /// Adds the tombstones to a document, when there are any.
    static func append(_ removed: [String: FieldStamp], to document: inout JSONValue) {
        guard !removed.isEmpty, case .object(var object) = document else { return }
        var list = JSONObject()
        for (key, stamp) in removed.sorted(by: { $0.key < $1.key }) {
            list.appendUnique(key, ["at": .string(stamp.at), "by": .string(stamp.by)])
        }
        object.appendUnique(key, .object(list))
        document = .object(object)
    }

    /// The tombstones under `key` of a document (none when it has no such key).
    static func decode(_ reader: FieldReader) throws(StoreError) -> [String: FieldStamp] {
        guard reader[key] != nil else { return [:] }
        let list = try reader.reader(at: key)
        var result: [String: FieldStamp] = [:]
        for (name, _) in list.members {
            guard !name.isEmpty else { throw list.fail(name, "a removed record needs its uid") }
            let entry = try list.reader(at: name)
            try entry.rejectUnknownKeys(allowed: ["at", "by"])
            result[name] = FieldStamp(at: try entry.string("at"), by: try entry.string("by"))
        }
        return result
    }
}
