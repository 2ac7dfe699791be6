import ShadeCore
import ShadeJSON

/// The weekday-by-slot tallies of weeks, from the week-year summaries (a cache checked against
/// each week file's stamp) or counted from the weeks.
extension StoreState {
    /// Visits the weekday-by-slot tallies of every week from `first` through `last` that has
    /// tasks, in order, one week-year at a time (so that years of history are never held at once).
    ///
    /// Read from the week-year summaries; a week whose file changed since it was summed up (a hand
    /// edit, a lost summary) is counted from the file itself. The occurrences repeat series show
    /// are counted on top (weeks that only they fill too). With each week come its tasks that
    /// `carry` brought from earlier weeks, counted by the week each was first planned in.
    /// `occurrencesThrough` ends the weeks whose occurrences are counted (after it, only weeks
    /// with a file are visited, for what they hold: `stats` reads them for their carried tasks).
    public func visitWeekCells(
        from first: ISOWeek, through last: ISOWeek, occurrencesThrough: ISOWeek? = nil,
        _ visit: (ISOWeek, WeekCells, [ISOWeek: Int]) -> Void
    ) throws(StoreError) {
        guard first <= last else { return }
        var year = -1
        var entries: [ISOWeek: SummaryDocument.Entry] = [:]
        var repaired = false
        let series = try repeatSeries()
        let stored = try storedWeeks(from: first.year, through: last.year).filter { $0 >= first && $0 <= last }
        let occurrenceLast = min(last, occurrencesThrough ?? last)
        let shown = Set(stored).union(try weeksWithOccurrences(of: series, from: first, through: occurrenceLast))
        for week in shown.sorted() {
            let extra = week <= occurrenceLast ? occurrenceCells(of: series, in: week) : WeekCells()
            guard let stamp = FileStamp.of(paths.absolute(paths.weekFile(week))) else {
                visit(week, extra, [:])
                continue
            }
            if week.year != year {
                if repaired { repairSummary(year: year, entries: entries) }
                year = week.year
                entries = summaries[year] ?? SummaryDocument.read(paths.absolute(paths.summaryFile(year)), year: year)
                repaired = false
            }
            let changed = dirtyWeeks.contains(week)
            if !changed, let entry = entries[week], entry.stamp == stamp {
                visit(week, entry.cells.adding(extra), entry.carriedFrom)
            } else {
                let entry = SummaryDocument.Entry(stamp: stamp, tasks: try filedTasks(in: week), week: week)
                // A week changed in this step is counted as it now is, and summed up by a later reader.
                if !changed {
                    weeks[week] = nil
                    entries[week] = entry
                    repaired = true
                }
                visit(week, entry.cells.adding(extra), entry.carriedFrom)
            }
        }
        if repaired { repairSummary(year: year, entries: entries) }
    }

    /// One week's weekday-by-slot tallies: from its summary when that matches the file, else
    /// counted from the tasks.
    /// A week counted from its file is written back into its summary, so that the next reader
    /// need not count it again (a change does not write the summary; its first reader does).
    public func cells(of week: ISOWeek) throws(StoreError) -> WeekCells {
        try filedCells(of: week).adding(occurrenceCells(in: week))
    }

    /// The tallies of the occurrences the series show in a week: from the repeat summary when it
    /// was counted from the series as they are, else counted from them (and written back, so that
    /// the next reader need not read the series).
    private func occurrenceCells(in week: ISOWeek) throws(StoreError) -> WeekCells {
        let file = paths.absolute(StoreFileKind.collection(RepeatSeries.kind).relativePath)
        // Series changed in this step are counted as they now are, and summed up by a later reader.
        guard !dirtyCollections.contains(RepeatSeries.kind), collections[RepeatSeries.kind] == nil else {
            return occurrenceCells(of: try repeatSeries(), in: week)
        }
        guard let stamp = RepeatSummaryDocument.SeriesStamp.of(file) else { return WeekCells() }
        let summaryFile = StoreFileKind.repeatSummary.relativePath
        var summary = repeatSummary ?? RepeatSummaryDocument.read(paths.absolute(summaryFile))
        if summary?.series != stamp { summary = RepeatSummaryDocument.Content(series: stamp, weeks: [:]) }
        if let cells = summary?.weeks[week] { return cells }
        let cells = occurrenceCells(of: try repeatSeries(), in: week)
        // The stamp taken before the series were read is theirs: no writer runs under the lock.
        summary?.weeks[week] = cells
        repeatSummary = summary
        if let summary { writeCache(summaryFile, RepeatSummaryDocument.encode(summary)) }
        return cells
    }

    /// The tallies of the tasks filed in a week (what a summary holds).
    private func filedCells(of week: ISOWeek) throws(StoreError) -> WeekCells {
        let stamp = FileStamp.of(paths.absolute(paths.weekFile(week)))
        if weeks[week] == nil, let stamp, let entry = try summary(week.year)[week], entry.stamp == stamp {
            return entry.cells
        }
        let tasks = try filedTasks(in: week)
        let cells = WeekCells(tasks)
        // Only a week read as its file is (not one changed in this step) is summed up; no writer
        // runs under the lock, so the stamp taken before the read is the file's.
        if let stamp, !dirtyWeeks.contains(week) {
            var entries = try summary(week.year)
            entries[week] = SummaryDocument.Entry(stamp: stamp, tasks: tasks, week: week)
            summaries[week.year] = entries
            repairSummary(year: week.year, entries: entries)
        }
        return cells
    }

    /// Writes back a summary whose stale weeks were just summed up from their files, so that the
    /// next reader need not. Safe under the shared lock: no writer runs, and two readers write
    /// equal files, each renamed over the other in one step. A year this step holds in memory is
    /// brought up to date too, or a second look at it in the step would sum those weeks again.
    func repairSummary(year: Int, entries: [ISOWeek: SummaryDocument.Entry]) {
        if summaries[year] != nil { summaries[year] = entries }
        writeCache(paths.summaryFile(year), SummaryDocument.encode(year: year, entries: entries))
    }

    /// Writes a cache file (compact, unflushed, renamed into place); one that cannot be written
    /// is simply counted again by the next reader.
    private func writeCache(_ relativePath: String, _ document: JSONValue) {
        guard (try? FileSystem.makeDirectories(paths.staging)) != nil,
            let bytes = try? serialise(document, layout: .compact)
        else { return }
        AtomicCommit(paths: paths).writeCache([(relativePath, bytes)])
    }

    func summary(_ year: Int) throws(StoreError) -> [ISOWeek: SummaryDocument.Entry] {
        if let cached = summaries[year] { return cached }
        let entries = SummaryDocument.read(paths.absolute(paths.summaryFile(year)), year: year)
        summaries[year] = entries
        return entries
    }

    /// The tallies of the occurrences series show in a week (all open: an occurrence acted on is
    /// a record filed in its week, and its date an exception of the series).
    func occurrenceCells(of series: [RepeatSeries], in week: ISOWeek) -> WeekCells {
        var cells = WeekCells()
        for one in series {
            for date in one.dates(from: week.monday, through: week.days[6]) {
                cells.add(.open, weekday: date.weekday, slot: one.fields(on: date).slot)
            }
        }
        return cells
    }

    /// The weeks from `first` through `last` in which a series shows an occurrence.
    func weeksWithOccurrences(of series: [RepeatSeries], from first: ISOWeek, through last: ISOWeek) throws(StoreError)
        -> Set<ISOWeek>
    {
        var result: Set<ISOWeek> = []
        for one in series {
            for date in one.dates(from: first.monday, through: last.days[6]) { result.insert(date.isoWeek) }
        }
        return result
    }
}
