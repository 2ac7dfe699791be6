/// "Now" as the planner sees it: a local date and time of day, and a timestamp to record.
///
/// The clock is always passed in: the command line makes one from `SHADE_NOW` or the system
/// clock, tests make their own.
public struct Moment: Hashable, Sendable {
    /// The local calendar date.
    public let date: CivilDate
    /// The local time of day.
    public let time: TimeOfDay
    /// The timestamp written into records, ISO-8601 with offset (`2026-11-23T09:30:00+01:00`).
    public let timestamp: String

    /// Creates a moment.
    public init(date: CivilDate, time: TimeOfDay, timestamp: String) {
        self.date = date
        self.time = time
        self.timestamp = timestamp
    }

    /// Creates a moment from a local date and time, stamped with a UTC offset in seconds.
    public init(date: CivilDate, time: TimeOfDay, second: Int = 0, utcOffsetSeconds: Int) {
        let sign = utcOffsetSeconds < 0 ? "-" : "+"
        let offset = abs(utcOffsetSeconds) / 60
        let stamp =
            "\(date)T\(time):\(Digits.padded(second, 2))\(sign)\(Digits.padded(offset / 60, 2)):\(Digits.padded(offset % 60, 2))"
        self.init(date: date, time: time, timestamp: stamp)
    }

    /// Parses a pinned local clock such as `2026-11-23T09:30` or `2026-11-23T09:30:15`.
    public static func parsePinned(_ text: String, utcOffsetSeconds: Int) -> Moment? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let date = CivilDate(iso: parts[0]) else { return nil }
        var clock = parts[1]
        var second = 0
        let pieces = clock.split(separator: ":", omittingEmptySubsequences: false)
        if pieces.count == 3 {
            guard pieces[2].utf8.count == 2, let s = Digits.value(ArraySlice(pieces[2].utf8)), s < 60 else {
                return nil
            }
            second = s
            clock = clock[clock.startIndex..<pieces[2].startIndex].dropLast()
        }
        guard let time = TimeOfDay(parsing: clock) else { return nil }
        return Moment(date: date, time: time, second: second, utcOffsetSeconds: utcOffsetSeconds)
    }
}
