import ShadeCore

/// The text of `stats`: a line a week with its rate and bar, the range's pooled rate, and the
/// rates by slot and by weekday.
public enum StatsReport {
    /// Renders the statistics of a range of weeks.
    public static func render(_ stats: HistoryStats, streak: Streak, context: RenderContext) -> SafeText {
        let style = context.style
        guard let first = stats.weeks.first, let last = stats.weeks.last else {
            return style.dim("no weeks with tasks yet") + "\n"
                + (streak.best > 0 ? "streak  " + streakText(streak) + "\n" : "")
        }
        let count = stats.weeks.count
        var lines: [SafeText] = [
            style.bold("Weekly completion")
                + style.dim(" · \(first.week) – \(last.week) (\(count) week\(count == 1 ? "" : "s"))")
        ]
        for line in stats.weeks {
            var text: SafeText = "\(line.week)  " + RateFormat.shortDate(line.week.monday) + "  "
            text += DisplayWidth.padLeft(RateFormat.percent(line.tally.rate), to: 4) + "  "
            text += DayTimeline.rateBar(line.tally.rate, style: style)
            if line.tally.total > 0 { text += "  " + style.dim(RateFormat.counts(line.tally)) }
            if line.carried > 0 { text += "  " + style.magenta("↷\(line.carried) carried on") }
            lines.append(line.week == context.now.date.isoWeek ? text + style.dim("  this week") : text)
        }
        var overall: SafeText = DisplayWidth.padRight("all \(count) week\(count == 1 ? "" : "s")", to: 20) + "  "
        overall += style.bold(DisplayWidth.padLeft(RateFormat.percent(stats.total.rate), to: 4)) + "  "
        overall +=
            DayTimeline.rateBar(stats.total.rate, style: style) + "  " + style.dim(RateFormat.counts(stats.total))
        if stats.carried > 0 { overall += "  " + style.magenta("↷\(stats.carried) carried on") }
        lines.append(overall)
        let slots = Slot.allCases.map { "\($0) " + RateFormat.percent(stats.bySlot[$0.index].rate) }
        lines.append(
            ("by slot     " as SafeText) + slots.joined(separator: " · ")
                + (stats.bestSlot.map { style.dim("   best: \($0.rawValue)") } ?? ""))
        let days = Weekday.allCases.map { "\($0.label) " + RateFormat.percent(stats.byWeekday[$0.rawValue - 1].rate) }
        lines.append(
            ("by weekday  " as SafeText) + days.joined(separator: " · ")
                + (stats.bestWeekday.map { style.dim("   best: \($0.label)") } ?? ""))
        lines.append(("streak      " as SafeText) + streakText(streak))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 days (best 12)`: days in a row, up to today, with every task done.
    static func streakText(_ streak: Streak) -> SafeText {
        "\(streak.current) day\(streak.current == 1 ? "" : "s") in a row with every task done (best \(streak.best))"
    }
}
