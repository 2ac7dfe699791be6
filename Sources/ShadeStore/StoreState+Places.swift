import ShadeCore

/// Where tasks of each category and tag got done, for `plan`: counted from the weeks and kept in
/// `summary/places.json` (a cache checked against each week file's stamp, as the week-year
/// summaries are).
extension StoreState {
    /// Where tasks of each category and tag got done in the weeks of the year before `week` (its
    /// week-year and the one before). A week whose file changed since it was counted (or that
    /// the cache lacks) is read, counted and let go again; the cache is written back with the
    /// weeks of this year only, when one was counted.
    public func placeHistory(before week: ISOWeek) throws(StoreError) -> PlaceHistory {
        let file = paths.absolute(StoreFileKind.placeSummary.relativePath)
        let cached = PlaceSummaryDocument.read(file)
        var entries: [ISOWeek: PlaceSummaryDocument.Entry] = [:]
        var counted = false
        var result = PlaceHistory()
        for stored in try storedWeeks(from: week.year - 1, through: week.year) where stored < week {
            guard let stamp = FileStamp.of(paths.absolute(paths.weekFile(stored))) else { continue }
            var entry = cached[stored]
            // A week changed in this step, or whose file is not what was counted, is counted now.
            if entry?.stamp != stamp || dirtyWeeks.contains(stored) {
                let held = weeks[stored] != nil
                entry = PlaceSummaryDocument.Entry(stamp: stamp, places: PlaceHistory(try filedTasks(in: stored)))
                counted = true
                if !held, !unindexedWeeks.contains(stored) { (weeks[stored], filedKeys[stored]) = (nil, nil) }
            }
            guard let entry else { continue }
            if !dirtyWeeks.contains(stored) { entries[stored] = entry }
            result.add(entry.places)
        }
        if counted || entries.count != cached.count {
            writeCache(StoreFileKind.placeSummary.relativePath, PlaceSummaryDocument.encode(entries))
        }
        return result
    }
}
