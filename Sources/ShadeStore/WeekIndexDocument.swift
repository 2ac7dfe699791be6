import ShadeCore
import ShadeJSON

/// This copy's short ids of one week's tasks, by uid: `ids/weeks/2026-W48.json`.
///
/// ```json
/// {"format": 3, "kind": "week-ids", "week": "2026-W48", "ids": {"9f1c…": 12, "a07e…": 15}}
/// ```
/// Week files name tasks by uid only, so that two copies of a planner share them as they are;
/// each copy numbers the tasks it holds in its own index, which it never shares. Entries are in
/// id order.
///
/// `checked`, when there, names the days of the week file whose text this copy has read in full
/// or written, by a hash of that text (`DayTextHash`): a one-shot change to another day then
/// writes such a day back as its text unread (`StoreState.readDayAlone`). Its `file` entry, when
/// there, is what the change that wrote the file knew of it (`WeekCertificate`). It is a cache: an
/// entry that does not match the file's text certifies nothing, and one that does not read is
/// left out.
enum WeekIndexDocument {
    static func encode(
        week: ISOWeek, ids: [String: Int], checked: [CivilDate: UInt64] = [:], certificate: WeekCertificate? = nil
    ) -> JSONValue {
        document(week: week, ids: LocalIDs.encode(ids), checked: checked, certificate: certificate)
    }

    /// The index with its `ids` member the string `idsStandIn`, for the writer to put an earlier
    /// text of the ids in its place (`JSONWriter.bytes(_:verbatim:)`): the ids are not encoded.
    static func encode(
        week: ISOWeek, idsStandIn: String, checked: [CivilDate: UInt64], certificate: WeekCertificate?
    ) -> JSONValue {
        document(week: week, ids: .string(idsStandIn), checked: checked, certificate: certificate)
    }

    private static func document(
        week: ISOWeek, ids: JSONValue, checked: [CivilDate: UInt64], certificate: WeekCertificate?
    ) -> JSONValue {
        var document = JSONObject()
        document.appendUnique("format", .int(Int64(StoreFormat.version)))
        document.appendUnique("kind", "week-ids")
        document.appendUnique("week", .string(week.description))
        document.appendUnique("ids", ids)
        if !checked.isEmpty || certificate != nil {
            var days = JSONObject()
            for (date, hash) in checked.sorted(by: { $0.key < $1.key }) {
                days.appendUnique(date.description, .string(DayTextHash.text(of: hash)))
            }
            if let certificate { days.appendUnique("file", .string(certificate.text)) }
            document.appendUnique("checked", .object(days))
        }
        return .object(document)
    }

    /// The days the index certifies (see the type): each entry that reads as a day of the week
    /// and a hash.
    static func checked(_ value: JSONNode, expected week: ISOWeek) -> [CivilDate: UInt64] {
        var result: [CivilDate: UInt64] = [:]
        for (key, entry) in value.member("checked")?.members?.members ?? [] {
            guard let date = CivilDate(iso: key), date.isoWeek == week, let text = entry.stringValue,
                let hash = DayTextHash.hash(of: text)
            else { continue }
            result[date] = hash
        }
        return result
    }

    /// The certificate of the week file (`WeekCertificate`, the `file` entry of `checked`), when
    /// the index holds one that reads.
    static func certificate(_ value: JSONNode, expected week: ISOWeek) -> WeekCertificate? {
        value.member("checked")?.member("file")?.stringValue.flatMap { WeekCertificate(text: $0, week: week) }
    }

    /// The ids by uid.
    static func decode(_ value: JSONNode, file: String, expected week: ISOWeek) throws(StoreError) -> [String: Int] {
        try LocalIDs.decode(try header(value, file: file, expected: week))
    }

    /// The ids of these uids alone, in their order (nil for a uid the index does not hold), each
    /// looked up in the parsed file: a read of one day of a large week copies a few entries of
    /// its index into Swift, not all of them. Every entry is still checked to be an id, each id
    /// once.
    static func ids(of uids: [String], in value: JSONNode, file: String, expected week: ISOWeek)
        throws(StoreError) -> [Int?]
    {
        let reader = try header(value, file: file, expected: week)
        let entries = try reader.reader(at: "ids")
        var seen = Set<Int>(minimumCapacity: entries.count)
        for entry in entries.node.memberValues ?? [] {
            guard let id = LocalIDs.id(entry), seen.insert(id).inserted else {
                // The whole index is read, which names the entry.
                let all = try LocalIDs.decode(reader)
                return uids.map { all[$0] }
            }
        }
        return uids.map { uid in entries[uid].flatMap(LocalIDs.id) }
    }

    /// The document, once its header and week are checked.
    private static func header(_ value: JSONNode, file: String, expected week: ISOWeek) throws(StoreError)
        -> FieldReader
    {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "week-ids")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "week", "ids", "checked"])
        let name = try reader.string("week")
        guard name == week.description else {
            throw reader.fail("week", "this file indexes week \(name), but its name says \(week)")
        }
        return reader
    }
}

/// A copy's own numbers of records, by uid (`"ids": {"9f1c…": 12}`): the tasks of a week, the
/// goals. In number order; a number appears once.
enum LocalIDs {
    static func encode(_ ids: [String: Int]) -> JSONValue {
        var object = JSONObject()
        for (uid, id) in ids.sorted(by: { $0.value < $1.value }) { object.appendUnique(uid, .int(Int64(id))) }
        return .object(object)
    }

    /// The `ids` member of a document.
    static func decode(_ reader: FieldReader) throws(StoreError) -> [String: Int] {
        let entries = try reader.reader(at: "ids")
        let members = entries.members
        var result = [String: Int](minimumCapacity: members.count)
        var seen = Set<Int>(minimumCapacity: members.count)
        // Each member read as it comes (a lookup by key would make a large week quadratic).
        for (uid, value) in members {
            guard let id = id(value) else { throw entries.fail(uid, "expected an id from 1 to \(Int32.max)") }
            guard seen.insert(id).inserted else { throw entries.fail(uid, "id \(id) appears twice") }
            result[uid] = id
        }
        return result
    }

    /// The id an entry holds, when it holds one (an integer from 1 to `Int32.max`).
    static func id(_ value: JSONNode) -> Int? {
        guard let number = value.intValue, (1...Int64(Int32.max)).contains(number) else { return nil }
        return Int(number)
    }
}
