import ShadeCore
import ShadePlatform

/// Reads "now": `SHADE_NOW` when set (local time), else the system clock in the local zone.
public enum SystemClock {
    /// How long until the wall clock's next whole minute (and a little after, so that the minute
    /// has turned), in milliseconds: when the REPL's prompt next needs drawing again.
    public static func millisecondsToNextMinute() -> Int32 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let intoMinute = Int(now.tv_sec % 60) * 1000 + Int(now.tv_nsec / 1_000_000)
        return Int32(60_000 - intoMinute + 200)
    }

    /// The current moment: `SHADE_NOW` when the environment pins it, else the system clock.
    public static func now(environment: ShadeEnvironment) throws(HostError) -> Moment {
        if let pinned = environment["SHADE_NOW"] {
            guard let moment = Moment.parsePinned(pinned, utcOffsetSeconds: offset(forLocal: pinned)) else {
                throw .pinnedClockUnreadable(pinned)
            }
            guard moment.date.isSupported else { throw .pinnedClockOutOfRange }
            return moment
        }
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        guard
            let date = CivilDate(
                year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
            date.isSupported, let clock = TimeOfDay(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
        else {
            throw .systemClockOutOfRange
        }
        return Moment(
            date: date, time: clock, second: min(59, Int(parts.tm_sec)), utcOffsetSeconds: Int(parts.tm_gmtoff))
    }

    /// A moment of the system's clock, in seconds since 1970, as the local zone's calendar date
    /// and time of day (the year as it is, whatever shade plans with).
    public static func localFields(epochSeconds: Int) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    ) {
        var value = time_t(epochSeconds)
        var parts = tm()
        localtime_r(&value, &parts)
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
            Int(parts.tm_min), Int(parts.tm_sec)
        )
    }

    /// The zone's UTC offset at a local time (0 when it cannot be told).
    private static func offset(forLocal text: String) -> Int {
        guard let moment = Moment.parsePinned(text, utcOffsetSeconds: 0) else { return 0 }
        var parts = tm()
        parts.tm_year = Int32(moment.date.year - 1900)
        parts.tm_mon = Int32(moment.date.month - 1)
        parts.tm_mday = Int32(moment.date.day)
        parts.tm_hour = Int32(moment.time.minutes / 60)
        parts.tm_min = Int32(moment.time.minutes % 60)
        parts.tm_isdst = -1
        var seconds = mktime(&parts)
        guard seconds != -1 else { return 0 }
        var local = tm()
        localtime_r(&seconds, &local)
        return Int(local.tm_gmtoff)
    }
}
