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

    /// The real minutes from `start` to `end` on `date`'s wall clock: their difference less the
    /// shifts of the changes after `start` and at or before `end`.
    public func minutes(on date: CivilDate, from start: TimeOfDay, to end: TimeOfDay) -> Int {
        var length = end.minutes - start.minutes
        for change in changes where change.at.date == date {
            if change.at.time > start, change.at.time <= end { length -= change.shift }
        }
        return length
    }
}
