import ShadeCore
import ShadePlatform
import Synchronization

/// The process's time zone (`TZ`, else the system's), for the formats that write instants in
/// UTC (Taskwarrior, iCalendar): which local day and time an instant falls on, and back.
enum LocalZone {
    /// `TZ` as the zone was last set from (`.some(nil)`: unset), so that a conversion sets the zone
    /// again only when `TZ` changed: `tzset` with no `TZ` looks at /etc/localtime each time, which
    /// took over a third of a Taskwarrior import.
    private static let zoneSetFrom = Mutex<String??>(nil)

    /// Sets the zone from `TZ` unless it is set from this `TZ` already.
    private static func setZone() {
        let current = getenv("TZ").map { String(cString: $0) }
        zoneSetFrom.withLock { last in
            guard last != .some(current) else { return }
            tzset()
            last = .some(current)
        }
    }

    /// The local wall-clock date, time and UTC offset of an instant (seconds since 1970, UTC).
    static func local(_ seconds: Int) -> (date: CivilDate, time: TimeOfDay, second: Int, offset: Int) {
        var instant = time_t(seconds)
        var parts = tm()
        setZone()
        localtime_r(&instant, &parts)
        let date =
            CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
            ?? CivilDate(daysSinceEpoch: seconds.floorDivided(by: 86_400))
        let time = TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min)) ?? .midnight
        return (date, time, Int(parts.tm_sec), Int(parts.tm_gmtoff))
    }

    /// The instant of a local wall-clock time (a time a change of clocks skips counts as the
    /// one an hour later; one it repeats, as the first).
    static func instant(date: CivilDate, time: TimeOfDay, second: Int = 0) -> Int {
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_hour = Int32(time.minutes / 60)
        parts.tm_min = Int32(time.minutes % 60)
        parts.tm_sec = Int32(second)
        parts.tm_isdst = -1
        setZone()
        return Int(mktime(&parts))
    }

    /// The instant of a UTC date and time.
    static func instant(utc date: CivilDate, hour: Int, minute: Int, second: Int) -> Int {
        date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// The UTC date and time of an instant.
    static func utc(_ seconds: Int) -> (date: CivilDate, hour: Int, minute: Int, second: Int) {
        let days = seconds.floorDivided(by: 86_400)
        let rest = seconds - days * 86_400
        return (CivilDate(daysSinceEpoch: days), rest / 3600, rest % 3600 / 60, rest % 60)
    }
}
