/// Records held as plain values: what operations read when no store is around (tests, a
/// preview), and what applying a change to them gives.
public struct PlannerSnapshot: PlannerRecords, Hashable, Sendable {
    /// The tasks by id.
    public var tasksByID: [Int: PlannerTask]
    /// The records of each keyed kind (categories, …), by key.
    public var keyed: [RecordKind: [String: AnyKeyedRecord]]

    /// Records made of these tasks and categories.
    public init(tasks: [PlannerTask] = [], categories: [Category] = []) {
        tasksByID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        keyed = [:]
        for category in categories { keyed[Category.kind, default: [:]][category.key] = AnyKeyedRecord(category) }
    }

    public func task(id: Int) -> PlannerTask? { tasksByID[id] }

    public func keyedRecords(of kind: RecordKind) -> [AnyKeyedRecord] {
        (keyed[kind] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
    }

    /// The categories, in name order.
    public func categories() -> [Category] { keyedRecords(of: Category.kind).compactMap { $0.base as? Category } }

    public func tasks(inCategory name: String) -> [PlannerTask] {
        tasksByID.values.filter { $0.category == name }.sorted { $0.id < $1.id }
    }

    /// Every task of a week, by id.
    public func tasks(in week: ISOWeek) -> [PlannerTask] {
        tasksByID.values.filter { $0.week == week }.sorted { $0.id < $1.id }
    }

    /// The tasks with these uids from `first`'s week on, by uid.
    public func tasks(withUIDs uids: Set<String>, from first: CivilDate) -> [String: PlannerTask] {
        var found: [String: PlannerTask] = [:]
        for task in tasksByID.values where uids.contains(task.uid) && task.week >= first.isoWeek {
            found[task.uid] = task
        }
        return found
    }

    /// Every task that counts towards one of these goals, by id.
    public func tasks(ofGoals uids: Set<String>) -> [PlannerTask] {
        tasksByID.values.filter { $0.goal.map(uids.contains) ?? false }.sorted { $0.id < $1.id }
    }

    /// The records with the changes applied in order: each record becomes its `after` (or goes,
    /// when there is none).
    public func applying(_ changes: [RecordChange]) -> PlannerSnapshot {
        var result = self
        for change in changes {
            switch (change.before, change.after) {
            case (_, .task(let task)?): result.tasksByID[task.id] = task
            case (.task(let task)?, nil): result.tasksByID[task.id] = nil
            case (_, .keyed(let record)?):
                if let old = change.before?.keyedRecord { result.removeKeyed(old) }
                result.keyed[record.kind, default: [:]][record.base.key] = record
            case (.keyed(let record)?, nil): result.removeKeyed(record)
            case (nil, nil): break
            }
        }
        return result
    }

    /// Removes a keyed record; a kind left without records is left out, as it is when made.
    private mutating func removeKeyed(_ record: AnyKeyedRecord) {
        keyed[record.kind]?[record.base.key] = nil
        if keyed[record.kind]?.isEmpty == true { keyed[record.kind] = nil }
    }
}
