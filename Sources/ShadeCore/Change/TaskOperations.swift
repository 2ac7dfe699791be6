/// Every change a user can make to tasks, as pure functions from the records, the clock and the
/// parsed input to the record changes it makes. Validation errors come from here.
public enum TaskOperations {
    /// A new task from `add`'s words (day and slot default to the given ones); a category it
    /// names that does not exist yet is made with the next colour of the palette.
    public static func add(
        _ words: TaskWords, defaultDate: CivilDate, defaultSlot: Slot, id: Int, uid: String, in records: PlannerRecords,
        context: OperationContext
    ) throws -> [RecordChange] {
        let title = try TaskText.validateTitle(words.title)
        let date = words.date ?? defaultDate
        let slot = try words.resolvedSlot(default: defaultSlot, day: context.schedule.on(date))
        let category = words.category.flatMap { $0.isEmpty ? nil : $0 }
        let remind = words.clearsRemind ? nil : words.remind ?? context.defaultReminder
        if words.until != nil, words.repeatRule == nil {
            throw InputError.invalid("until: ends a repeat; give the rule too (every:weekday until:2026-12-31)")
        }
        if words.count != nil, words.repeatRule == nil {
            throw InputError.invalid("count: ends a repeat; give the rule too (every:week count:10)")
        }
        let goal = try goalUID(words, in: records)
        let to = words.to.flatMap { $0.isEmpty ? nil : $0 }
        if let rule = words.repeatRule {
            if goal != nil {
                throw InputError.invalid(
                    "a repeating task does not join a goal (a goal is for a day or a week); leave out goal: or every:")
            }
            if to != nil {
                throw InputError.invalid(
                    "a repeating task is given to no one as a whole; add it without to:, then edit ID to:NAME gives one day's"
                )
            }
            if words.due != nil {
                throw InputError.invalid(
                    "a repeating task has no deadline as a whole; add it without due:, then edit ID due:DATE sets one day's"
                )
            }
            // A repeating task is a series: its occurrences are computed for the days shown.
            if let until = words.until, until < date {
                throw InputError.invalid("until:\(until) comes before the first day, \(date)")
            }
            let series = RepeatSeries(
                uid: uid, title: title, slot: slot, time: words.time, tags: words.tags, category: category,
                color: words.color, remind: remind, estimate: words.estimate, rule: rule, anchor: date,
                until: words.until, count: words.count, created: context.now.timestamp)
            guard series.firstDate != nil else {
                throw InputError.invalid(
                    "every:\(rule) never reaches a day from \(date) through \(words.until ?? date)")
            }
            return try CategoryOperations.ensure(category, in: records) + [.added(.keyed(series))]
        }
        let task = PlannerTask(
            id: id, uid: uid, title: title, date: date, slot: slot, time: words.time,
            tags: words.tags, category: category, color: words.color, remind: remind, goal: goal, to: to,
            due: words.due, estimate: words.estimate, created: context.now.timestamp)
        return try CategoryOperations.ensure(category, in: records) + [.added(.task(task))]
    }

    /// The uid of the goal `goal:gN` names (nil for none, or when no goal was named).
    static func goalUID(_ words: TaskWords, in records: PlannerRecords) throws -> String? {
        guard let word = words.goal, !word.isEmpty else { return nil }
        return try GoalOperations.require(word, in: records).uid
    }

    /// Marks tasks done, open or cancelled; a task already so is left as it is.
    public static func setStatus(
        _ status: TaskStatus, ids: [Int], in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        setStatus(status, of: try records.requireTasks(ids), context: context)
    }

    /// As `setStatus(_:ids:in:context:)`, on tasks already looked up (`requireTasks`).
    public static func setStatus(_ status: TaskStatus, of tasks: [PlannerTask], context: OperationContext)
        -> [RecordChange]
    {
        tasks.compactMap { task in
            guard task.status != status else { return nil }
            var changed = task
            changed.setStatus(status, at: context.now)
            return .changed(.task(task), to: .task(changed))
        }
    }

    /// Stars tasks or takes their star off.
    public static func setFavorite(
        _ favorite: Bool, ids: [Int], in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        try records.requireTasks(ids).compactMap { task in change(task, context) { $0.favorite = favorite } }
    }

    /// Removes tasks for good. In a shared planner (`removal.shared`) a task someone else made
    /// is not removed: see `requireRemovable`.
    public static func remove(ids: [Int], in records: PlannerRecords, removal: Removal = .unshared) throws
        -> [RecordChange]
    {
        let tasks = try records.requireTasks(ids)
        try requireRemovable(tasks, removal)
        return tasks.map { .removed(.task($0)) }
    }

    /// Who removes, and whether the planner is shared: what decides whether a task may go.
    public struct Removal: Sendable {
        /// Who is removing (the current author).
        public var author: String
        /// Whether the planner is shared with others (its store is a git repository).
        public var shared: Bool

