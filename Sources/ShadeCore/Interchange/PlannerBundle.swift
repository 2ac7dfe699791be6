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
    public mutating func linkOccurrences() {
        var dates: [String: Set<CivilDate>] = [:]
        for task in tasks {
            if let series = task.series { dates[series, default: []].insert(task.date) }
        }
        linkOccurrences(dates)
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
