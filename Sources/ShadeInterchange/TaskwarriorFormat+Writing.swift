import ShadeCore
import ShadeJSON

/// Writing a Taskwarrior export: one JSON array of tasks, as `task export` writes it.
extension TaskwarriorFormat {
    static func write(_ bundle: PlannerBundle, context: InterchangeContext) throws -> InterchangeOutput {
        var objects: [JSONValue] = []
        var notes: [String] = []
        var records: [String: PlannerTask] = [:]
        for task in bundle.tasks where task.series != nil { records[task.uid] = task }
        var written: Set<String> = []
        var unmapped = 0
        for series in bundle.series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
            guard let recur = recur(series.rule) else {
                unmapped += 1
                continue
            }
            // Its children: every day the rule reached up to today (or its last record), as
            // Taskwarrior keeps them, the parent's mask saying each one's status.
            let last =
                ([context.now.date] + records.values.filter { $0.series == series.uid }.map(\.date)).max()
                ?? context.now.date
            let days = series.rule.dates(
                anchor: series.anchor, until: series.until, from: series.anchor,
                through: series.until.map { min($0, last) } ?? last)
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
            if let until = series.until {
                parent["until"] = .string(
                    Timestamps.compactUTC(
                        LocalZone.instant(date: until, time: TimeOfDay(hour: 23, minute: 59) ?? .midnight)))
            }
            objects.append(.object(parent))
            objects += children
        }
        for task in PlannerTask.sortedInTimelineOrder(bundle.tasks) where !written.contains(task.uid) {
            objects.append(.object(taskObject(task, context: context)))
        }
        if unmapped > 0 {
            notes.append(
                "\(unmapped) repeating task\(unmapped == 1 ? "" : "s") repeat on days Taskwarrior has no recurrence for (every weekend day, every week on several days) and were left out"
            )
        }
        let lost = bundle.tasks.filter { $0.color != nil || $0.remind != nil || $0.goal != nil }.count
        if lost > 0 { notes.append("Taskwarrior holds no colours, reminders or goals (\(tasks(lost)) had some)") }
        var lines: [String] = []
        for object in objects { lines.append(try JSONWriter.string(object, layout: .compact)) }
        let text = lines.isEmpty ? "[\n]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        return InterchangeOutput(text: text, notes: notes)
    }

    /// A canonical UUID for a uid: the uid itself when it is one.
    static func uuid(_ uid: String) -> String {
        UIDGenerator.isCanonical(uid) ? uid : UIDGenerator.derived(from: uid)
    }

    private static func compact(_ timestamp: String, context: InterchangeContext) -> String {
        Timestamps.compactUTC(
            Timestamps.instant(of: timestamp) ?? Timestamps.instant(of: context.now.timestamp) ?? 0)
    }

    private static func taskObject(_ task: PlannerTask, uid: String? = nil, context: InterchangeContext) -> JSONObject {
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
        let due = LocalZone.instant(date: task.date, time: task.time ?? context.schedule.start(of: task.slot))
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
