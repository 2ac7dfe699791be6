import ShadeCore
import ShadeJSON

/// The weekday-by-slot tallies of the occurrences the repeat series show in each week a reader
/// asked for, as long as the series stay as they were: `summary/repeats.json`.
///
/// ```json
/// {"format":3,"kind":"repeat-summary","series":[33048,1795000000000000000,1312],
///  "weeks":{"2026-W48":"0 3 0 0 3 0 …"}}
/// ```
/// A cache, like the week-year summaries: `series` is the stamp (size, modification time and
/// inode: every write of the file puts a new one in place) of `series.json` the tallies were
/// counted from, and any change of the series (a new rule, an
/// occurrence acted on, a hand edit) makes the whole file stale. It lets `week` show a week of
/// repeat rules without reading the series. Written compact, without a flush.
enum RepeatSummaryDocument {
    struct Content: Hashable {
        let series: FileVersion
        var weeks: [ISOWeek: WeekCells]
    }

    static func encode(_ content: Content) -> JSONValue {
        var weeks = JSONObject()
        for (week, cells) in content.weeks.sorted(by: { $0.key < $1.key }) {
            weeks.appendUnique(week.description, .string(SummaryDocument.counts(cells)))
        }
        return [
            "format": .int(Int64(StoreFormat.version)), "kind": "repeat-summary",
            "series": [
                .int(content.series.file.size), .int(content.series.file.modifiedNanoseconds),
                .int(content.series.inode),
            ],
            "weeks": .object(weeks),
        ]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> Content {
        let reader = try FieldReader(value, file: file, location: "")
        _ = try reader.checkHeader(kind: "repeat-summary")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "series", "weeks"])
        let stamp = try reader.array("series").compactMap(\.intValue)
        guard stamp.count == 3 else { throw reader.fail("series", "expected [size, modified, inode]") }
        var weeks: [ISOWeek: WeekCells] = [:]
        for (key, value) in try reader.object("weeks") {
            guard let week = ISOWeek(parsing: key) else { throw reader.fail("weeks.\(key)", "not a week") }
            guard let text = value.stringValue, let cells = WeekCells(counts: SummaryDocument.numbers(text)) else {
                throw reader.fail("weeks.\(key)", "expected 63 counts of zero or more")
            }
            weeks[week] = cells
        }
        return Content(
            series: FileVersion(file: FileStamp(size: stamp[0], modifiedNanoseconds: stamp[1]), inode: stamp[2]),
            weeks: weeks)
    }

    /// Reads the cache; one that is missing or cannot be read counts as empty.
    static func read(_ file: String) -> Content? {
        guard let bytes = try? FileSystem.read(file), let document = try? JSONDocument(parsing: bytes) else {
            return nil
        }
        return try? decode(document.value, file: file)
    }
}
