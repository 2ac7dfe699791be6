import ShadeCore
import ShadeJSON

/// The file of one ISO week: its tasks keyed by day, then by slot.
///
/// ```json
/// {"format": 3, "kind": "week", "week": "2026-W48",
///  "days": {"2026-11-23": {"morning": [task…], "afternoon": [], "evening": []}}}
/// ```
/// Days appear in date order and only when they hold a task; slots always all three, in order;
/// tasks in the order they were filed. From format 3 a task is known by its uid alone; its id is
/// in the week's id index (`WeekIndexDocument`).
enum WeekDocument {
    /// What a week file holds: its tasks, and the format it was written in (tasks of format 3
    /// have id 0 until the id index numbers them).
    struct Content: Equatable {
        var format: Int
        var tasks: [PlannerTask]
        /// The tasks removed from the week, by uid (`TombstonesCodec`).
        var removed: [String: FieldStamp] = [:]
        /// Of a read of one day (`decode(only:)`): the `JSONNode.stringHash` of the uid of every
        /// task of the week, whichever day it is filed on.
        var uidHashes: Set<UInt64> = []

        /// The content with the tasks of one day alone (and the uid hashes of the whole week).
        func keeping(_ day: CivilDate) -> Content {
            Content(
                format: format, tasks: tasks.filter { $0.date == day }, removed: removed,
                uidHashes: Set(tasks.map { JSONNode.stringHash(of: $0.uid) }))
        }
    }

    /// The tasks of a week an earlier format wrote, each uid once: a task copied by hand (two
    /// tasks, one uid) keeps its own id and gets a uid of its own (`copyUID`), so that the week
    /// can be written in format 3, where a uid is the identity.
    static func distinctUIDs(_ tasks: [PlannerTask]) -> [PlannerTask] {
        var seen: Set<String> = []
        return tasks.map { task in
            if seen.insert(task.uid).inserted { return task }
            let copy = task.withUID(copyUID(of: task))
            seen.insert(copy.uid)
            return copy
        }
    }

    /// The uid a hand copy gets: made of the shared uid and the copy's id, so that every read,
    /// and every copy of the planner that upgrades the same store, gives the same one.
    static func copyUID(of task: PlannerTask) -> String { "\(task.uid)-copy-\(task.id)" }

    /// The document of a week. A day `keepingDays` names, and a task whose uid `keeping` names,
    /// stands in it as that name (a string), for the writer to put back the text it had
    /// (`WeekSource`); a day `keepingDays` names stands in it even when `tasks` holds none of its
    /// tasks.
    static func encode(
        week: ISOWeek, tasks: [PlannerTask], removed: [String: FieldStamp] = [:], keeping: [String: String] = [:],
        keepingDays: [CivilDate: String] = [:]
    ) -> JSONValue {
        var days = JSONObject()
        let byDay = Dictionary(grouping: tasks, by: \.date)
        // A day kept whole stands in the document whether or not `tasks` holds its tasks.
        for date in Set(byDay.keys).union(keepingDays.keys).sorted() {
            if let name = keepingDays[date] {
                days.appendUnique(date.description, .string(name))
                continue
            }
            days.appendUnique(date.description, encode(day: byDay[date] ?? [], keeping: keeping))
        }
        var document: JSONValue = [
            "format": .int(Int64(StoreFormat.version)), "kind": "week", "week": .string(week.description),
            "days": .object(days),
        ]
        TombstonesCodec.append(removed, to: &document)
        return document
    }

    /// A day's object: its slot lists of its tasks, each task named in `keeping` as that name.
    static func encode(day tasks: [PlannerTask], keeping: [String: String] = [:]) -> JSONValue {
        encode(day: tasks.map { entry($0, keeping: keeping) })
    }

