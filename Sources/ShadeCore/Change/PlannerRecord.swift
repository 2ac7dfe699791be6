/// The kinds of record the planner keeps. A new kind (a goal, a template, a repeat series) is a
/// case here, its value type, its operations, and its entry in the store's document registry.
public enum RecordKind: String, CaseIterable, Sendable {
    case task, category
}

/// One record as the change model sees it.
public enum PlannerRecord: Hashable, Sendable {
    case task(PlannerTask)
    case category(Category)

    /// The record's kind.
    public var kind: RecordKind {
        switch self {
        case .task: .task
        case .category: .category
        }
    }

    /// Its identity among the records of its kind: a task's uid, a category's name.
    public var key: String {
        switch self {
        case .task(let task): task.uid
        case .category(let category): category.name
        }
    }

    /// Each field by name, in a fixed order, as the change log shows it.
    public var fields: [(name: String, value: FieldValue)] {
        switch self {
        case .task(let task):
            // Identity (id, uid) is the record's, not a field that changes.
            PlannerTask.Field.allCases.compactMap { field in
                task.value(of: field).map { (field.rawValue, $0) }
            }
        case .category(let category):
            [("name", .text(category.name)), ("color", .text(category.color?.rawValue))]
        }
    }

    /// The fields a change stamps: those a user sets, not the identity or the record's own
    /// timestamps.
    public var stampedFields: Set<String> {
        switch self {
        case .task: PlannerTask.Field.stampedNames
        case .category: ["name", "color"]
        }
    }

    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps {
        switch self {
        case .task(let task): task.stamps
        case .category(let category): category.stamps
        }
    }

    /// The record with other stamps.
    public func with(stamps: FieldStamps) -> PlannerRecord {
        switch self {
        case .task(var task):
            task.stamps = stamps
            return .task(task)
        case .category(var category):
            category.stamps = stamps
            return .category(category)
        }
    }

    /// The task, when the record is one.
    public var task: PlannerTask? {
        if case .task(let task) = self { return task }
        return nil
    }

    /// The category, when the record is one.
    public var category: Category? {
        if case .category(let category) = self { return category }
        return nil
    }
}
