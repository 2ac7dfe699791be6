import ShadeCore
import ShadeJSON

/// How a task is written in store files.
enum TaskRecord {
    static let placementKeys: Set<String> = ["date", "slot"]
    static let keys: Set<String> = [
        "id", "uid", "title", "notes", "time", "status", "tags", "category", "color", "favorite", "created",
        "modified", "done_at",
    ]
    static let placedKeys = keys.union(placementKeys)
    /// The keys in the order `encode` writes them.
    static let filedOrder = [
        "id", "uid", "title", "notes", "time", "status", "tags", "category", "color", "favorite", "created", "modified",
        "done_at",
    ]
    static let placedOrder = [
        "id", "uid", "date", "slot", "title", "notes", "time", "status", "tags", "category", "color", "favorite",
        "created", "modified", "done_at",
    ]

    /// The task as a JSON object; with `placement`, its date and slot too (for undo records).
    static func encode(_ task: PlannerTask, placement: Bool) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("id", .int(Int64(task.id)))
        object.appendUnique("uid", .string(task.uid))
        if placement {
            object.appendUnique("date", .string(task.date.description))
            object.appendUnique("slot", .string(task.slot.rawValue))
        }
        object.appendUnique("title", .string(task.title))
        object.appendUnique("notes", .optional(task.notes))
        object.appendUnique("time", .optional(task.time?.description))
        object.appendUnique("status", .string(task.status.rawValue))
        object.appendUnique("tags", .array(task.tags.map(JSONValue.string)))
        object.appendUnique("category", .optional(task.category))
        object.appendUnique("color", .optional(task.color?.rawValue))
        object.appendUnique("favorite", .bool(task.favorite))
        object.appendUnique("created", .string(task.created))
        object.appendUnique("modified", .string(task.modified))
        object.appendUnique("done_at", .optional(task.doneAt))
        return .object(object)
    }

    /// Reads a task; `date` and `slot` come from where it is filed, or from the record itself.
    static func decode(
        _ value: JSONValue, file: String, location: String, date: CivilDate?, slot: Slot?
    ) throws(StoreError) -> PlannerTask {
        let reader = try FieldReader(value, file: file, location: location)
        let withPlacement = date == nil
        try reader.rejectUnknownKeys(
            allowed: withPlacement ? placedKeys : keys, usual: withPlacement ? placedOrder : filedOrder)
        let id = Int(try reader.int("id", in: 1...Int64(Int32.max)))
        let uid = try reader.string("uid")
        guard !uid.isEmpty else { throw reader.fail("uid", "must not be empty") }
        let title = try reader.string("title")
        guard !title.isEmpty else { throw reader.fail("title", "must not be empty") }
        var placedDate = date ?? CivilDate(daysSinceEpoch: 0)
        var placedSlot = slot ?? .morning
        if withPlacement {
            let text = try reader.string("date")
            guard let parsed = CivilDate(iso: text) else { throw reader.fail("date", "'\(text)' is not YYYY-MM-DD") }
            placedDate = parsed
            let slotText = try reader.string("slot")
            guard let parsedSlot = Slot(rawValue: slotText) else {
                throw reader.fail("slot", "'\(slotText)' is not morning, afternoon or evening")
            }
            placedSlot = parsedSlot
        }
        var time: TimeOfDay?
        if let text = try reader.optionalString("time") {
            guard let parsed = TimeOfDay(parsing: text) else { throw reader.fail("time", "'\(text)' is not HH:MM") }
            time = parsed
        }
        let statusText = try reader.string("status")
        guard let status = TaskStatus(rawValue: statusText) else {
            throw reader.fail("status", "'\(statusText)' is not open, done or cancelled")
        }
        var tags: [String] = []
        for (index, tag) in try reader.array("tags").enumerated() {
            guard let text = tag.stringValue, !text.isEmpty else {
                throw reader.fail("tags[\(index)]", "expected a non-empty string")
            }
            tags.append(text)
        }
        // Category, colour and favourite came with format 2; a format-1 task has none of them.
        var color: TaskColor?
        if let text = try reader.optionalString("color") {
            guard let parsed = TaskColor(rawValue: text) else {
                throw reader.fail(
                    "color", "'\(text)' is not one of \(TaskColor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            color = parsed
        }
        var favorite = false
        if let value = reader.object["favorite"] {
            guard let flag = value.boolValue else { throw reader.fail("favorite", "expected true or false") }
            favorite = flag
        }
        return PlannerTask(
            id: id, uid: uid, title: title, notes: try reader.optionalString("notes"), date: placedDate,
            slot: placedSlot, time: time, status: status, tags: tags, category: try reader.optionalString("category"),
            color: color, favorite: favorite, created: try reader.string("created"),
            modified: try reader.string("modified"), doneAt: try reader.optionalString("done_at"))
    }
}
