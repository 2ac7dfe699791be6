import ShadeCore

/// What tells a week's filed tasks apart, kept beside them by a session that caches weeks: their
/// uids, so that a task filed is checked against them at once, and where each id lies, so that a
/// task is found without a scan of its week (after a pause, a week of hundreds of tasks is cold
/// in the CPU's caches, and a `done` scanned it three times before its answer).
struct WeekKeys: Sendable {
    /// The uids of the week's filed tasks held.
    private var held: Set<String> = []
    /// The uids of the week's other filed tasks, not held (`init(_:alsoFiled:_:)`).
    private var others: Set<String> = []
    /// More of them (the tasks of the day read that the step carries unread).
    private var carried: Set<String> = []
    /// Where each id lies among the week's filed tasks (the first, should one be there twice).
    private var positions: [Int: Int] = [:]

    /// The keys of a week's filed tasks, in their order.
    init(_ tasks: [PlannerTask]) {
        held.reserveCapacity(tasks.count)
        positions.reserveCapacity(tasks.count)
        for index in tasks.indices { note(tasks[index], at: index) }
    }

    /// The keys of the tasks of one day a step holds (`StoreState.readDayAlone`), with the uids
    /// of the week's other tasks, which it does not hold: those of the other days, and those of
    /// the day it carries unread.
    init(_ tasks: [PlannerTask], alsoFiled others: Set<String>, _ carried: Set<String> = []) {
        self.init(tasks)
        // Kept as given (no copy into the held ones: a dense week's uids are not hashed again).
        self.others = others
        self.carried = carried
    }

    /// Whether a filed task of the week has the uid.
    func contains(uid: String) -> Bool { held.contains(uid) || others.contains(uid) || carried.contains(uid) }

    /// Where the task with an id lies among the tasks these keys were made for, or nil when it
    /// is not there.
    func position(of id: Int) -> Int? { positions[id] }

    /// Notes a task put at `index` (appended to the week).
    mutating func note(_ task: PlannerTask, at index: Int) {
        held.insert(task.uid)
        if task.id > 0, positions[task.id] == nil { positions[task.id] = index }
    }
}
