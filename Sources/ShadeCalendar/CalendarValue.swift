/// The value of a property, by what it holds.
public enum CalendarValue: Sendable, Hashable {
    /// Text, unescaped: SUMMARY, DESCRIPTION, UID, X- properties, and the words of STATUS, ACTION
    /// or CLASS. Written with libical's escaping of `\`, `;`, `,` and newlines (an X- property's
    /// `;` and `,` bare, as libical writes them, and read back the same); read back without the
    /// spaces at either end (libical trims them) and without carriage returns (libical drops them
    /// when writing).
    case text(String)
    /// A list of texts (CATEGORIES, RESOURCES). libical keeps one value a property, so a list is
    /// written as one line per text (none for an empty list), and the lines of a component that
    /// follow one another with the same name and parameters are read back as one list.
    case texts([String])
    /// A date with no time (`VALUE=DATE`).
    case date(year: Int, month: Int, day: Int)
    /// A date and time.
    case dateTime(CalendarDateTime)
    /// A recurrence rule in its RFC 5545 text: `FREQ=WEEKLY;BYDAY=MO`. Read back in libical's
    /// order of the parts (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE`).
    case recurrence(String)
    /// A duration in seconds, negative before its anchor: TRIGGER `-PT15M` is `-900`.
    case duration(seconds: Int)
    /// Any other value (a number, an address, a period, a UTC offset) in its iCalendar text, as
    /// libical writes it; its `VALUE` parameter, when it has one, is among the property's parameters.
    case other(String)
}

/// A date and time of day, and the zone it is read in.
public struct CalendarDateTime: Sendable, Hashable {
    /// How a time is tied to the world's clocks.
    public enum Zone: Sendable, Hashable {
        /// UTC (`…Z`).
        case utc
        /// No zone: the same wall-clock time wherever it is read.
        case floating
        /// A zone named by a `TZID` parameter: `Europe/Berlin`.
        case named(String)
    }

    /// A wall-clock reading: a date and a time of day with no zone.
    public struct WallClock: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int

        /// A reading of these fields.
        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    /// The date and time of day, read in `zone`.
    public var wallClock: WallClock
    public var year: Int {
        get { wallClock.year }
        set { wallClock.year = newValue }
    }
    public var month: Int {
        get { wallClock.month }
        set { wallClock.month = newValue }
    }
    public var day: Int {
        get { wallClock.day }
        set { wallClock.day = newValue }
    }
    public var hour: Int {
        get { wallClock.hour }
        set { wallClock.hour = newValue }
    }
    public var minute: Int {
        get { wallClock.minute }
        set { wallClock.minute = newValue }
    }
    public var second: Int {
        get { wallClock.second }
        set { wallClock.second = newValue }
    }
    /// The zone the fields above are read in.
    public var zone: Zone
    /// The same instant as a wall-clock time in the local zone, set by `ICalendar.parse` (nil for a
    /// time built in code; the writer ignores it). A UTC or TZID time is converted — its TZID found
    /// among the file's VTIMEZONEs, else in libical's zone database — and a floating time, or one
    /// whose TZID neither knows, is its own fields unchanged.
    public var localTime: WallClock?

    /// A time of these fields in `zone`.
    public init(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0, zone: Zone,
        localTime: WallClock? = nil
    ) {
        wallClock = WallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        self.zone = zone
        self.localTime = localTime
    }

}
