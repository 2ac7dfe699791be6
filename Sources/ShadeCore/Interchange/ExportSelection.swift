/// What `export` writes: the tasks a query selects, the repeating tasks with an occurrence it
/// selects, and the records those name — or, with no filter at all, everything.
public struct ExportSelection: Sendable {
    /// The query typed with `export`.
    public let query: TaskQuery
    /// The standing filter of the session (`filter`), when one is set.
    public let standing: TaskQuery?
    public let now: Moment
    public let schedule: SlotSchedule

    /// A selection by `query` and, when set, the `standing` filter.
    public init(query: TaskQuery, standing: TaskQuery?, now: Moment, schedule: SlotSchedule) {
        self.query = query
        self.standing = standing
        self.now = now
        self.schedule = schedule
    }

    /// Whether nothing narrows the export: every record goes.
    public var isEverything: Bool { query.filters.isEmpty && standing == nil }

    /// Whether a task (or a series' occurrence) is selected.
    public func selects(_ task: PlannerTask) -> Bool {
        query.matches(task, now: now, schedule: schedule)
            && (standing ?? TaskQuery([])).matches(task, now: now, schedule: schedule)
    }

    /// The bundle of what is selected from `candidates` (the tasks of the query's dates, or all)
    /// and the planner's collections.
    public func bundle(
        candidates: [PlannerTask], series: [RepeatSeries], goals: [Goal], categories: [Category],
        templates: [AnyKeyedRecord], members: [AnyKeyedRecord]
    ) -> PlannerBundle {
        let everything = isEverything
        let tasks = candidates.filter(selects)
        var records: [AnyKeyedRecord] = []
        for series in series {
            if !everything {
                let first = query.dateBounds.map { series.dates(from: $0.first, through: $0.last) }
                guard let day = first.map(\.first) ?? series.firstDate, selects(series.occurrence(on: day)) else {
                    continue
                }
            }
            records.append(AnyKeyedRecord(series))
        }
        if everything {
            records += goals.map { AnyKeyedRecord($0) } + categories.map { AnyKeyedRecord($0) } + templates + members
        } else {
            let named = Set(
                tasks.compactMap(\.category) + records.compactMap { ($0.base as? RepeatSeries)?.base.category })
            records += categories.filter { named.contains($0.name) }.map { AnyKeyedRecord($0) }
            let goalUIDs = Set(tasks.compactMap(\.goal))
            records += goals.filter { goalUIDs.contains($0.uid) }.map { AnyKeyedRecord($0) }
        }
        return PlannerBundle(tasks: tasks, records: records)
    }
}
