import ShadeCore
import ShadeJSON

extension StoreState {
    /// The tasks of one day: those filed on it, in the order they were filed, then the
    /// occurrences its repeat series show (as `tasks(in:)` gives them, kept to that day).
    public func tasks(on date: CivilDate) throws(StoreError) -> [PlannerTask] {
        if let read = try tasksReadAlone(on: date) { return read }
        return try tasks(in: date.isoWeek).filter { $0.date == date }
    }

    /// One day's tasks read from its week's file without copying the week's other tasks into
    /// Swift values, or nil when that would not give exactly what a read of the whole week gives:
    ///
    /// - the week is held already (this step read or changed it), or a cache keeps weeks (the
    ///   REPL and the resident process, which read each week once and keep it whole);
    /// - the file is of an earlier format (its uids are made distinct over the whole week);
    /// - an occurrence a repeat series shows that day may be filed on another day of the week
    ///   (moved there: then it is shown there alone);
    /// - the week's id index does not hold one of the day's tasks or occurrences (one from
    ///   another copy, or shown for the first time: numbering it numbers the whole week, in its
    ///   order).
    ///
    /// The whole file is still parsed and checked as JSON, with its header, day keys and slot
    /// lists, and each uid once in the week (`WeekDocument.decode(only:)`); the whole index, each
    /// id once (`WeekIndexDocument.ids(of:)`). The other days' tasks are checked field by field
    /// when their day or their week is read, by any change to the week, and by `check`.
    private func tasksReadAlone(on date: CivilDate) throws(StoreError) -> [PlannerTask]? {
        let week = date.isoWeek
        guard cache == nil, weeks[week] == nil else { return nil }
        var filed: [PlannerTask] = []
        var filedUIDHashes: Set<UInt64> = []
        let file = paths.absolute(paths.weekFile(week))
        if let bytes = try FileSystem.read(file) {
            let content = try decode(bytes, file: file) { value throws(StoreError) in
                try WeekDocument.decode(value, file: file, expected: week, only: date)
            }
            guard content.format >= 3 else { return nil }
            filed = content.tasks
            filedUIDHashes = content.uidHashes
        }
        // An occurrence filed this day is shown as filed; one whose uid may be filed on another
        // day (its hash is the week's) is a question for the whole week.
        let filedToday = Set(filed.map(\.uid))
        var shown: [PlannerTask] = []
        for series in try repeatSeries() {
            for occurrence in series.occurrences(from: date, through: date) where !filedToday.contains(occurrence.uid) {
                if filedUIDHashes.contains(JSONNode.stringHash(of: occurrence.uid)) { return nil }
                shown.append(occurrence)
            }
        }
        var tasks = filed + shown
        guard !tasks.isEmpty else { return [] }
        let ids = try ids(of: tasks.map(\.uid), in: week)
        for index in tasks.indices {
            guard let id = ids[index] else { return nil }
            tasks[index].id = id
        }
        // As a read of the week does: an occurrence's id an undo took out of the index's shard
        // is put back, the series showing it again.
        for occurrence in tasks[filed.count...] where try weekOfTask(id: occurrence.id) != week {
            try setWeek(week, forID: occurrence.id)
        }
        return tasks
    }

    /// The ids a week's id index gives these uids (nil for one it does not hold): from the index
    /// as this step holds it, else looked up in its file one by one.
    private func ids(of uids: [String], in week: ISOWeek) throws(StoreError) -> [Int?] {
        if let held = weekIDs[week] { return uids.map { held[$0] } }
        let file = paths.absolute(paths.weekIndexFile(week))
        guard let bytes = try FileSystem.read(file) else { return uids.map { _ in nil } }
        return try decode(bytes, file: file) { value throws(StoreError) in
            try WeekIndexDocument.ids(of: uids, in: value, file: file, expected: week)
        }
    }
}
