import ShadeCore
import ShadeJSON

/// Where each week's tasks of each category and tag were planned and done, for the weeks `plan`
/// last asked for (the year before the week it planned): `summary/places.json`.
///
/// ```json
/// {"format":3,"kind":"place-summary",
///  "weeks":{"2026-W47":{"stamp":[5120,1795000000000000000],"places":{"tag:home":"2:0/1 14:1/1"}}}}
/// ```
/// For each key (`cat:NAME`, `tag:NAME`), each weekday × slot with tasks (0 Monday morning … 20
/// Sunday evening) as `PLACE:DONE/COUNTED`. A cache kept apart from the week-year summaries, which
/// every view reads: only `plan` pays for it. `stamp` is the week file's size and modification
/// time when it was counted; a week whose file no longer matches is counted again. Written
/// compact, without a flush; one lost or unreadable is counted again from the weeks.
enum PlaceSummaryDocument {
    struct Entry: Hashable {
        let stamp: FileStamp
        let places: PlaceHistory
    }

    static func encode(_ entries: [ISOWeek: Entry]) -> JSONValue {
        var weeks = JSONObject()
        for (week, entry) in entries.sorted(by: { $0.key < $1.key }) {
            var places = JSONObject()
            for (key, counts) in entry.places.counts.sorted(by: { $0.key < $1.key }) {
                let text = counts.indices.filter { counts[$0].counted > 0 }.map {
                    "\($0):\(counts[$0].done)/\(counts[$0].counted)"
                }
                places.appendUnique(key, .string(text.joined(separator: " ")))
            }
            weeks.appendUnique(
                week.description,
                ["stamp": [.int(entry.stamp.size), .int(entry.stamp.modifiedNanoseconds)], "places": .object(places)])
        }
        return ["format": .int(Int64(StoreFormat.version)), "kind": "place-summary", "weeks": .object(weeks)]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> [ISOWeek: Entry] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "place-summary")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "weeks"])
        var entries: [ISOWeek: Entry] = [:]
        for (key, value) in try reader.object("weeks") {
            guard let week = ISOWeek(parsing: key) else { throw reader.fail("weeks.\(key)", "not a week") }
            let entry = try FieldReader(value, file: file, location: "weeks.\(key)")
            try entry.rejectUnknownKeys(allowed: ["stamp", "places"])
            let stamp = try entry.array("stamp").compactMap(\.intValue)
            guard stamp.count == 2 else { throw entry.fail("stamp", "expected [size, modified]") }
            var places: [String: [PlaceHistory.Count]] = [:]
            for (name, text) in try entry.object("places") {
                guard let counts = counts(text.stringValue ?? "") else {
                    throw entry.fail("places.\(name)", "expected \"PLACE:DONE/COUNTED …\"")
                }
                places[name] = counts
            }
            entries[week] = Entry(
                stamp: FileStamp(size: stamp[0], modifiedNanoseconds: stamp[1]), places: PlaceHistory(counts: places))
        }
        return entries
    }

    /// The 21 places' counts of `2:0/1 14:1/1` (places left out counted nothing), or nil when it
    /// is not that. Read a byte at a time: `plan` reads a year of weeks' worth of them.
    static func counts(_ text: String) -> [PlaceHistory.Count]? {
        var result = Array(repeating: PlaceHistory.Count(), count: 21)
        // The number being read (0: the place, 1: done, 2: counted), its value, and whether it has digits.
        var numbers = (0, 0, 0)
        var part = 0
        var digits = false
        func close() -> Bool {
            guard part == 2, digits, numbers.0 < 21, numbers.1 <= numbers.2, numbers.2 > 0 else { return false }
            result[numbers.0] = PlaceHistory.Count(done: numbers.1, counted: numbers.2)
            (numbers, part, digits) = ((0, 0, 0), 0, false)
            return true
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                switch part {
                case 0: numbers.0 = numbers.0 * 10 + digit
                case 1: numbers.1 = numbers.1 * 10 + digit
                default: numbers.2 = numbers.2 * 10 + digit
                }
                guard max(numbers.0, numbers.1, numbers.2) <= Int(Int32.max) else { return nil }
                digits = true
            case UInt8(ascii: ":") where part == 0 && digits, UInt8(ascii: "/") where part == 1 && digits:
                (part, digits) = (part + 1, false)
            case UInt8(ascii: " "):
                guard close() else { return nil }
            default: return nil
            }
        }
        return close() ? result : nil
    }

    /// Reads the cache; one that is missing or cannot be read counts as empty.
    static func read(_ file: String) -> [ISOWeek: Entry] {
        guard let bytes = try? FileSystem.read(file), let document = try? JSONDocument(parsing: bytes),
            let entries = try? decode(document.value, file: file)
        else { return [:] }
        return entries
    }
}
