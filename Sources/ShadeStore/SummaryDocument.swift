import ShadeCore
import ShadeJSON

/// The file that sums up each week of one ISO week-year, so that statistics over years of history
/// never read the weeks themselves.
///
/// ```json
/// {"format": 1, "kind": "summary", "year": 2026,
///  "weeks": {"2026-W48": {"stamp": [5120, 1795000000000000000], "counts": [63 integers]}}}
/// ```
/// `counts` holds done, open and cancelled for Monday morning, Monday afternoon, … Sunday evening.
/// `stamp` is the week file's size and modification time (ns) when it was summed up: a week whose
/// file no longer matches (a hand edit) is summed up again from the file itself.
enum SummaryDocument {
    struct Entry: Hashable {
        let stamp: FileStamp
        let cells: WeekCells
    }

    static func encode(year: Int, entries: [ISOWeek: Entry]) -> JSONValue {
        var weeks = JSONObject()
        for week in entries.keys.sorted() {
            let entry = entries[week]!
            weeks.appendUnique(
                week.description,
                [
                    "stamp": [.int(entry.stamp.size), .int(entry.stamp.modifiedNanoseconds)],
                    "counts": .array(entry.cells.counts.map { .int(Int64($0)) }),
                ])
        }
        return [
            "format": .int(Int64(StoreFormat.version)), "kind": "summary", "year": .int(Int64(year)),
            "weeks": .object(weeks),
        ]
    }

    static func decode(_ value: JSONValue, file: String, year: Int) throws(StoreError) -> [ISOWeek: Entry] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "summary")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "year", "weeks"])
        guard try reader.int("year", in: 1...9999) == Int64(year) else {
            throw reader.fail("year", "expected \(year) for this file")
        }
        var entries: [ISOWeek: Entry] = [:]
        for (key, value) in try reader.object("weeks") {
            guard let week = ISOWeek(parsing: key), week.year == year else {
                throw reader.fail("weeks.\(key)", "not a week of \(year)")
            }
            let entry = try FieldReader(value, file: file, location: "weeks.\(key)")
            try entry.rejectUnknownKeys(allowed: ["stamp", "counts"])
            let stamp = try entry.array("stamp").compactMap(\.intValue)
            let counts = try entry.array("counts").compactMap { $0.intValue.map(Int.init) }
            guard stamp.count == 2 else { throw entry.fail("stamp", "expected [size, modified]") }
            guard let cells = WeekCells(counts: counts) else {
                throw entry.fail("counts", "expected 63 counts of zero or more")
            }
            entries[week] = Entry(stamp: FileStamp(size: stamp[0], modifiedNanoseconds: stamp[1]), cells: cells)
        }
        return entries
    }
}
