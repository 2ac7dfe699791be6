import ShadeCore
import ShadeJSON

/// The file that sums up each week of one ISO week-year, so that statistics over years of history
/// never read the weeks themselves.
///
/// ```json
/// {"format":1,"kind":"summary","year":2026,
///  "weeks":{"2026-W48":{"stamp":[5120,1795000000000000000],"counts":"1 2 0 0 3 1 …"}}}
/// ```
/// `counts` holds 63 numbers, done, open and cancelled for Monday morning, Monday afternoon, …
/// Sunday evening, as one string: a summary is a cache read in bulk by `stats --all`, and one
/// token a week instead of 63 makes reading a century of weeks several times cheaper. For the same
/// reason it is written compact. `stamp` is the week file's size and modification time (ns) when
/// it was summed up: a week whose file no longer matches (a hand edit) is summed up again from the
/// file itself. `carried`, when there is any, counts the week's tasks that `carry` brought from
/// earlier weeks, by the week each was first planned in. `goals` (always written), `categories`
/// and `authors` (when there are any) are the week's digest (`WeekDigest`): the goals its tasks
/// join, their counts by category (done, open, cancelled) and each author's changes; an entry
/// without `goals`, summed up by an earlier shade, has no digest.
enum SummaryDocument {
    struct Entry: Hashable {
        let stamp: FileStamp
        let cells: WeekCells
        /// The tasks filed in the week that `carry` brought from an earlier week, counted by the
        /// week each was first planned in (what `stats` counts as carried out of that week).
        var carriedFrom: [ISOWeek: Int] = [:]
        /// The week's digest; nil when not known.
        var digest: WeekDigest?

        init(stamp: FileStamp, cells: WeekCells, carriedFrom: [ISOWeek: Int] = [:], digest: WeekDigest? = nil) {
            self.stamp = stamp
            self.cells = cells
            self.carriedFrom = carriedFrom
            self.digest = digest
        }

        /// The entry of a week's filed tasks.
        init(stamp: FileStamp, tasks: [PlannerTask], week: ISOWeek) {
            self.init(
                stamp: stamp, cells: WeekCells(tasks), carriedFrom: CarryOperations.carriedFrom(tasks, week: week),
                digest: WeekDigest(tasks))
        }
    }

    static func encode(year: Int, entries: [ISOWeek: Entry]) -> JSONValue {
        var weeks = JSONObject()
        for (week, entry) in entries.sorted(by: { $0.key < $1.key }) {
            var object = JSONObject()
            object.appendUnique("stamp", [.int(entry.stamp.size), .int(entry.stamp.modifiedNanoseconds)])
            object.appendUnique("counts", .string(counts(entry.cells)))
            if !entry.carriedFrom.isEmpty {
                var carried = JSONObject()
                for (from, count) in entry.carriedFrom.sorted(by: { $0.key < $1.key }) {
                    carried.appendUnique(from.description, .int(Int64(count)))
                }
                object.appendUnique("carried", .object(carried))
            }
            if let digest = entry.digest { encode(digest, into: &object) }
            weeks.appendUnique(week.description, .object(object))
        }
        return [
            "format": .int(Int64(StoreFormat.version)), "kind": "summary", "year": .int(Int64(year)),
            "weeks": .object(weeks),
        ]
    }

    /// Reads a summary file; one that is missing or cannot be read counts as empty (its weeks are
    /// then summed up from their files).
    static func read(_ file: String, year: Int) -> [ISOWeek: Entry] {
        guard let bytes = try? FileSystem.read(file), let document = try? JSONDocument(parsing: bytes),
            let entries = try? decode(document.value, file: file, year: year)
        else { return [:] }
        return entries
    }

    /// A week's 63 counts as one space-separated string (a summary's `counts`).
    static func counts(_ cells: WeekCells) -> String { cells.counts.map(String.init).joined(separator: " ") }

