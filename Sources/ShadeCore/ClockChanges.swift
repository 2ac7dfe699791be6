/// The local zone's changes of clocks (summer time and back), as data: each the wall-clock moment
/// at which the clocks change and by how many minutes (+60 when they go forward). Made at the
/// edge from the system's zone for the years in view; the rules only read it.
public struct ClockChanges: Hashable, Sendable {
    /// One change of clocks.
    public struct Change: Hashable, Sendable {
        /// The wall-clock moment the change happens at (on the clock as it was).
        public let at: LocalDateTime
        /// Minutes the clocks move: +60 forward (the day is shorter), -60 back.
        public let shift: Int

        public init(at: LocalDateTime, shift: Int) {
            self.at = at
            self.shift = shift
        }
    }

    /// The changes, in order.
    public let changes: [Change]

    /// No change of clocks (UTC, or a zone without summer time).
    public static let none = ClockChanges([])

    public init(_ changes: [Change]) { self.changes = changes.sorted { $0.at < $1.at } }

    /// The real minutes from `start` to `end` (24:00 for the day's end) on `date`'s wall clock:
    /// their difference, less the wall-clock minutes a change skips inside them (`[at, at+shift)`
    /// going forward), plus those it repeats (`[at+shift, at)` going back). A change at midnight
    /// counts for the day whose minutes it skips or repeats.
    public func minutes(on date: CivilDate, from start: TimeOfDay, to end: TimeOfDay) -> Int {
        let first = LocalDateTime(date: date, time: start).minutes
        let last = LocalDateTime(date: date, time: end).minutes
        var length = last - first
        for change in changes {
            let at = change.at.minutes
            let (low, high) = change.shift > 0 ? (at, at + change.shift) : (at + change.shift, at)
            let overlap = max(0, min(high, last) - max(low, first))
            length += change.shift > 0 ? -overlap : overlap
        }
        return length
    }
}
