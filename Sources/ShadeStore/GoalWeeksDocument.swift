import ShadeCore
import ShadeJSON

/// The weeks that hold the tasks of each goal, year by year: `summary/goals.json`.
///
/// ```json
/// {"format":3,"kind":"goal-weeks","years":{"2026":{"folder":[4096,1795000000000000000,1312],
///  "goals":{"GOAL-UID":["2026-W47","2026-W48"]}}}}
/// ```
/// A cache, like the week-year summaries: each year's part was found in the weeks of
/// `weeks/YYYY/` as that folder was (its size, modification time and inode; null when it had just
/// changed), and holds while the folder is as it was — a week file written, added or removed there
/// by shade, by git or by hand through a new file changes the folder. A goal's tasks are then read
/// from the weeks named alone, whatever the years kept. Written compact, without a flush; `check`
/// removes it when it no longer matches the weeks (a week file edited in place leaves its folder
/// as it was), and the next reader writes it again.
enum GoalWeeksDocument {
    /// One year's part.
    struct Year: Hashable {
        /// The version of the year's folder the part was found in; nil when it is not to be relied on.
        var folder: FileVersion?
        /// The weeks of the year that hold tasks of each goal (by uid), in order.
        var goals: [String: [ISOWeek]]
    }

    static func encode(_ years: [Int: Year]) -> JSONValue {
        var members = JSONObject()
        for (year, part) in years.sorted(by: { $0.key < $1.key }) {
            var goals = JSONObject()
            for (goal, weeks) in part.goals.sorted(by: { $0.key < $1.key }) {
                goals.appendUnique(goal, .array(weeks.map { .string($0.description) }))
            }
            let folder: JSONValue =
                part.folder.map { [.int($0.file.size), .int($0.file.modifiedNanoseconds), .int($0.inode)] } ?? .null
            members.appendUnique(StorePaths.padded(year, 4), ["folder": folder, "goals": .object(goals)])
        }
        return ["format": .int(Int64(StoreFormat.version)), "kind": "goal-weeks", "years": .object(members)]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> [Int: Year] {
        let reader = try FieldReader(value, file: file, location: "")
        _ = try reader.checkHeader(kind: "goal-weeks")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "years"])
        var years: [Int: Year] = [:]
        for (key, node) in try reader.object("years") {
            guard key.count == 4, let year = Int(key), year >= 1 else {
                throw reader.fail("years.\(key)", "not a year")
            }
            let part = try FieldReader(node, file: file, location: "years.\(key)")
            try part.rejectUnknownKeys(allowed: ["folder", "goals"])
            var folder: FileVersion?
            let stamp = try part.value("folder")
            if !stamp.isNull {
                let numbers = (stamp.elements ?? []).compactMap(\.intValue)
                guard numbers.count == 3 else { throw part.fail("folder", "expected [size, modified, inode] or null") }
                folder = FileVersion(
                    file: FileStamp(size: numbers[0], modifiedNanoseconds: numbers[1]), inode: numbers[2])
            }
            var goals: [String: [ISOWeek]] = [:]
            for (goal, list) in try part.object("goals") {
                var weeks: [ISOWeek] = []
                for element in list.elements ?? [] {
                    guard let week = element.stringValue.flatMap(ISOWeek.init(parsing:)), week.year == year else {
                        throw part.fail("goals.\(goal)", "expected the weeks of \(key)")
                    }
                    weeks.append(week)
                }
                goals[goal] = weeks
            }
            years[year] = Year(folder: folder, goals: goals)
        }
        return years
    }

    /// Reads the cache; one that is missing or cannot be read counts as empty.
    static func read(_ file: String) -> [Int: Year]? {
        guard let bytes = try? FileSystem.read(file), let document = try? JSONDocument(parsing: bytes) else {
            return nil
        }
        return try? decode(document.value, file: file)
    }
}
