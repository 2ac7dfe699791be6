import ShadeCore
import ShadeStore

/// What `stats`, `chart` and `report` read of the history (`HistoryReading`), narrowed by the
/// REPL's standing filter when one is set.
extension Session {
    /// The standing filter as a history read takes it, or nil when there is none.
    var historyNarrowing: HistoryReading.Narrowing? {
        guard standingFilter != nil else { return nil }
        return { [self] tasks in try applyStandingFilter(tasks) }
    }

    /// The statistics of `period` by `unit`, in one read step.
    func periodStats(_ period: HistoryPeriod, by unit: HistoryPeriod.Unit) throws -> PeriodStats {
        try read { state in try HistoryReading.stats(period, by: unit, in: state, narrowing: historyNarrowing) }
    }
}
