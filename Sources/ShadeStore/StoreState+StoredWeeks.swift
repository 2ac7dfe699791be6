import ShadeCore

/// The weeks the store holds: those with a file, and those this step has filed tasks in.
extension StoreState {
    /// Every week that has a file, in order, or that this step has filed tasks in (saved with it).
    public func storedWeeks() throws(StoreError) -> [ISOWeek] { try storedWeeks(from: 1, through: 9999) }

    /// The weeks that have a file in the week-years from `first` through `last`, or that this
    /// step has filed tasks in, in order: a step sees the tasks it moved into a week that has no
    /// file yet (a batch's later lines, a category removed after a move) as a later step will.
    public func storedWeeks(from first: Int, through last: Int) throws(StoreError) -> [ISOWeek] {
        var result = weeksFiledInStep.filter { $0.year >= first && $0.year <= last }
        for year in try FileSystem.list(paths.weeksDirectory) where year.count == 4 {
            guard let number = Int(year), number >= first, number <= last else { continue }
            for name in try FileSystem.list(paths.weeksDirectory + "/" + year) where name.hasSuffix(".json") {
                if let week = ISOWeek(parsing: name.dropLast(5)), week.description.hasPrefix(year) {
                    result.insert(week)
                }
            }
        }
        return result.sorted()
    }

    /// The weeks this step has changed that hold tasks (some may have no file until it is saved).
    private var weeksFiledInStep: Set<ISOWeek> {
        dirtyWeeks.filter { weeks[$0]?.isEmpty == false }.union(released?.weeksWithTasks ?? [])
    }

    /// The week-years that have a folder or a week this step has filed tasks in, in order.
    private func storedYears() throws(StoreError) -> [Int] {
        let folders = try FileSystem.list(paths.weeksDirectory).filter { $0.count == 4 }.compactMap { Int($0) }
        return Set(folders).union(weeksFiledInStep.map(\.year)).sorted()
    }

    /// The first week that has a file (or tasks filed in this step), or nil when none has (one
    /// year's folder is listed, not all).
    public func firstStoredWeek() throws(StoreError) -> ISOWeek? {
        for year in try storedYears() {
            if let first = try storedWeeks(from: year, through: year).first { return first }
        }
        return nil
    }

    /// The last week that has a file (or tasks filed in this step), or nil when none has (one
    /// year's folder is listed, not all).
    public func lastStoredWeek() throws(StoreError) -> ISOWeek? {
        for year in try storedYears().reversed() {
            if let last = try storedWeeks(from: year, through: year).last { return last }
        }
        return nil
    }
}
