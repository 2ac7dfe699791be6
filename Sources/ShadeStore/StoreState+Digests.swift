import ShadeCore

/// The views that look across every week — the tallies by category, who changed the planner, the
/// goal → weeks index — read each week's digest from the week-year summaries (a cache checked against
/// each week file's stamp), and a week itself only when they need its tasks or its digest is
/// missing or stale (then it is summed up and written back, as `stats` does).
extension StoreState {
    /// Visits the digest of every stored week of the week-years `first` through `last`, in order.
    /// A week read in this step (or changed by it) is digested as it now is; one whose summary is
    /// missing or stale is read, summed up, and let go again (years of history are never held at
    /// once).
    func visitWeekDigests(
        from first: Int = 1, through last: Int = 9999, _ visit: (ISOWeek, WeekDigest) throws(StoreError) -> Void
    ) throws(StoreError) {
        var repaired: Set<Int> = []
        for week in try storedWeeks(from: first, through: last) {
            // A week this step holds already is digested as it is held.
            guard weeks[week] == nil, let stamp = FileStamp.of(paths.absolute(paths.weekFile(week))) else {
                try visit(week, WeekDigest(try filedTasks(in: week)))
                continue
            }
            var entries = try summary(week.year)
            let (entry, summed) = try summaryEntry(of: week, stamp: stamp, in: &entries, digest: true)
            // Asked for, so there (an entry summed up now always has one).
            let digest: WeekDigest
            if let known = entry.digest { digest = known } else { digest = WeekDigest(try filedTasks(in: week)) }
            if summed {
                summaries[week.year] = entries
                repaired.insert(week.year)
                if !unindexedWeeks.contains(week) { (weeks[week], filedKeys[week]) = (nil, nil) }
            }
            try visit(week, digest)
        }
        for year in repaired.sorted() { repairSummary(year: year, entries: summaries[year] ?? [:]) }
    }

    /// The tasks of every stored week counted by category: those filed, and the occurrences the
    /// repeat series show in those weeks.
    public func categoryTallies() throws(StoreError) -> [String: Tally] {
        var result: [String: Tally] = [:]
        let series = try repeatSeries()
        try visitWeekDigests { week, digest in
            for (name, tally) in digest.categories { result[name, default: Tally()].add(tally) }
            for one in series {
                for occurrence in one.occurrences(from: week.monday, through: week.days[6]) {
                    if let category = occurrence.category { result[category, default: Tally()].add(occurrence.status) }
                }
            }
        }
        return result
    }

    /// How many changes each author made to the planner, from the stamps of every record it
    /// keeps (`MemberOperations.changes`): each task filed in every week (not the occurrences a
    /// repeat series shows, which are the series'), and each record of every keyed kind (series,
    /// goals, categories, templates, members).
    public func authorChanges() throws(StoreError) -> [String: Int] {
        var result: [String: Int] = [:]
        try visitWeekDigests { _, digest in
            result.merge(digest.authors, uniquingKeysWith: +)
        }
        for codec in KeyedRecordCodecs.all {
            let changes = MemberOperations.changes(in: try keyedRecords(of: codec.kind).map { $0.base.stamps })
            result.merge(changes, uniquingKeysWith: +)
        }
        return result
    }
}
