/// One record as the change model sees it: a task, or a record of a keyed kind (a category, …).
public enum PlannerRecord: Hashable, Sendable {
    case task(PlannerTask)
    case keyed(AnyKeyedRecord)

    /// A record of a keyed kind.
    public static func keyed(_ record: some KeyedRecord) -> PlannerRecord { .keyed(AnyKeyedRecord(record)) }

    /// A category.
    public static func category(_ category: Category) -> PlannerRecord { .keyed(category) }

    /// The record's kind.
    public var kind: RecordKind {
        switch self {
        case .task: .task
        case .keyed(let record): record.kind
        }
    }

    /// Its identity among the records of its kind: a task's uid, a category's name.
    public var key: String {
        switch self {
        case .task(let task): task.uid
        case .keyed(let record): record.base.key
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
        case .keyed(let record): record.base.fields
        }
    }

    /// The fields a change stamps: those a user sets, not the identity or the record's own
    /// timestamps.
    public var stampedFields: Set<String> {
        switch self {
        case .task: PlannerTask.Field.stampedNames
        case .keyed(let record): record.stampedFields
        }
    }

    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps {
        switch self {
        case .task(let task): task.stamps
        case .keyed(let record): record.base.stamps
        }
    }

    /// The record with other stamps.
    public func with(stamps: FieldStamps) -> PlannerRecord {
        switch self {
        case .task(var task):
            task.stamps = stamps
            return .task(task)
        case .keyed(let record): return .keyed(record.with(stamps: stamps))
        }
    }

    /// The task, when the record is one.
    public var task: PlannerTask? {
        if case .task(let task) = self { return task }
        return nil
    }

    /// The keyed record, when the record is one.
    public var keyedRecord: AnyKeyedRecord? {
        if case .keyed(let record) = self { return record }
        return nil
    }

    /// The category, when the record is one.
    public var category: Category? { keyedRecord?.base as? Category }
}
