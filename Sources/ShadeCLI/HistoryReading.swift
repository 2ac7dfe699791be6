import ShadeCore
import ShadeStore

/// Reads history for `stats`, `chart` and `report`: from the week-year summaries (a year costs
/// what a week does), or from the tasks themselves when a standing filter in the REPL narrows what
/// counts.
enum HistoryReading {
    /// A run of weeks: their statistics, the streak, and (when asked for) each week's
    /// weekday-by-slot tallies.
    struct Weeks {
        let stats: HistoryStats
        let streak: Streak
        let cells: [ISOWeek: WeekCells]
    }

    /// The weeks from `first` through `last`, read from `state` (inside the caller's step): their
    /// statistics (tasks carried out of them counted from the later weeks they went to), the
    /// streak running up to `today` and the best one of the weeks, and with `keepingCells` each
    /// week's tallies (a page draws them; `stats --all` over a century need not hold them).
    static func weeks(
        from first: ISOWeek, through last: ISOWeek, today: CivilDate, in state: StoreState, session: Session,
        keepingCells: Bool = false
    ) throws -> Weeks {
        var counter = Streak.Counter(today: today)
        var current = Streak.BackwardCounter(today: today)
        if let earliest = try state.firstStoredWeek() {
            var week = today.isoWeek
            while !current.ended, week >= earliest {
                current.add(week, try state.cells(of: week))
                week = week.adding(weeks: -1)
            }
        }
        var accumulator = HistoryStats.Accumulator()
        var cells: [ISOWeek: WeekCells] = [:]
        // Tasks carried out of the range's weeks are filed in later weeks: those are read too
        // (from their summaries), for that count alone.
        let latest = max(last, try state.lastStoredWeek() ?? last)
        if session.standingFilter != nil {
            // A standing filter needs the tasks themselves, week by week.
            for week in try state.storedWeeks(from: first.year, through: latest.year)
            where week >= first && week <= latest {
                let tasks = try session.applyStandingFilter(state.tasks(in: week))
                accumulator.addCarried(CarryOperations.carriedFrom(tasks, week: week))
                guard week <= last else { continue }
                let weekCells = WeekCells(tasks)
                accumulator.add(week, weekCells)
                counter.add(week, weekCells)
                if keepingCells { cells[week] = weekCells }
            }
        } else {
            try state.visitWeekCells(from: first, through: latest, occurrencesThrough: last) {
                week, weekCells, carriedFrom in
                accumulator.addCarried(carriedFrom)
                guard week <= last else { return }
                accumulator.add(week, weekCells)
                counter.add(week, weekCells)
                if keepingCells { cells[week] = weekCells }
            }
        }
        let streak = Streak(current: current.run, best: max(counter.streak.best, current.run))
        return Weeks(stats: accumulator.stats(from: first, through: last), streak: streak, cells: cells)
    }

    /// The statistics of `period` by `unit`, in one read step.
    static func stats(_ period: HistoryPeriod, by unit: HistoryPeriod.Unit, in session: Session) throws
        -> PeriodStats
    {
        try session.read { state in try stats(period, by: unit, in: state, session: session) }
    }

    /// The statistics of `period` by `unit`, read from `state` (inside the caller's step).
    static func stats(_ period: HistoryPeriod, by unit: HistoryPeriod.Unit, in state: StoreState, session: Session)
        throws -> PeriodStats
    {
        guard var accumulator = PeriodStats.Accumulator(period: period, unit: unit) else {
            throw CommandError.failed("\(period) does not break into \(unit.rawValue)s")
        }
        let (first, last) = accumulator.weeks
        if session.standingFilter != nil {
            var week = first
            while week <= last {
                accumulator.add(week, WeekCells(try session.applyStandingFilter(state.tasks(in: week))))
                week = week.adding(weeks: 1)
            }
        } else {
            try state.visitWeekCells(from: first, through: last) { week, cells, _ in accumulator.add(week, cells) }
        }
        for goal in try state.goals() { accumulator.add(goal) }
        return accumulator.stats()
    }
}
