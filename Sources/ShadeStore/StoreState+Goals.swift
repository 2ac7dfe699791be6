import ShadeCore

/// Goals, numbered from this copy's index (`ids/goals.json`): a goal keeps its number for good;
/// one this copy has not numbered yet (new, or come from another copy) gets the next one.
extension StoreState {
    /// The goals, each with its number, in number order.
    public func goals() throws(StoreError) -> [Goal] {
        let records = try keyedRecords(of: Goal.kind).compactMap { $0.base as? Goal }
        guard !records.isEmpty else { return [] }
        var ids = try goalIndex()
        let unnumbered = records.filter { ids[$0.uid] == nil }.sorted { ($0.created, $0.uid) < ($1.created, $1.uid) }
        if !unnumbered.isEmpty {
            var next = (ids.values.max() ?? 0) + 1
            for goal in unnumbered {
                ids[goal.uid] = next
                next += 1
            }
            goalIDs = ids
            goalIndexChanged = true
        }
        return records.map { $0.numbered(ids[$0.uid] ?? 0) }.sorted { $0.number < $1.number }
    }

    /// The index as read (or as numbered since).
    func goalIndex() throws(StoreError) -> [String: Int] {
        if let goalIDs { return goalIDs }
        let file = paths.absolute(StoreFileKind.goalIndex.relativePath)
        var ids: [String: Int] = [:]
        if let bytes = try FileSystem.read(file),
            case .goalIndex(let read) = try StoreFileKind.goalIndex.decode(bytes, file: file)
        {
            ids = read
        }
        goalIDs = ids
        return ids
    }

    /// The index file to write in this step, when goals changed and one was numbered.
    func pendingGoalIndex() throws(StoreError) -> [UInt8]? {
        if dirtyCollections.contains(Goal.kind) { _ = try goals() }
        guard goalIndexChanged, let goalIDs else { return nil }
        return try serialise(GoalIndexDocument.encode(goalIDs))
    }
}

extension StoreState {
    /// The tasks that count towards the goals named (by uid). A task joins a goal by its `goal`
    /// field, wherever it is planned (a repeating task's occurrence joins one only as a record of
    /// its own). Only the weeks whose summary lists one of the goals are read (and those whose
    /// summary is missing or out of date, which are summed up again and written back), so what
    /// goals cost is a look at each week's file, not a read of it.
    public func tasks(ofGoals uids: Set<String>) throws(StoreError) -> [PlannerTask] {
        guard !uids.isEmpty else { return [] }
        func joining(_ tasks: [PlannerTask]) -> [PlannerTask] {
            tasks.filter { task in task.goal.map(uids.contains) ?? false }
        }
        var result: [PlannerTask] = []
        var repaired: Set<Int> = []
        for week in try storedWeeks() {
            // A week read in this step (or changed by it) is looked at as it now is.
            guard weeks[week] == nil, !dirtyWeeks.contains(week),
                let stamp = FileStamp.of(paths.absolute(paths.weekFile(week)))
            else {
                result += joining(try filedTasks(in: week))
                continue
            }
            var entries = try summary(week.year)
            if let entry = entries[week], entry.stamp == stamp, let goals = entry.goals {
                if !goals.isDisjoint(with: uids) { result += joining(try filedTasks(in: week)) }
                continue
            }
            // No writer runs under the lock: the stamp taken before the read is the file's.
            let tasks = try filedTasks(in: week)
            result += joining(tasks)
            entries[week] = SummaryDocument.Entry(stamp: stamp, tasks: tasks, week: week)
            summaries[week.year] = entries
            repaired.insert(week.year)
            // Years of history are not held at once: a week no goal of these needs is let go.
            if joining(tasks).isEmpty, !unindexedWeeks.contains(week) { weeks[week] = nil }
        }
        for year in repaired.sorted() { repairSummary(year: year, entries: summaries[year] ?? [:]) }
        return result
    }
}

extension StoreState {
    /// The stamps of every record the planner keeps — each task filed in every week (not the
    /// occurrences a repeat series shows, which are the series'), and each record of every keyed
    /// kind (series, goals, categories, templates, members): who changed the planner, and when.
    public func recordStamps() throws(StoreError) -> [FieldStamps] {
        var result: [FieldStamps] = []
        for week in try storedWeeks() { result += try filedTasks(in: week).map(\.stamps) }
        for codec in KeyedRecordCodecs.all { result += try keyedRecords(of: codec.kind).map { $0.base.stamps } }
        return result
    }
}
