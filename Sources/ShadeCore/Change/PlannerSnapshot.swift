/// Records held as plain values: what operations read when no store is around (tests, a
/// preview), and what applying a change to them gives.
public struct PlannerSnapshot: PlannerRecords, Hashable, Sendable {
    /// The tasks by id.
    public var tasksByID: [Int: PlannerTask]
    /// The categories by name.
    public var categoriesByName: [String: Category]

    /// Records made of these tasks and categories.
    public init(tasks: [PlannerTask] = [], categories: [Category] = []) {
        tasksByID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        categoriesByName = Dictionary(categories.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
    }

    public func task(id: Int) -> PlannerTask? { tasksByID[id] }

    public func categories() -> [Category] { categoriesByName.values.sorted { $0.name < $1.name } }

    public func tasks(inCategory name: String) -> [PlannerTask] {
        tasksByID.values.filter { $0.category == name }.sorted { $0.id < $1.id }
    }

    /// The records with the changes applied in order: each record becomes its `after` (or goes,
    /// when there is none).
    public func applying(_ changes: [RecordChange]) -> PlannerSnapshot {
        var result = self
        for change in changes {
            switch (change.before, change.after) {
            case (_, .task(let task)?): result.tasksByID[task.id] = task
            case (.task(let task)?, nil): result.tasksByID[task.id] = nil
            case (_, .category(let category)?):
                if case .category(let old)? = change.before { result.categoriesByName[old.name] = nil }
                result.categoriesByName[category.name] = category
            case (.category(let category)?, nil): result.categoriesByName[category.name] = nil
            case (nil, nil): break
            }
        }
        return result
    }
}