        public init(author: String, shared: Bool) {
            self.author = author
            self.shared = shared
        }

        /// A planner of one: every task may go.
        public static let unshared = Removal(author: "", shared: false)

        /// Whether a task may be deleted: always in a planner of one; in a shared planner only
        /// one its author made, or one whose maker is unknown (others may rely on theirs).
        public func allows(_ task: PlannerTask) -> Bool {
            guard shared, let maker = task.createdBy else { return true }
            return maker == author
        }
    }

    /// Throws, naming every task and its maker, when one of `tasks` may not be removed (then
    /// nothing is): in a shared planner a task someone else made is cancelled, not deleted.
    public static func requireRemovable(_ tasks: [PlannerTask], _ removal: Removal) throws {
        let refused = tasks.filter { !removal.allows($0) }
        guard !refused.isEmpty else { return }
        let ids = refused.map { String($0.id) }.joined(separator: " ")
        let who: SafeText
        if let only = refused.first, refused.count == 1 {
            who =
                "task \(only.id) was made by \(only.createdBy ?? ""), and in a shared planner only its maker removes it"
        } else {
            let list = refused.map { "\($0.id) (\($0.createdBy ?? ""))" }.joined(separator: ", ")
            who = "tasks \(list) were made by others, and in a shared planner only a task's maker removes it"
        }
        let it = refused.count == 1 ? "it" : "them"
        throw InputError.invalid(
            who
                + " (others may rely on \(it)); nothing was removed\n  cancel \(ids) keeps \(it) on record, out of the rates"
        )
    }

    /// Moves a task to another day (and slot, and time). Without a slot it keeps its own, or
    /// takes the one the new time falls in; a time that does not fit the new slot is dropped.
    public static func move(
        id: Int, to date: CivilDate, slot: Slot?, time: TimeOfDay?, in records: PlannerRecords,
        context: OperationContext
    ) throws -> [RecordChange] {
        let task = try records.requireTask(id)
        let placement = TaskWords(date: date, slot: slot, time: time)
        let day = context.schedule.on(date)
        // A task with a time keeps it, in the slot the time falls in by the new day's hours.
        let kept = time == nil && slot == nil ? task.time.map(day.slot(containing:)) : nil
        let newSlot = try placement.resolvedSlot(default: kept ?? task.slot, day: day)
        let moved = change(task, context) { task in
            if let time {
                task.time = time
            } else if let old = task.time, day.slot(containing: old) != newSlot {
                task.time = nil
            }
            task.date = date
            task.slot = newSlot
        }
        return moved.map { [$0] } ?? []
    }

    /// Changes a task's title, tags, time, category, colour, reminder or recipient from `edit`'s
    /// words.
    public static func edit(
        id: Int, _ words: TaskWords, clearTime: Bool, in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        let task = try records.requireTask(id)
        var edited = try applying(words, clearTime: clearTime, to: task, context: context)
        if words.goal != nil { edited.goal = try goalUID(words, in: records) }
        let made = words.category != nil ? try CategoryOperations.ensure(edited.category, in: records) : []
        guard edited != task else { return made }
        var stamped = edited
        stamped.modified = context.now.timestamp
        return made + [.changed(.task(task), to: .task(stamped))]
    }

    /// A task with `edit`'s words applied (title, tags, time, category, colour, reminder,
    /// recipient); its modification time is the caller's to set.
    public static func applying(
        _ words: TaskWords, clearTime: Bool, to task: PlannerTask, context: OperationContext
    ) throws -> PlannerTask {
        var edited = task
        try edited.apply(words)
        if let remind = words.remind { edited.remind = remind }
        if words.clearsRemind { edited.remind = nil }
        if clearTime { edited.time = nil }
        if let time = words.time {
            let day = context.schedule.on(task.date)
            let natural = day.slot(containing: time)
            guard natural == task.slot else {
                throw InputError.invalid(
                    "\(time) is in the \(natural), not the \(task.slot) (\(day.hours(of: task.slot))); use mv \(task.id) \(task.date) \(natural) at:\(time) to move it"
                )
            }
            edited.time = time
        }
        return edited
    }

    /// Writes a task's note, or clears it (nil).
    public static func note(id: Int, text: String?, in records: PlannerRecords, context: OperationContext) throws
        -> [RecordChange]
    {
        let task = try records.requireTask(id)
        let notes = try text.map { try TaskText.validateNotes($0) }
        return change(task, context) { $0.notes = notes }.map { [$0] } ?? []
    }

    /// A task changed by `body`, its modification stamped; nil when `body` changed nothing (a
    /// change that changes nothing is no change, and no undo step).
    static func change(_ task: PlannerTask, _ context: OperationContext, _ body: (inout PlannerTask) -> Void)
        -> RecordChange?
    {
        var changed = task
        body(&changed)
        guard changed != task else { return nil }
        changed.modified = context.now.timestamp
        return .changed(.task(task), to: .task(changed))
    }
}
