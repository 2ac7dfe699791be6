/// The records as they are when an operation runs: all that operations read. The store's state
/// provides them; tests give plain values.
public protocol PlannerRecords {
    /// The task with an id, or nil.
    func task(id: Int) throws -> PlannerTask?
    /// The records of a keyed kind (categories, …), in key order.
    func keyedRecords(of kind: RecordKind) throws -> [AnyKeyedRecord]
    /// Every task filed under a category.
    func tasks(inCategory name: String) throws -> [PlannerTask]
    /// The goals, each with this copy's number.
    func goals() throws -> [Goal]
    /// Every task of a week.
    func tasks(in week: ISOWeek) throws -> [PlannerTask]
    /// Every task that counts towards one of these goals (by uid), from any week.
    func tasks(ofGoals uids: Set<String>) throws -> [PlannerTask]
    /// The tasks with no day yet, each with its number.
    func inboxTasks() throws -> [InboxTask]
    /// The inbox task with an id, or nil.
    func inboxTask(id: Int) throws -> InboxTask?
    /// The tasks with these uids planned from `first`'s week on, wherever they are, by uid.
    func tasks(withUIDs uids: Set<String>, from first: CivilDate) throws -> [String: PlannerTask]
    /// The tasks of a week a completion milestone looks at (`CompletionMilestone`), and where the
    /// week's other open tasks lie: records that hold one day of a week (a store's one-shot
    /// change) tell the other days' open tasks by their places alone.
    func completionView(of week: ISOWeek) throws -> (tasks: [PlannerTask], openElsewhere: [OpenTaskPlace])
}

/// What every operation is given besides the records: the clock and the slot boundaries.
public struct OperationContext: Sendable {
    /// The moment of the change; every stamp it writes is this one.
    public let now: Moment
    /// The slot boundaries.
    public let schedule: SlotSchedule
    /// The reminder a new task gets when its words name none (configured), if any.
    public let defaultReminder: Reminders?

    /// Creates a context.
    public init(now: Moment, schedule: SlotSchedule, defaultReminder: Reminders? = nil) {
        self.now = now
        self.schedule = schedule
        self.defaultReminder = defaultReminder
    }
}

extension PlannerRecords {
    /// By default, every task of the week, and none elsewhere.
    public func completionView(of week: ISOWeek) throws -> (tasks: [PlannerTask], openElsewhere: [OpenTaskPlace]) {
        (try tasks(in: week), [])
    }

    /// Records with no inbox (a test's) have no inbox tasks.
    public func inboxTasks() throws -> [InboxTask] { [] }
    public func inboxTask(id: Int) throws -> InboxTask? { try inboxTasks().first { $0.id == id } }

    /// The goals as their records hold them (a store numbers them from its own index).
    public func goals() throws -> [Goal] {
        try keyedRecords(of: Goal.kind).compactMap { $0.base as? Goal }
    }

    /// The categories, in name order.
    public func categories() throws -> [Category] {
        try keyedRecords(of: Category.kind).compactMap { $0.base as? Category }
    }

    /// The task with an id, or the error that says there is none.
    public func requireTask(_ id: Int) throws -> PlannerTask {
        guard let task = try task(id: id) else {
            if try inboxTask(id: id) != nil { throw Self.inInbox(id) }
            throw InputError.invalid("there is no task \(id); 'ls all' lists every task with its id")
        }
        return task
    }

    /// The error for a command that needs a day, given an inbox task's id.
    static func inInbox(_ id: Int) -> InputError {
        .invalid("task \(id) is in the inbox, with no day yet; mv \(id) DAY [SLOT] plans it")
    }

    /// The tasks with these ids (each once, in the order given), or an error that names every
    /// missing one: then nothing is changed.
    public func requireTasks(_ ids: [Int]) throws -> [PlannerTask] {
        var found: [PlannerTask] = []
        var missing: [Int] = []
        var seen: Set<Int> = []
        for id in ids where seen.insert(id).inserted {
            if let task = try task(id: id) { found.append(task) } else { missing.append(id) }
        }
        if let first = missing.first, missing.count == 1, try inboxTask(id: first) != nil { throw Self.inInbox(first) }
        if !missing.isEmpty {
            let list = missing.map { String($0) }.joined(separator: ", ")
            throw InputError.invalid(
                "there is no task \(list); nothing was changed ('ls all' lists every task with its id)")
        }
        return found
    }

    /// The category with a name, or an error that lists the categories there are.
    public func requireCategory(_ name: String) throws -> Category {
        let list = try categories()
        if let category = list.first(where: { $0.name == name }) { return category }
        let known = list.isEmpty ? "there are none yet" : "categories: " + list.map(\.name).joined(separator: ", ")
        throw InputError.invalid("there is no category '\(name)'; \(known)")
    }
}
