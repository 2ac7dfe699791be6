import ShadeCore
import ShadePlatform

/// Reads "now": `SHADE_NOW` when set (local time), else the system clock in the local zone.
enum SystemClock {
    static func now(environment: ShadeEnvironment) throws(CommandError) -> Moment {
        if let pinned = environment["SHADE_NOW"] {
            guard let moment = Moment.parsePinned(pinned, utcOffsetSeconds: offset(forLocal: pinned)) else {
                throw .failed(
                    "SHADE_NOW='\(pinned)' is not a local time; write YYYY-MM-DDTHH:MM, e.g. 2026-11-23T09:30")
            }
            guard moment.date.isSupported else { throw .failed("SHADE_NOW: " + DayResolver.outOfRange.message) }
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
            throw .failed(
                "the system clock reads a time shade cannot plan with (years \(CivilDate.supportedYears.lowerBound) to \(CivilDate.supportedYears.upperBound)); set it, or pin SHADE_NOW"
            )
        }
        return Moment(
            date: date, time: clock, second: min(59, Int(parts.tm_sec)), utcOffsetSeconds: Int(parts.tm_gmtoff))
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
