import ShadeCore

/// A goal's tasks, found through the goal → weeks index (`summary/goals.json`): what `goals`,
/// `goal show`, `history` and `report` read costs what their answer holds, not the years kept.
extension StoreState {
    /// The tasks that count towards the goals named (by uid). A task joins a goal by its `goal`
    /// field, wherever it is planned (a repeating task's occurrence joins one only as a record of
    /// its own): only the weeks the index names for those goals are read, and the weeks this step
    /// holds (as they are held).
    public func tasks(ofGoals uids: Set<String>) throws(StoreError) -> [PlannerTask] {
        guard !uids.isEmpty else { return [] }
        var candidates = Set(weeks.keys)
        for part in try goalWeeks().values {
            for uid in uids { candidates.formUnion(part.goals[uid] ?? []) }
        }
        var result: [PlannerTask] = []
        for week in candidates.sorted() {
            result += try filedTasks(in: week).filter { task in task.goal.map(uids.contains) ?? false }
        }
        return result
    }

    /// The index, each year's part checked against its folder: a year whose folder changed (or
    /// that the index does not have) is summed up again from its weeks' digests, and the index is
    /// written back when a part changed. A year this step has changed a week of is summed up as
    /// the step holds it but not relied on next time: the step may yet be abandoned.
    func goalWeeks() throws(StoreError) -> [Int: GoalWeeksDocument.Year] {
        let file = StoreFileKind.goalWeeks.relativePath
        var years = GoalWeeksDocument.read(paths.absolute(file)) ?? [:]
        let present = Set(try FileSystem.list(paths.weeksDirectory).filter { $0.count == 4 }.compactMap { Int($0) })
        var changed = false
        for year in present.sorted() {
            let folder = FileVersion.of(paths.weeksDirectory + "/" + StorePaths.padded(year, 4))
            if let folder, years[year]?.folder == folder { continue }
            years[year] = try summedGoalWeeks(of: year, folder: folder)
            changed = true
        }
        for year in years.keys where !present.contains(year) {
            years[year] = nil
            changed = true
        }
        if changed { writeCache(file, GoalWeeksDocument.encode(years)) }
        return years
    }

    /// One year's part of the index, from the digests of its weeks.
    private func summedGoalWeeks(of year: Int, folder: FileVersion?) throws(StoreError) -> GoalWeeksDocument.Year {
        var goals: [String: [ISOWeek]] = [:]
        try visitWeekDigests(from: year, through: year) { week, digest in
            for goal in digest.goals { goals[goal, default: []].append(week) }
        }
        let reliable = folder.map { $0.isSettled } == true && !dirtyWeeks.contains { $0.year == year }
        return GoalWeeksDocument.Year(folder: reliable ? folder : nil, goals: goals)
    }

    /// Whether the index, as its file holds it, names the weeks every goal's tasks are in (what
    /// `check` asks: a week file changed in place by hand leaves its folder as it was). Years
    /// whose part is not relied on are summed up anyway and are not compared.
    func goalWeeksAreCurrent() throws(StoreError) -> Bool {
        guard let cached = GoalWeeksDocument.read(paths.absolute(StoreFileKind.goalWeeks.relativePath)) else {
            return true
        }
        for (year, part) in cached where part.folder != nil {
            if try summedGoalWeeks(of: year, folder: nil).goals != part.goals { return false }
        }
        return true
    }
}
