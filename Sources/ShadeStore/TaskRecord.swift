import ShadeCore
import ShadeJSON

/// The fields of a task, named once (in `PlannerTask.Field`) for the store, the change log and
/// the views.
typealias TaskField = PlannerTask.Field

extension PlannerTask.Field {
    /// The fields of a task filed under its day and slot (which say its date and slot).
    static let filed = allCases.filter { $0 != .date && $0 != .slot }
    /// The key of each field.
    static func keys(_ fields: [PlannerTask.Field]) -> [String] { fields.map(\.rawValue) }
}

/// How a task is written in store files.
enum TaskRecord {
    static let filedOrder = TaskField.keys(TaskField.filed)
    static let placedOrder = TaskField.keys(TaskField.allCases)
    static let keys = Set(filedOrder)
    static let placedKeys = Set(placedOrder)

    /// The task as a JSON object; with `placement`, its date and slot too (for the change log).
    static func encode(_ task: PlannerTask, placement: Bool) -> JSONValue {
        var object = JSONObject()
        for field in placement ? TaskField.allCases : TaskField.filed {
            object.appendUnique(field.rawValue, value(of: field, in: task))
        }
        return .object(object)
    }

    /// One field's value as the file holds it.
    private static func value(of field: TaskField, in task: PlannerTask) -> JSONValue {
        switch field {
        case .id: .int(Int64(task.id))
        case .uid: .string(task.uid)
        default: JSONValue(task.value(of: field) ?? .none)
        }
    }

    /// Reads a task; `date` and `slot` come from where it is filed, or from the record itself.
    static func decode(
        _ value: JSONValue, file: String, location: String, date: CivilDate?, slot: Slot?
    ) throws(StoreError) -> PlannerTask {
        let reader = try FieldReader(value, file: file, location: location)
        let withPlacement = date == nil
        try reader.rejectUnknownKeys(
            allowed: withPlacement ? placedKeys : keys, usual: withPlacement ? placedOrder : filedOrder)
        let id = Int(try reader.int(TaskField.id.rawValue, in: 1...Int64(Int32.max)))
        let uid = try reader.string(TaskField.uid.rawValue)
        guard !uid.isEmpty else { throw reader.fail(TaskField.uid.rawValue, "must not be empty") }
        let title = try reader.string(TaskField.title.rawValue)
        guard !title.isEmpty else { throw reader.fail(TaskField.title.rawValue, "must not be empty") }
        var placedDate = date ?? CivilDate(daysSinceEpoch: 0)
        var placedSlot = slot ?? .morning
        if withPlacement {
            let text = try reader.string(TaskField.date.rawValue)
            guard let parsed = CivilDate(iso: text) else {
                throw reader.fail(TaskField.date.rawValue, "'\(text)' is not YYYY-MM-DD")
            }
            placedDate = parsed
            let slotText = try reader.string(TaskField.slot.rawValue)
            guard let parsedSlot = Slot(rawValue: slotText) else {
                throw reader.fail(TaskField.slot.rawValue, "'\(slotText)' is not morning, afternoon or evening")
            }
            placedSlot = parsedSlot
        }
        var time: TimeOfDay?
        if let text = try reader.optionalString(TaskField.time.rawValue) {
            guard let parsed = TimeOfDay(parsing: text) else {
                throw reader.fail(TaskField.time.rawValue, "'\(text)' is not HH:MM")
            }
            time = parsed
        }
        let statusText = try reader.string(TaskField.status.rawValue)
        guard let status = TaskStatus(rawValue: statusText) else {
            throw reader.fail(TaskField.status.rawValue, "'\(statusText)' is not open, done or cancelled")
        }
        var tags: [String] = []
        for (index, tag) in try reader.array(TaskField.tags.rawValue).enumerated() {
            guard let text = tag.stringValue, !text.isEmpty else {
                throw reader.fail("\(TaskField.tags.rawValue)[\(index)]", "expected a non-empty string")
            }
            tags.append(text)
        }
        // Category, colour and favourite came with format 2; a format-1 task has none of them.
        var color: TaskColor?
        if let text = try reader.optionalString(TaskField.color.rawValue) {
            guard let parsed = TaskColor(rawValue: text) else {
                throw reader.fail(
                    TaskField.color.rawValue,
                    "'\(text)' is not one of \(TaskColor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            color = parsed
        }
        var favorite = false
        if let value = reader.object[TaskField.favorite.rawValue] {
            guard let flag = value.boolValue else {
                throw reader.fail(TaskField.favorite.rawValue, "expected true or false")
            }
            favorite = flag
        }
        return PlannerTask(
            id: id, uid: uid, title: title, notes: try reader.optionalString(TaskField.notes.rawValue),
            date: placedDate,
            slot: placedSlot, time: time, status: status, tags: tags,
            category: try reader.optionalString(TaskField.category.rawValue),
            color: color, favorite: favorite, created: try reader.string(TaskField.created.rawValue),
            modified: try reader.string(TaskField.modified.rawValue),
            doneAt: try reader.optionalString(TaskField.doneAt.rawValue))
    }
}
