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
///
/// In a week file (format 3) a task is known by its uid: its short id is this copy's own, kept
/// in the week's id index (`ids/weeks/`), so two copies may number it differently. Its field
/// stamps come last. The change log, which is this copy's own too, writes the id, the date and
/// the slot as well.
enum TaskRecord {
    /// Where a task is written, which decides what it holds.
    enum Shape {
        /// Filed in a week file of this format under its day and slot: no date or slot; up to
        /// format 2 with its id and no stamps, from format 3 without its id and with stamps.
        case filed(format: Int)
        /// In the change log: every field, the id, the date and the slot (stamps from format 3).
        case placed
    }

    static let filedOrder = TaskField.keys(TaskField.filed.filter { $0 != .id }) + [StampsCodec.key]
    static let placedOrder = TaskField.keys(TaskField.allCases) + [StampsCodec.key]
    /// The key of an occurrence's series uid, written only for an occurrence.
    static let seriesKey = "series"
    /// Every key a task may hold, in the order shade writes them (the series before the stamps):
    /// a task whose keys come in this order, each at most once, is read without hashing a key.
    static let filedKeyList = JSONKeyList(Array(filedOrder.dropLast()) + [seriesKey, StampsCodec.key])
    static let placedKeyList = JSONKeyList(Array(placedOrder.dropLast()) + [seriesKey, StampsCodec.key])
    static let keys = Set(filedOrder + [seriesKey])
    static let placedKeys = Set(placedOrder + [seriesKey])
    static let earlierFiledKeys = Set(TaskField.keys(TaskField.filed))
    /// The fields a stamp can name.
    static let stampedFields = TaskField.stampedNames
    /// What a colour must be, for the message about one that is not.
    static let colorExpectation = "one of " + TaskColor.allCases.map(\.rawValue).joined(separator: ", ")

    /// The task as a JSON object of the given shape (always of the current format).
    static func encode(_ task: PlannerTask, _ shape: Shape) -> JSONValue {
        // Room for every field, the series and the stamps at once (not grown member by member).
        var object = JSONObject(reservingCapacity: TaskField.allCases.count + 2)
        switch shape {
        case .filed:
            for field in TaskField.filed where field != .id {
                append(field, of: task, to: &object, leavingOutUnset: true)
            }
        case .placed:
            for field in TaskField.allCases { append(field, of: task, to: &object, leavingOutUnset: false) }
        }
        if let series = task.series { object.appendUnique(seriesKey, .string(series)) }
        object.appendUnique(StampsCodec.key, StampsCodec.encode(task.stamps))
        return .object(object)
    }

    /// One field as the file holds it; a field that came after format 3 began is left out
    /// while it holds nothing, so that files written before it read the same. With
    /// `leavingOutUnset` (a week file), so are the older fields that hold nothing
    /// (`leftOutOfWeeksWhenUnset`).
    private static func append(
        _ field: TaskField, of task: PlannerTask, to object: inout JSONObject, leavingOutUnset: Bool
    ) {
        let value: JSONValue
        switch field {
        case .id: value = .int(Int64(task.id))
        case .uid: value = .string(task.uid)
        case .carried:
            guard task.carried > 0 else { return }
            value = .int(Int64(task.carried))
        case .estimate:
            guard let minutes = task.estimate else { return }
            value = .int(Int64(minutes))
        case .favorite where leavingOutUnset && !task.favorite:
            return
        default:
            let fieldValue = task.value(of: field) ?? .none
            if fieldValue == .none,
                TaskField.omittedWhenUnset.contains(field)
                    || leavingOutUnset && TaskField.leftOutOfWeeksWhenUnset.contains(field)
            {
                return
            }
            value = JSONValue(fieldValue)
        }
        object.appendUnique(field.rawValue, value)
    }

    /// Reads a task; `date` and `slot` come from where it is filed, or from the record itself.
    /// A task filed by format 3 has no id here (0 until its week's id index gives it one).
    static func decode(
        _ value: JSONNode, file: String, location: String, shape: Shape, date: CivilDate?, slot: Slot?
    ) throws(StoreError) -> PlannerTask {
        try decode(value, file: file, place: .text(location), shape: shape, date: date, slot: slot)
    }

