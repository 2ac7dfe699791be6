import ShadeCore

/// The week at a glance: seven days by three slots, done/total per cell, each day's rate with a
/// bar, and the week's pooled rate.
public enum WeekGrid {
    /// The text of a week's grid.
    public static func render(_ week: WeekAgenda, viewDate: CivilDate?, context: RenderContext) -> String {
        let style = context.style
        let first = week.days.first!.date
        let last = week.days.last!.date
        var lines: [String] = []
        lines.append(
            style.bold("\(week.week)")
                + style.dim(" · \(RateFormat.shortDate(first)) – \(RateFormat.shortDate(last)) \(last.year)")
                + "   " + style.bold(RateFormat.percent(week.tally.rate)) + "  "
                + style.dim(RateFormat.counts(week.tally)))
        let cellWidth = 10
        var header = "             "
        for slot in Slot.allCases { header += DisplayWidth.padLeft(slot.rawValue, to: cellWidth) }
        header += "   rate"
        lines.append(style.dim(header))
        for day in week.days {
            let isToday = day.date == context.now.date
            let marker = day.date == viewDate ? style.cyan("›") : " "
            var line =
                marker + " " + (isToday ? style.bold(RateFormat.shortDate(day.date)) : RateFormat.shortDate(day.date))
                + " "
            for slot in day.slots {
                let cell = DisplayWidth.padLeft(RateFormat.cell(slot.tally), to: cellWidth)
                line += slot.tally.total == 0 ? style.dim(cell) : cell
            }
            line += "  " + DisplayWidth.padLeft(RateFormat.percent(day.tally.rate), to: 5)
            line += "  " + DayTimeline.rateBar(day.tally.rate, style: style)
            if isToday { line += style.dim("  today") }
            lines.append(line)
        }
        let cells = String(repeating: " ", count: cellWidth * Slot.allCases.count)
        lines.append(
            "  " + style.dim(DisplayWidth.padRight("week", to: 10)) + " " + cells + "  "
                + style.bold(DisplayWidth.padLeft(RateFormat.percent(week.tally.rate), to: 5)) + "  "
                + DayTimeline.rateBar(week.tally.rate, style: style))
        return lines.joined(separator: "\n") + "\n"
    }
}
