/// What an import brings and an export takes (SPEC §10): tasks, repeat series, goals,
/// categories and week templates, as values, independent of the file format they came in.
///
/// A format that holds fewer fields than a task has says which ones it holds (`taskFields`):
/// an import updates a task already in the planner in those fields only.
public struct PlannerBundle: Sendable {
    /// The tasks (their ids are the source's, never used: a planner numbers its own).
    public var tasks: [PlannerTask]
    /// The keyed records: repeat series, goals, categories, templates.
    public var records: [AnyKeyedRecord]
    /// The task fields the format holds.
    public var taskFields: Set<PlannerTask.Field>
    /// What did not map, one sentence each (`2 waiting tasks: their wait dates are not kept`).
    public var notes: [String]

    /// Creates a bundle.
    public init(
        tasks: [PlannerTask] = [], records: [AnyKeyedRecord] = [],
        taskFields: Set<PlannerTask.Field> = Set(PlannerTask.Field.allCases), notes: [String] = []
    ) {
        self.tasks = tasks
        self.records = records
        self.taskFields = taskFields
        self.notes = notes
    }

    /// The repeat series.
    public var series: [RepeatSeries] { records.compactMap { $0.base as? RepeatSeries } }
    /// The goals.
    public var goals: [Goal] { records.compactMap { $0.base as? Goal } }
    /// The categories.
    public var categories: [Category] { records.compactMap { $0.base as? Category } }
    /// The week templates.
    public var templates: [WeekTemplate] { records.compactMap { $0.base as? WeekTemplate } }
}

extension PlannerBundle {
    /// Each occurrence the bundle holds as a record of its own is marked on its series (in the
    /// bundle) as a day the series no longer shows itself, as acting on an occurrence does.
    ///
    /// All but those the series itself shows as they are, the same in every field the format
    /// holds (`impliedOccurrences`): whether such a day is marked depends on the planner, which
    /// the merge knows (`ImportOperations.linkImpliedOccurrences`). Marked here, a day the
    /// planner shows that occurrence on would hide it there, while the record, the same as the
    /// occurrence, was left as it was: re-importing shade's own export lost every occurrence it
    /// had not filed.
    public mutating func linkOccurrences() {
        let implied = Set(impliedOccurrences.map(\.uid))
        var dates: [String: Set<CivilDate>] = [:]
        for task in tasks where !implied.contains(task.uid) && !RepeatSeries.isSuccessor(task) {
            if let series = task.series { dates[series, default: []].insert(task.occurrenceDay) }
        }
        linkOccurrences(dates)
    }

    /// The occurrences the bundle brings as records that their series (in the bundle) shows as
    /// they are, the same in every field the format holds.
    public var impliedOccurrences: [PlannerTask] {
        let bySeries = Dictionary(series.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        return tasks.filter { task in task.series.flatMap { bySeries[$0] }?.shows(task, holding: taskFields) ?? false }
    }

    /// The same, from the days of the occurrences brought, by series uid (a large import, which
    /// holds its tasks a week at a time, gathers them as it reads).
    public mutating func linkOccurrences(_ dates: [String: Set<CivilDate>]) {
        guard !dates.isEmpty else { return }
        records = records.map { record in
            guard var series = record.base as? RepeatSeries, let days = dates[series.uid] else { return record }
            let missing = days.subtracting(series.exceptions)
            guard !missing.isEmpty else { return record }
            series.exceptions = (series.exceptions + missing).sorted()
            return AnyKeyedRecord(series)
        }
    }
}

extension RepeatSeries {
    /// Whether `task` is this series' own occurrence on its day, the same in every field a
    /// format holds (`fields`): a record of it says nothing the series does not.
    public func shows(_ task: PlannerTask, holding fields: Set<PlannerTask.Field>) -> Bool {
        guard task.series == uid, task.uid == occurrenceUID(on: task.date), !exceptions.contains(task.date),
            rule.occurs(on: task.date, anchor: anchor, until: until)
        else { return false }
        return ImportOperations.agrees(occurrence(on: task.date), with: task, fields: fields)
    }
}

extension PlannerTask {
    /// The day of its series an occurrence record stands for: the day its uid names (a moved
    /// occurrence is planned on another day), else the day it is planned on.
    public var occurrenceDay: CivilDate {
        guard let series, let named = RepeatSeries.occurrence(of: uid), named.series == series else { return date }
        return named.date
    }
}
