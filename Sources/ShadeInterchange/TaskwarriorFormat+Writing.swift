import ShadeCore
import ShadeJSON

/// Writing a Taskwarrior export: one JSON array of tasks, as `task export` writes it.
extension TaskwarriorFormat {
    /// The array written a batch of objects at a time: each series Taskwarrior has a recurrence
    /// for (its `recurring` parent, then its children), then the tasks, one object a line, the
    /// lines parted by a comma.
    struct Writer: FormatWriter {
        let context: InterchangeContext
        /// The uids of the occurrences written as a series' children (not written again).
        private var written: Set<String> = []
        /// Objects written so far (the first has no comma before it).
        private var count = 0
        /// Series left out, for their note.
        private var unmapped = 0
        /// Tasks with what Taskwarrior does not hold: colours, reminders, goals.
        private var lost = 0

        init(context: InterchangeContext) { self.context = context }

        mutating func begin(series: [RepeatSeries], occurrences: [PlannerTask]) throws -> [UInt8] {
            var records: [String: PlannerTask] = [:]
            for task in occurrences where task.series != nil { records[task.uid] = task }
            var objects: [JSONValue] = []
            for series in series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
                guard let recur = recur(series.rule) else {
                    unmapped += 1
                    continue
                }
                objects += try family(series, recur: recur, records: records)
            }
            return Array("[\n".utf8) + (try lines(objects))
        }

        mutating func write(_ tasks: [PlannerTask]) throws -> [UInt8] {
            lost +=
                tasks.filter {
                    $0.color != nil || $0.remind != nil || $0.goal != nil || $0.due != nil || $0.estimate != nil
                }.count
            return try lines(
                tasks.filter { !written.contains($0.uid) }.map { .object(taskObject($0, context: context)) })
        }

        /// Ends with the inbox: a pending task with no due (nor shade's slot) for each task with no
        /// day yet, as Taskwarrior keeps a task not yet scheduled.
        mutating func finish(records: [AnyKeyedRecord]) throws -> (bytes: [UInt8], notes: [String]) {
            let inbox = records.compactMap { $0.base as? InboxTask }
            lost += inbox.filter { $0.color != nil || $0.goal != nil || $0.due != nil || $0.estimate != nil }.count
            let undated: Set<String> = ["due", "shadeslot", "shadetime"]
            let body = try lines(
                inbox.map { task in
                    var object = JSONObject()
                    let standIn = task.standingIn(on: context.now.date)
                    for (key, value) in taskObject(standIn, context: context) where !undated.contains(key) {
                        object.appendUnique(key, value)
                    }
                    object.appendUnique("shadeinbox", "yes")
                    return .object(object)
                })
            var notes: [String] = []
            if unmapped > 0 {
                notes.append(
                    "\(unmapped) repeating task\(unmapped == 1 ? "" : "s") repeat in a way Taskwarrior has no recurrence for (every weekend day, every week on several days, the nth or last weekday, the month's end, after each is done) and were left out"
                )
            }
            if lost > 0 {
                // Its due is the day a task is planned for; a deadline apart from it has no place.
                notes.append(
                    "Taskwarrior holds no colours, reminders, goals, deadlines or estimates (\(tasks(lost)) had some)")
            }
            return (body + Array((count == 0 ? "]\n" : "\n]\n").utf8), notes)
        }

