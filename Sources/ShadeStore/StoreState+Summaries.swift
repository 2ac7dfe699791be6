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
                // No file: only occurrences, or tasks this step filed in a week it has yet to save.
                let filed = dirtyWeeks.contains(week) ? WeekCells(try filedTasks(in: week)) : WeekCells()
                visit(week, filed.adding(extra), [:])
                continue
            }
            if week.year != year {
                if repaired { repairSummary(year: year, entries: entries) }
                year = week.year
                entries = summaries[year] ?? SummaryDocument.read(paths.absolute(paths.summaryFile(year)), year: year)
                repaired = false
            }
            let (entry, summed) = try summaryEntry(of: week, stamp: stamp, in: &entries)
            if summed {
                (weeks[week], filedKeys[week]) = (nil, nil)
                repaired = true
            }
            visit(week, entry.cells.adding(extra), entry.carriedFrom)
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
        guard let stamp = FileVersion.of(file) else { return WeekCells() }
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
        guard let stamp = FileStamp.of(paths.absolute(paths.weekFile(week))) else {
            return WeekCells(try filedTasks(in: week))
        }
        var entries = try summary(week.year)
        let (entry, summed) = try summaryEntry(of: week, stamp: stamp, in: &entries)
        if summed { repairSummary(year: week.year, entries: entries) }
        return entry.cells
    }

    /// A week's summary entry as its file (of `stamp`) now is: the one `entries` holds when it was
    /// summed up from that very file (with a digest, when `digest` asks for one), else summed up
    /// from the week's tasks now. One summed up is put into `entries` and `summed` says so, for
    /// the caller to write back; a week changed in this step is summed up as it now is but never
    /// put in (its file is not what was summed up: a later reader sums it up).
    func summaryEntry(
        of week: ISOWeek, stamp: FileStamp, in entries: inout [ISOWeek: SummaryDocument.Entry], digest: Bool = false
    ) throws(StoreError) -> (entry: SummaryDocument.Entry, summed: Bool) {
        let changed = dirtyWeeks.contains(week)
        if !changed, let entry = entries[week], entry.stamp == stamp, !digest || entry.digest != nil {
            return (entry, false)
        }
        // No writer runs under the lock: the stamp taken before the read is the file's.
        let entry = SummaryDocument.Entry(stamp: stamp, tasks: try filedTasks(in: week), week: week)
        guard !changed else { return (entry, false) }
        entries[week] = entry
        return (entry, true)
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
    func writeCache(_ relativePath: String, _ document: JSONValue) {
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
