import ShadeCore
import ShadeJSON

/// The file mapping a run of 1024 ids to the week each task lives in.
///
/// ```json
/// {"format": 1, "kind": "ids", "first": 1024, "weeks": ["2026-W48", null, "2026-W49"]}
/// ```
/// Entry `i` is id `first + i`; `null` marks a removed task. Ids are handed out in order, so
/// the last shard's length tells the next id, and a removed id is never handed out again.
enum IDShardDocument {
    static func encode(shard: Int, weeks: [ISOWeek?]) -> JSONValue {
        [
            "format": .int(Int64(StoreFormat.version)), "kind": "ids",
            "first": .int(Int64(shard * StoreFormat.idsPerShard)),
            "weeks": .array(names(of: weeks)),
        ]
    }

    /// Each week's name (a shard names a few weeks, each for many ids in a row: each name is
    /// made once).
    private static func names(of weeks: [ISOWeek?]) -> [JSONValue] {
        var last: (week: ISOWeek, name: JSONValue)?
        return weeks.map { week in
            guard let week else { return .null }
            if let last, last.week == week { return last.name }
            let name = JSONValue.string(week.description)
            last = (week, name)
            return name
        }
    }

    static func decode(_ value: JSONNode, file: String, shard: Int) throws(StoreError) -> [ISOWeek?] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "ids")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "first", "weeks"])
        let first = Int64(shard * StoreFormat.idsPerShard)
        guard try reader.int("first", in: 0...Int64(Int32.max)) == first else {
            throw reader.fail("first", "expected \(first) for this file")
        }
        let entries = try reader.array("weeks")
        guard entries.count <= StoreFormat.idsPerShard else {
            throw reader.fail("weeks", "holds \(entries.count) entries; at most \(StoreFormat.idsPerShard)")
        }
        var weeks: [ISOWeek?] = []
        weeks.reserveCapacity(entries.count)
        // The name read last and its week: ids in a row mostly name one week, read once.
        var last: (name: String, week: ISOWeek)?
        for (index, entry) in entries.enumerated() {
            let text = entry.isNull ? nil : entry.stringValue
            if entry.isNull {
                weeks.append(nil)
            } else if let text, let last, text == last.name {
                weeks.append(last.week)
            } else if let text, let week = ISOWeek(parsing: text) {
                weeks.append(week)
                last = (text, week)
            } else {
                throw reader.fail("weeks[\(index)]", "expected a week such as 2026-W48, or null")
            }
        }
        // Id 0 is never handed out; its entry stays null.
        if shard == 0, let first = weeks.first, first != nil {
            throw reader.fail("weeks[0]", "id 0 is not used; expected null")
        }
        return weeks
    }
}

/// The store's own file: its format version.
enum MetaDocument {
    static func encode() -> JSONValue {
        ["format": .int(Int64(StoreFormat.version)), "kind": "store"]
    }

    /// Checks the store file; returns its format version.
    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> Int {
        let reader = try FieldReader(value, file: file, location: "")
        let format = try reader.checkHeader(kind: "store")
        try reader.rejectUnknownKeys(allowed: ["format", "kind"])
        return format
    }
}