    /// As `decode(_:file:location:shape:date:slot:)`, the task at `place` in its file.
    static func decode(
        _ value: JSONNode, file: String, place: FieldPlace, shape: Shape, date: CivilDate?, slot: Slot?
    ) throws(StoreError) -> PlannerTask {
        let reader = try FieldReader(value, file: file, place: place)
        let withPlacement: Bool
        let withID: Bool
        let withStamps: Bool
        switch shape {
        case .filed(let format) where format >= 3:
            try reader.rejectUnknownKeys(allowed: keys, usual: filedKeyList)
            (withPlacement, withID, withStamps) = (false, false, true)
        case .filed:
            try reader.rejectUnknownKeys(allowed: earlierFiledKeys)
            (withPlacement, withID, withStamps) = (false, true, false)
        case .placed:
            try reader.rejectUnknownKeys(allowed: placedKeys, usual: placedKeyList)
            (withPlacement, withID, withStamps) = (true, true, reader[StampsCodec.key] != nil)
        }
        let id = withID ? Int(try reader.int(TaskField.id.rawValue, in: 1...Int64(Int32.max))) : 0
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
        let time = try reader.optional(TaskField.time.rawValue, { TimeOfDay(parsing: $0) }, expected: "HH:MM")
        let statusText = try reader.string(TaskField.status.rawValue)
        guard let status = TaskStatus(rawValue: statusText) else {
            throw reader.fail(TaskField.status.rawValue, "'\(statusText)' is not open, done or cancelled")
        }
        let tags = try reader.strings(TaskField.tags.rawValue, each: "expected a non-empty string")
        // Category, colour and favourite came with format 2; a format-1 task has none of them.
        let color = try reader.optional(
            TaskField.color.rawValue, TaskColor.init(rawValue:), expected: colorExpectation)
        var favorite = false
        if let value = reader[TaskField.favorite.rawValue] {
            guard let flag = value.boolValue else {
                throw reader.fail(TaskField.favorite.rawValue, "expected true or false")
            }
            favorite = flag
        }
        // A reminder came with repeats and reminders; a task written before has none.
        let remind = try reader.optional(
            TaskField.remind.rawValue, { Reminders(parsing: $0) }, expected: "a reminder such as 15m, 07:45 or slot")
        // Carrying and goals came with planning; a task written before has neither.
        var carried = 0
        if reader[TaskField.carried.rawValue] != nil {
            carried = Int(try reader.int(TaskField.carried.rawValue, in: 1...Int64(Int32.max)))
        }
        let planned = try reader.optional(TaskField.planned.rawValue, { CivilDate(iso: $0) }, expected: "YYYY-MM-DD")
        let goal = try reader.optionalString(TaskField.goal.rawValue)
        if goal?.isEmpty == true { throw reader.fail(TaskField.goal.rawValue, "expected a goal's uid") }
        // Who a task is given to came with participants; a task written before is given to no one.
        let to = try reader.optionalString(TaskField.to.rawValue)
        if let to, (try? TaskText.validateParticipant(to)) != to {
            throw reader.fail(TaskField.to.rawValue, "expected a participant's name (one word)")
        }
        // A deadline and an estimate came with planning by the clock; a task written before has
        // neither.
        let due = try reader.optional(TaskField.due.rawValue, { CivilDate(iso: $0) }, expected: "YYYY-MM-DD")
        let estimate = try reader.optionalInt(TaskField.estimate.rawValue, in: 1...Int64(PlannerTask.longestEstimate))
        let created = try reader.string(TaskField.created.rawValue)
        let modified = try reader.string(TaskField.modified.rawValue)
        let stamps =
            withStamps
            ? try StampsCodec.decode(reader, fields: stampedFields)
            : earlierStamps(created: created, modified: modified)
        return PlannerTask(
            id: id, uid: uid, title: title, notes: try reader.optionalString(TaskField.notes.rawValue),
            date: placedDate,
            slot: placedSlot, time: time, status: status, tags: tags,
            category: try reader.optionalString(TaskField.category.rawValue),
            color: color, favorite: favorite, remind: remind, carried: carried, planned: planned, goal: goal, to: to,
            due: due, estimate: estimate, created: created, modified: modified,
            doneAt: try reader.optionalString(TaskField.doneAt.rawValue), stamps: stamps,
            series: try series(reader, uid: uid))
    }

    /// The series an occurrence belongs to.
    private static func series(_ reader: FieldReader, uid: String) throws(StoreError) -> String? {
        guard let series = try reader.optionalString(seriesKey) else { return nil }
        // An occurrence's uid is its series' uid @ its date; a task made to repeat keeps its own.
        guard !series.isEmpty, !series.contains("@") else {
            throw reader.fail(seriesKey, "expected a series uid (non-empty, with no @), not \(uid)'s '\(series)'")
        }
        return series
    }

    /// The stamps of a task an earlier format wrote, which kept none: made when it was created
    /// (by someone unknown); when it was changed since, every field is stamped with its last
    /// change — no field is older than that, so nothing it holds loses to an older edit.
    static func earlierStamps(created: String, modified: String) -> FieldStamps {
        let made = FieldStamp(at: created, by: "")
        guard modified != created else { return FieldStamps(made: made) }
        return FieldStamps(made: made).marking(stampedFields, FieldStamp(at: modified, by: ""))
    }
}
