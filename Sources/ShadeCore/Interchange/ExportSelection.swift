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
        let tasks = candidates.filter(selects)
        var references = References()
        references.note(tasks)
        let series = self.series(of: series)
        return PlannerBundle(
            tasks: tasks,
            records: records(
                series: series, naming: references, goals: goals, categories: categories, templates: templates,
                members: members))
    }

    /// The repeating tasks selected: every one with no filter, else those whose first occurrence
    /// (within the query's dates, when it has some) is selected.
    public func series(of all: [RepeatSeries]) -> [RepeatSeries] {
        guard !isEverything else { return all }
        return all.filter { series in
            // An after-completion series goes with any export of days from its first on: its
            // later occurrences (tasks of their own, wherever they were made) name it.
            if series.rule.daysAfterDone != nil { return query.dateBounds.map { $0.last >= series.anchor } ?? true }
            let first = query.dateBounds.map { series.dates(from: $0.first, through: $0.last) }
            guard let day = first.map(\.first) ?? series.firstDate else { return false }
            return selects(series.occurrence(on: day))
        }
    }

    /// What the selected tasks name, gathered as they are read: a filtered export takes the
    /// categories and goals its tasks name along.
    public struct References: Sendable {
        public private(set) var categories: Set<String> = []
        public private(set) var goals: Set<String> = []

        public init() {}

        /// Takes note of what `tasks` name.
        public mutating func note(_ tasks: [PlannerTask]) {
            for task in tasks {
                if let category = task.category { categories.insert(category) }
                if let goal = task.goal { goals.insert(goal) }
            }
        }
    }

    /// The keyed records that go with the selected `series` and the tasks that name
    /// `references`: the series, then every goal, category, template and member with no filter,
    /// else the categories the tasks and series name and the goals the tasks name.
    public func records(
        series: [RepeatSeries], naming references: References, goals: [Goal], categories: [Category],
        templates: [AnyKeyedRecord], members: [AnyKeyedRecord], inbox: [AnyKeyedRecord] = []
    ) -> [AnyKeyedRecord] {
        var records = series.map { AnyKeyedRecord($0) }
        if isEverything {
            records +=
                goals.map { AnyKeyedRecord($0) } + categories.map { AnyKeyedRecord($0) } + templates + members + inbox
        } else {
            let named = references.categories.union(series.compactMap(\.base.category))
            records += categories.filter { named.contains($0.name) }.map { AnyKeyedRecord($0) }
            records += goals.filter { references.goals.contains($0.uid) }.map { AnyKeyedRecord($0) }
        }
        return records
    }
}
