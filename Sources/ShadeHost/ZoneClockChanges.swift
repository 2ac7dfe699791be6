import ShadeCore
import ShadePlatform

/// The local zone's changes of clocks (`TZ`, else the system's), found from its UTC offsets: what
/// a slot's length on the day of a change accounts for.
public enum ZoneClockChanges {
    /// The changes in the years `years` (local), found by reading the offset once a week and,
    /// where it changed, narrowing to the minute.
    public static func changes(in years: ClosedRange<Int>) -> ClockChanges {
        guard let first = CivilDate(year: years.lowerBound, month: 1, day: 1),
            let last = CivilDate(year: years.upperBound + 1, month: 1, day: 1)
        else { return .none }
        // A day either side, so that a change near New Year is seen whatever the offset.
        var instant = (first.daysSinceEpoch - 1) * 86_400
        let end = (last.daysSinceEpoch + 1) * 86_400
        var offset = utcOffset(instant)
        var changes: [ClockChanges.Change] = []
        while instant < end {
            let next = min(instant + 7 * 86_400, end)
            let nextOffset = utcOffset(next)
            if nextOffset != offset {
                // The first minute at the new offset: the clocks change there.
                var low = instant
                var high = next
                while high - low > 60 {
                    let middle = low + (high - low) / 2
                    if utcOffset(middle) == offset { low = middle } else { high = middle }
                }
                let before = wallClock(high, offset: offset)
                let shift = (nextOffset - offset) / 60
                if years.contains(before.date.year), shift != 0 {
                    changes.append(ClockChanges.Change(at: before, shift: shift))
                }
                offset = nextOffset
            }
            instant = next
        }
        return ClockChanges(changes)
    }

    /// The UTC offset, in seconds, at an instant.
    private static func utcOffset(_ seconds: Int) -> Int {
        var value = time_t(seconds)
        var parts = tm()
        localtime_r(&value, &parts)
        return Int(parts.tm_gmtoff)
    }

    /// The wall-clock moment of an instant at an offset (whole minutes).
    private static func wallClock(_ seconds: Int, offset: Int) -> LocalDateTime {
        LocalDateTime(minutes: (seconds + offset).floorDivided(by: 60))
    }
}
