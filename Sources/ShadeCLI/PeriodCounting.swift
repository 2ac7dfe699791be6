import ShadeCore
import ShadeStore

/// Counts a period part by part for `stats --by`, `chart` and `report`: from the week-year
/// summaries (a year costs what a week does), or from the tasks themselves when a standing filter
/// in the REPL narrows what counts.
enum PeriodCounting {
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
