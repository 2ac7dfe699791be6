extension CarryOperations {
    /// What `carry` takes its tasks from.
    public enum Source: Hashable, Sendable {
        /// The overdue tasks of the last weeks (`lookBackWeeks` and this one).
        case overdue
        /// A day's open tasks.
        case day(CivilDate)
        /// A week's open tasks.
        case week(ISOWeek)
    }
}