    /// A day's object of its tasks' values, each in its slot's list in the order given.
    static func encode(day entries: [(slot: Slot, value: JSONValue)]) -> JSONValue {
        var slots = JSONObject()
        for slot in Slot.allCases {
            slots.appendUnique(slot.rawValue, .array(entries.filter { $0.slot == slot }.map(\.value)))
        }
        return .object(slots)
    }

    /// A task as a day's list holds it: its record, or the name `keeping` gives it.
    static func entry(_ task: PlannerTask, keeping: [String: String]) -> (slot: Slot, value: JSONValue) {
        (
            task.slot,
            keeping[task.uid].map(JSONValue.string) ?? TaskRecord.encode(task, .filed(format: StoreFormat.version))
        )
    }

    /// Reads a week file. With `only`, the tasks of that day alone are read into Swift values:
    /// the file is still parsed and checked whole as JSON, and its header, day keys, slot lists
    /// and the uids of every task (each once in the week) are checked as for the whole week, but
    /// the other days' tasks are not decoded, so a command that shows one day of a dense week
    /// does not pay for the other six. (Their fields are checked when their day or their week is
    /// read, and by `check`.)
    static func decode(_ value: JSONNode, file: String, expected week: ISOWeek, only: CivilDate? = nil)
        throws(StoreError) -> Content
    {
        let reader = try FieldReader(value, file: file, location: "")
        let format = try reader.checkHeader(kind: "week")
        try reader.rejectUnknownKeys(
            allowed: format >= 3
                ? ["format", "kind", "week", "days", TombstonesCodec.key] : ["format", "kind", "week", "days"])
        let name = try reader.string("week")
        guard name == week.description else {
            throw reader.fail("week", "this file holds week \(name), but its name says \(week)")
        }
        if let only, format < 3 {
            // An earlier format allowed one uid twice (`distinctUIDs`): such a week is read whole.
            return try decode(value, file: file, expected: week).keeping(only)
        }
        var tasks: [PlannerTask] = []
        var seenIDs: Set<Int> = []
        var seenUIDs: Set<String> = []
        // With `only`: a hash of the uid of every task of the week, to find one filed twice.
        var uidHashes: Set<UInt64> = []
        for (dayKey, dayValue) in try reader.object("days") {
            guard let date = CivilDate(iso: dayKey), date.isoWeek == week else {
                throw reader.fail("days.\(dayKey)", "not a date of week \(week)")
            }
            let day = try FieldReader(dayValue, file: file, place: .member(reader.place("days"), dayKey))
            try day.rejectUnknownKeys(allowed: Set(Slot.allCases.map(\.rawValue)))
            for slot in Slot.allCases {
                guard day[slot.rawValue] != nil else { continue }
                let elements = try day.array(slot.rawValue)
                if let only {
                    for element in elements {
                        guard let hash = element.member(TaskField.uid.rawValue)?.stringHash,
                            uidHashes.insert(hash).inserted
                        else {
                            // A task without a uid, or two with one (or with one hash): the
                            // whole week is read, which names the problem where there is one.
                            return try decode(value, file: file, expected: week).keeping(only)
                        }
                    }
                    if date != only { continue }
                }
                let slotPlace = day.place(slot.rawValue)
                for (index, element) in elements.enumerated() {
                    let place = FieldPlace.element(slotPlace, index)
                    let task = try TaskRecord.decode(
                        element, file: file, place: place, shape: .filed(format: format), date: date, slot: slot)
                    guard format < 3 || seenUIDs.insert(task.uid).inserted else {
                        throw .invalidContent(
                            file: file, location: FieldPlace.member(place, "uid").text,
                            reason: "uid \(task.uid) appears twice")
                    }
                    guard format >= 3 || seenIDs.insert(task.id).inserted else {
                        throw .invalidContent(file: file, location: place.text, reason: "id \(task.id) appears twice")
                    }
                    tasks.append(task)
                }
            }
        }
        return Content(
            format: format, tasks: tasks, removed: try TombstonesCodec.decode(reader), uidHashes: uidHashes)
    }
}
