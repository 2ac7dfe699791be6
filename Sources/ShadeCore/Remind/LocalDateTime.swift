/// A local wall-clock minute: a date and a time of day, as the planner's clock reads them.
///
/// Reminders go off at such moments; comparing two of them compares wall-clock readings, which
/// is what a person planning a day means by "15 minutes before".
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since 1970-01-01T00:00 on the local wall clock.
    public let minutes: Int

    /// The minute `time` on `date`.
    public init(date: CivilDate, time: TimeOfDay) {
        minutes = date.daysSinceEpoch * 1440 + time.minutes
    }

    /// The minute this many minutes after 1970-01-01T00:00.
    public init(minutes: Int) {
        self.minutes = minutes
    }

    /// The moment the clock reads.
    public init(_ moment: Moment) {
        self.init(date: moment.date, time: moment.time)
    }

    /// Parses `2026-11-23T09:15`.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let date = CivilDate(iso: parts[0]), let time = TimeOfDay(parsing: parts[1]) else {
            return nil
        }
        self.init(date: date, time: time)
    }

    /// The local date.
    public var date: CivilDate { CivilDate(daysSinceEpoch: minutes.floorDivided(by: 1440)) }

    /// The time of day.
    public var time: TimeOfDay { TimeOfDay(minutes: minutes - date.daysSinceEpoch * 1440) ?? .midnight }

    /// This moment moved by a number of minutes (negative: earlier).
    public func adding(minutes count: Int) -> LocalDateTime { LocalDateTime(minutes: minutes + count) }

    /// `2026-11-23T09:15`.
    public var description: String { "\(date)T\(time)" }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.minutes < rhs.minutes }
}
