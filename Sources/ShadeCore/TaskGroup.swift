/// How a list of tasks is grouped (`ls --by status`, `ls --by cat`).
public enum TaskGrouping: String, CaseIterable, Sendable {
    /// In progress, completed and cancelled.
    case status
    /// By category, those without one last.
    case cat
}

/// One section of a grouped list of tasks: its name and its tasks, in the list's order.
public struct TaskGroup: Hashable, Sendable {
    /// `in progress`, `completed`, `cancelled`, a category's name or `no category`.
    public let name: String
    /// The tasks of the section, in the order of the list.
    public let tasks: [PlannerTask]

    /// Creates a section.
    public init(name: String, tasks: [PlannerTask]) {
        self.name = name
        self.tasks = tasks
    }

    /// The sections of `tasks` by `grouping`, none of them empty: by status in progress,
    /// completed, cancelled; by category in the names' order, then the tasks with none.
    public static func make(_ grouping: TaskGrouping, _ tasks: [PlannerTask]) -> [TaskGroup] {
        switch grouping {
        case .status:
            return [("in progress", TaskStatus.open), ("completed", .done), ("cancelled", .cancelled)].compactMap {
                name, status in
                let members = tasks.filter { $0.status == status }
                return members.isEmpty ? nil : TaskGroup(name: name, tasks: members)
            }
        case .cat:
            let names = Set(tasks.compactMap(\.category)).sorted()
            var groups = names.map { name in TaskGroup(name: name, tasks: tasks.filter { $0.category == name }) }
            let none = tasks.filter { $0.category == nil }
            if !none.isEmpty { groups.append(TaskGroup(name: "no category", tasks: none)) }
            return groups
        }
    }

    /// The section's counts and rate.
    public var tally: Tally { Tally(tasks) }
}
