import ShadeCore

/// A large change holds a few weeks at a time: once it is done with the weeks it has read, they
/// are staged and let go of (read again, from the staged files, if asked for later), and
/// the tasks it changed so far go to its change-log entry. A large read (an export) holds a week
/// at a time too.
extension StoreState {
    /// Stages the weeks this step changed (and their id indexes), lets go of every week it has
    /// read, and appends the task records changed so far to the change-log entry. Keyed records
    /// (categories, series) stay: there are few, and a later week may change them again.
    ///
    /// A step that stages nothing (a read) lets go of the weeks it has read and not changed (read
    /// again from their files if asked for later); a week it changed (changes a read takes from
    /// the redo log) stays, and so does the id index of a week whose tasks it numbered.
    public func releaseWeeks() throws(StoreError) {
        // A week read one day alone is read whole before it is let go (what was filed tells).
        for week in partialWeeks.keys.sorted() { _ = try completeWeek(week) }
        guard let released else {
            releaseUnchangedWeeks()
            return
        }
        for file in try weekFiles() {
            guard let bytes = file.bytes else { continue }
            try released.stage(file.relativePath, bytes)
        }
        for week in dirtyWeeks {
            if weeks[week]?.isEmpty == false {
                released.weeksWithTasks.insert(week)
            } else {
                released.weeksWithTasks.remove(week)
            }
        }
        var tasks: [RecordChange] = []
        var kept: [String] = []
        for key in changeOrder {
            guard key.hasPrefix("task:") else {
                kept.append(key)
                continue
            }
            if let change = changes.removeValue(forKey: key), change.before != change.after {
                tasks.append(RecordChange(before: change.before, after: change.after))
            }
        }
        changeOrder = kept
        try released.append(tasks)
        dirtyWeeks = []
        dirtyIndexes = []
        unindexedWeeks = []
        weeks = [:]
        partialWeeks = [:]
        filedKeys = [:]
        removedTasks = [:]
        weekIDs = [:]
        occurrences = [:]
    }
}

extension StoreState {
    /// Lets go of the weeks read and not changed in this step.
    private func releaseUnchangedWeeks() {
        let changed = dirtyWeeks
        let numbered = dirtyWeeks.union(dirtyIndexes)
        weeks = weeks.filter { changed.contains($0.key) }
        partialWeeks = partialWeeks.filter { changed.contains($0.key) }
        filedKeys = filedKeys.filter { changed.contains($0.key) }
        removedTasks = removedTasks.filter { changed.contains($0.key) }
        weekIDs = weekIDs.filter { numbered.contains($0.key) }
        occurrences = occurrences.filter { numbered.contains($0.key) }
    }

    /// The uids a week holds (its filed tasks and the occurrences its series show), from its id
    /// index alone; a week of an earlier format, which has no index, is read whole.
    public func knownUIDs(in week: ISOWeek) throws(StoreError) -> [String] {
        let index = paths.weekIndexFile(week)
        let indexed = try FileSystem.exists(paths.absolute(index))
        if indexed || released?.stagedPath(of: index) != nil || weekIDs[week] != nil {
            return Array(try weekIndex(week).keys)
        }
        return try filedTasks(in: week).map(\.uid)
    }

    /// Sets `count` ids aside, to be given out by their owner in its own order; returns the first.
    /// The ids handed out after them follow them.
    public func reserveIDs(_ count: Int) throws(StoreError) -> Int {
        let first = try idToHandOut()
        nextID = first + count
        return first
    }
}