    /// The non-negative decimal numbers of a space-separated list; nil entries make the list
    /// fail `WeekCells(counts:)`.
    static func numbers(_ text: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(63)
        var current = -1
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                current = (current < 0 ? 0 : current) &* 10 &+ Int(byte - UInt8(ascii: "0"))
                if current > Int(Int32.max) { return [] }
            } else if byte == UInt8(ascii: " "), current >= 0 {
                result.append(current)
                current = -1
            } else {
                return []
            }
        }
        if current >= 0 { result.append(current) }
        return result
    }

    static func decode(_ value: JSONNode, file: String, year: Int) throws(StoreError) -> [ISOWeek: Entry] {
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
            try entry.rejectUnknownKeys(allowed: ["stamp", "counts", "carried", "goals", "categories", "authors"])
            let stamp = try entry.array("stamp").compactMap(\.intValue)
            let counts = SummaryDocument.numbers(try entry.string("counts"))
            guard stamp.count == 2 else { throw entry.fail("stamp", "expected [size, modified]") }
            guard let cells = WeekCells(counts: counts) else {
                throw entry.fail("counts", "expected 63 counts of zero or more")
            }
            var carriedFrom: [ISOWeek: Int] = [:]
            if entry["carried"] != nil {
                for (from, count) in try entry.object("carried") {
                    guard let fromWeek = ISOWeek(parsing: from), fromWeek < week, let number = count.intValue,
                        number > 0
                    else { throw entry.fail("carried.\(from)", "expected an earlier week and a count") }
                    carriedFrom[fromWeek] = Int(number)
                }
            }
            entries[week] = Entry(
                stamp: FileStamp(size: stamp[0], modifiedNanoseconds: stamp[1]), cells: cells,
                carriedFrom: carriedFrom, digest: entry["goals"] == nil ? nil : try decodeDigest(entry))
        }
        return entries
    }

    /// `"goals": ["uid", …], "categories": {"work": "done open cancelled"}, "authors": {"ana": 12}`.
    private static func encode(_ digest: WeekDigest, into object: inout JSONObject) {
        object.appendUnique("goals", .array(digest.goals.sorted().map { .string($0) }))
        if !digest.categories.isEmpty {
            var categories = JSONObject()
            for (name, tally) in digest.categories.sorted(by: { $0.key < $1.key }) {
                categories.appendUnique(name, .string("\(tally.done) \(tally.open) \(tally.cancelled)"))
            }
            object.appendUnique("categories", .object(categories))
        }
        if !digest.authors.isEmpty {
            var authors = JSONObject()
            for (name, count) in digest.authors.sorted(by: { $0.key < $1.key }) {
                authors.appendUnique(name, .int(Int64(count)))
            }
            object.appendUnique("authors", .object(authors))
        }
    }

    private static func decodeDigest(_ entry: FieldReader) throws(StoreError) -> WeekDigest {
        let goalValues = try entry.array("goals")
        let goals = goalValues.compactMap(\.stringValue)
        guard goals.count == goalValues.count, !goals.contains(where: \.isEmpty) else {
            throw entry.fail("goals", "expected a list of goal uids")
        }
        var categories: [String: Tally] = [:]
        if entry["categories"] != nil {
            for (name, value) in try entry.object("categories") {
                let counts = value.stringValue.map(numbers) ?? []
                guard counts.count == 3 else {
                    throw entry.fail("categories.\(name)", "expected \"done open cancelled\"")
                }
                categories[name] = Tally(done: counts[0], open: counts[1], cancelled: counts[2])
            }
        }
        var authors: [String: Int] = [:]
        if entry["authors"] != nil {
            for (name, value) in try entry.object("authors") {
                guard let count = value.intValue, count > 0, count <= Int64(Int32.max) else {
                    throw entry.fail("authors.\(name)", "expected a count of one or more")
                }
                authors[name] = Int(count)
            }
        }
        return WeekDigest(goals: Set(goals), categories: categories, authors: authors)
    }
}
