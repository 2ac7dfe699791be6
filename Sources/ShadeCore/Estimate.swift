/// How long a task takes (SPEC §16), in the words `est:` and `capacity` take: `45m`, `1h30m`,
/// `2h` — one to 24 hours' worth of minutes.
public enum Estimate {
    /// The minutes the words say, or nil for anything else (or a length outside 1 minute to a day).
    public static func minutes(_ text: String) -> Int? {
        guard let minutes = Reminder.leadMinutes(text.lowercased()),
            (1...PlannerTask.longestEstimate).contains(minutes)
        else { return nil }
        return minutes
    }

    /// Minutes as `est:` takes them back: `45m`, `1h30m`, `2h`.
    public static func words(_ minutes: Int) -> String {
        let (hours, rest) = (minutes / 60, minutes % 60)
        return (hours > 0 ? "\(hours)h" : "") + (rest > 0 || hours == 0 ? "\(rest)m" : "")
    }
}