        /// A series' parent and its children: every day the rule reached up to today (or its last
        /// record), as Taskwarrior keeps them, the parent's mask saying each one's status.
        private mutating func family(_ series: RepeatSeries, recur: String, records: [String: PlannerTask]) throws
            -> [JSONValue]
        {
            let last =
                ([context.now.date] + records.values.filter { $0.series == series.uid }.map(\.date)).max()
                ?? context.now.date
            let days = series.rule.dates(
                anchor: series.anchor, until: series.end, from: series.anchor,
                through: series.end.map { min($0, last) } ?? last)
            var mask = ""
            var children: [JSONValue] = []
            let parentUUID = uuid(series.uid)
            for (index, day) in days.enumerated() {
                let uid = series.occurrenceUID(on: day)
                var child: PlannerTask
                if let record = records[uid] {
                    child = record
                    written.insert(uid)
                } else {
                    child = series.occurrence(on: day)
                    if series.exceptions.contains(day) { child.status = .cancelled }
                }
                mask += child.status == .done ? "+" : child.status == .cancelled ? "X" : "-"
                var object = taskObject(child, context: context)
                object["parent"] = .string(parentUUID)
                object["imask"] = .int(Int64(index))
                object["recur"] = .string(recur)
                children.append(.object(object))
            }
            let first = series.occurrence(on: series.anchor)
            var parent = taskObject(first, uid: series.uid, context: context)
            parent["status"] = .string("recurring")
            parent["recur"] = .string(recur)
            parent["mask"] = .string(mask)
            parent["entry"] = .string(compact(series.created, context: context))
            parent["modified"] = .string(compact(series.modified, context: context))
            parent["end"] = nil
            // Taskwarrior has no count: a series' last day stands for it.
            if let until = series.end {
                parent["until"] = .string(
                    Timestamps.compactUTC(
                        LocalZone.instant(date: until, time: TimeOfDay(hour: 23, minute: 59) ?? .midnight)))
            }
            return [.object(parent)] + children
        }

        /// Objects, one a line, each after the comma that parts it from the one before.
        private mutating func lines(_ objects: [JSONValue]) throws -> [UInt8] {
            var bytes: [UInt8] = []
            for object in objects {
                if count > 0 { bytes += Array(",\n".utf8) }
                bytes += try JSONWriter.bytes(object, layout: .compact)
                count += 1
            }
            return bytes
        }
    }

    /// A canonical UUID for a uid: the uid itself when it is one.
    static func uuid(_ uid: String) -> String {
        UIDGenerator.isCanonical(uid) ? uid : UIDGenerator.derived(from: uid)
    }

    fileprivate static func compact(_ timestamp: String, context: InterchangeContext) -> String {
        Timestamps.compactUTC(
            Timestamps.instant(of: timestamp) ?? Timestamps.instant(of: context.now.timestamp) ?? 0)
    }

    fileprivate static func taskObject(_ task: PlannerTask, uid: String? = nil, context: InterchangeContext)
        -> JSONObject
    {
        let uid = uid ?? task.uid
        var object = JSONObject()
        object.appendUnique("uuid", .string(uuid(uid)))
        if uuid(uid) != uid { object.appendUnique("shadeuid", .string(uid)) }
        object.appendUnique("description", .string(task.title))
        let status =
            switch task.status {
            case .open: "pending"
            case .done: "completed"
            case .cancelled: "deleted"
            }
        object.appendUnique("status", .string(status))
        object.appendUnique("entry", .string(compact(task.created, context: context)))
        object.appendUnique("modified", .string(compact(task.modified, context: context)))
        let due = LocalZone.instant(
            date: task.date, time: task.time ?? context.schedule.on(task.date).start(of: task.slot))
        object.appendUnique("due", .string(Timestamps.compactUTC(due)))
        if task.status != .open {
            object.appendUnique("end", .string(compact(task.doneAt ?? task.modified, context: context)))
        }
        if let category = task.category { object.appendUnique("project", .string(category)) }
        if !task.tags.isEmpty { object.appendUnique("tags", .array(task.tags.map(JSONValue.string))) }
        if task.favorite { object.appendUnique("priority", .string("H")) }
        if let notes = task.notes {
            let entry = compact(task.modified, context: context)
            let lines = notes.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            object.appendUnique(
                "annotations",
                .array(lines.map { ["entry": .string(entry), "description": .string($0)] }))
        }
        object.appendUnique("shadeslot", .string(task.slot.rawValue))
        if let time = task.time { object.appendUnique("shadetime", .string(time.description)) }
        if let to = task.to { object.appendUnique("shadeto", .string(to)) }
        return object
    }
}
