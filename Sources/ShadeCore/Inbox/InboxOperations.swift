/// The changes the inbox takes (SPEC §16): a task kept with no day (`add someday …`), planned
/// on a day (`mv ID DAY [SLOT]`, `plan --apply`), taken back (`mv ID someday`), edited, noted or
/// removed. Pure functions from the records, the clock and the input to the record changes.
public enum InboxOperations {
    /// A new inbox task from `add someday`'s words: what it is, and no day, slot, time,
    /// reminder or repeat (each is refused, naming the word).
    public static func add(
        _ words: TaskWords, id: Int, uid: String, in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        try refuseWhen(words)
        let title = try TaskText.validateTitle(words.title)
        let category = words.category.flatMap { $0.isEmpty ? nil : $0 }
        let task = InboxTask(
            uid: uid, id: id, title: title, tags: words.tags, category: category, color: words.color,
            goal: try TaskOperations.goalUID(words, in: records), to: words.to.flatMap { $0.isEmpty ? nil : $0 },
            due: words.due, estimate: words.estimate, created: context.now.timestamp)
        return try CategoryOperations.ensure(category, in: records) + [.added(.keyed(task))]
    }

    /// An inbox task given a day: in `slot`, else the slot `time` falls in, else (today) the slot
    /// under way, else the morning. It keeps its uid and id.
    public static func plan(
        _ task: InboxTask, on date: CivilDate, slot: Slot?, time: TimeOfDay?, context: OperationContext
    ) throws -> [RecordChange] {
        let day = context.schedule.on(date)
        let current = date == context.now.date ? day.slot(containing: context.now.time) : .morning
        let placement = TaskWords(date: date, slot: slot, time: time)
        let chosen = try placement.resolvedSlot(default: current, day: day)
        let planned = task.planned(on: date, slot: chosen, time: time, at: context.now)
        return [.removed(.keyed(task)), .added(.task(planned))]
    }

    /// A planned task taken back to the inbox: only an open task of its own (an occurrence stays
    /// with its series).
    public static func unplan(_ task: PlannerTask, context: OperationContext) throws -> [RecordChange] {
        guard task.series == nil else {
            throw InputError.invalid(
                "task \(task.id) is a day of a repeating task and stays on its day; rm \(task.id) takes that day out")
        }
        guard task.status == .open else {
            throw InputError.invalid(
                "task \(task.id) is \(task.status.rawValue); only an open task goes back to the inbox")
        }
        var inbox = InboxTask(unplanning: task)
        inbox.modified = context.now.timestamp
        return [.removed(.task(task)), .added(.keyed(inbox))]
    }

    /// An inbox task changed by `edit`'s words: title, tags, category, colour, goal, recipient,
    /// deadline, estimate (a time or a reminder needs a day: refused).
    public static func edit(
        _ task: InboxTask, _ words: TaskWords, clearTime: Bool, in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        try refuseWhen(words, editing: task.id)
        if clearTime || words.clearsRemind {
            throw InputError.invalid("task \(task.id) is in the inbox and has no time or reminder to clear")
        }
        var edited = task
        try edited.apply(words)
        if words.goal != nil { edited.goal = try TaskOperations.goalUID(words, in: records) }
        let made = words.category != nil ? try CategoryOperations.ensure(edited.category, in: records) : []
        guard edited != task else { return made }
        edited.modified = context.now.timestamp
        return made + [.changed(.keyed(task), to: .keyed(edited))]
    }

    /// Writes an inbox task's note, or clears it (nil).
    public static func note(_ task: InboxTask, text: String?, context: OperationContext) throws -> [RecordChange] {
        var noted = task
        noted.notes = try text.map { try TaskText.validateNotes($0) }
        guard noted != task else { return [] }
        noted.modified = context.now.timestamp
        return [.changed(.keyed(task), to: .keyed(noted))]
    }

    /// Removes inbox tasks for good; in a shared planner only those their maker removes (as for
    /// any task).
    public static func remove(_ tasks: [InboxTask], removal: TaskOperations.Removal) throws -> [RecordChange] {
        let refused = tasks.filter { task in removal.shared && task.createdBy.map { $0 != removal.author } == true }
        if let first = refused.first {
            throw InputError.invalid(
                "task \(first.id) was made by \(first.createdBy ?? ""), and in a shared planner only its maker removes it; nothing was removed"
            )
        }
        return tasks.map { .removed(.keyed($0)) }
    }

    /// Throws for a word that needs a day: a day, a slot, a time, a reminder, a repeat.
    static func refuseWhen(_ words: TaskWords, editing id: Int? = nil) throws {
        let refused: String?
        if words.date != nil || words.slot != nil {
            refused = "a day or a slot"
        } else if words.time != nil {
            refused = "at:TIME"
        } else if words.remind != nil {
            refused = "remind:"
        } else if words.repeatRule != nil || words.until != nil || words.clearsRepeat {
            refused = "every:"
        } else {
            refused = nil
        }
        guard let refused else { return }
        let how = id.map { "mv \($0) DAY [SLOT] plans it first" } ?? "add it to a day instead, or plan it later with mv"
        throw InputError.invalid("an inbox task has no day, so it takes no \(refused); \(how)")
    }
}
