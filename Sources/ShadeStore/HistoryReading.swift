import ShadeCore

/// Reads history for `stats`, `chart` and `report`: from the week-year summaries (a year costs
/// what a week does), or from the tasks themselves when a narrowing (the REPL's standing filter)
/// says which of them count.
public enum HistoryReading {
    /// Which of a week's tasks count: the tasks in, those that count out.
    public typealias Narrowing = ([PlannerTask]) throws -> [PlannerTask]

    /// A run of weeks: their statistics, the streak, and (when asked for) each week's
    /// weekday-by-slot tallies.
    public struct Weeks {
        /// The statistics of the weeks.
        public let stats: HistoryStats
        /// The streak running up to today, and the best one of the weeks.
        public let streak: Streak
        /// Each week's tallies, when they were kept (else empty).
        public let cells: [ISOWeek: WeekCells]
    }

    /// The weeks from `first` through `last`, read from `state` (inside the caller's step): their
    /// statistics (tasks carried out of them counted from the later weeks they went to), the
    /// streak running up to `today` and the best one of the weeks, and with `keepingCells` each
    /// week's tallies (a page draws them; `stats --all` over a century need not hold them). With
    /// `narrowing`, only the tasks it keeps count, read week by week.
    public static func weeks(
        from first: ISOWeek, through last: ISOWeek, today: CivilDate, in state: StoreState,
        narrowing: Narrowing? = nil, keepingCells: Bool = false
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
        if let narrowing {
            // A narrowing needs the tasks themselves, week by week.
            for week in try state.storedWeeks(from: first.year, through: latest.year)
            where week >= first && week <= latest {
                let tasks = try narrowing(state.tasks(in: week))
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

    /// The statistics of `period` by `unit`, read from `state` (inside the caller's step); with
    /// `narrowing`, only the tasks it keeps count. An `InputError` when the period does not break
    /// into that unit (a week into months).
    public static func stats(
        _ period: HistoryPeriod, by unit: HistoryPeriod.Unit, in state: StoreState, narrowing: Narrowing? = nil
    ) throws -> PeriodStats {
        guard var accumulator = PeriodStats.Accumulator(period: period, unit: unit) else {
            throw InputError.invalid("\(period) does not break into \(unit.rawValue)s")
        }
        let (first, last) = accumulator.weeks
        if let narrowing {
            var week = first
            while week <= last {
                accumulator.add(week, WeekCells(try narrowing(state.tasks(in: week))))
                week = week.adding(weeks: 1)
            }
        } else {
            try state.visitWeekCells(from: first, through: last) { week, cells, _ in accumulator.add(week, cells) }
        }
        for goal in try state.goals() { accumulator.add(goal) }
        return accumulator.stats()
    }
}
