import ShadeCore

/// The week at a glance: seven days by three slots, done/total per cell, each day's rate with a
/// bar, and the week's pooled rate.
public enum WeekGrid {
    /// The text of a week's grid, from the week's weekday-by-slot tallies (all the grid needs).
    /// `openMinutes`: the estimates of each cell's open tasks (Monday morning first), for the
    /// capacities in minutes.
    public static func render(
        _ week: ISOWeek, cells: WeekCells, openMinutes: [Int]? = nil, viewDate: CivilDate?, context: RenderContext
    ) -> SafeText {
        let style = context.style
        let first = week.monday
        let last = week.sunday
        let total = cells.total
        var lines: [SafeText] = []
        let title =
            style.bold("\(week)")
            + style.dim(" · \(RateFormat.shortDate(first)) – \(RateFormat.shortDate(last)) \(last.year)")
        lines.append(
            title + "   " + style.bold(RateFormat.percent(total.rate)) + "  " + style.dim(RateFormat.counts(total)))
        let cellWidth = 10
        var header: SafeText = "             "
        for slot in Slot.allCases { header += DisplayWidth.padLeft("\(slot)", to: cellWidth) }
        header += "   rate"
        lines.append(style.dim(header))
        var overFull = 0
        for date in week.days {
            let isToday = date == context.now.date
            let marker = date == viewDate ? style.cyan("›") : " "
            let label = RateFormat.shortDate(date)
            var line = marker + " " + (isToday ? style.bold(label) : label) + " "
            var dayTally = Tally()
            for slot in Slot.allCases {
                let tally = cells[date.weekday, slot]
                dayTally.add(tally)
                let minutes = openMinutes?[(date.weekday.rawValue - 1) * 3 + slot.index] ?? 0
                if context.capacity.isOver(tally.open, minutes: minutes, on: date, slot) {
                    overFull += 1
                    line += DisplayWidth.padLeft(RateFormat.cell(tally), to: cellWidth - 1) + style.red("!")
                    continue
                }
                let cell = DisplayWidth.padLeft(RateFormat.cell(tally), to: cellWidth)
                line += tally.total == 0 ? style.dim(cell) : cell
            }
            line += "  " + DisplayWidth.padLeft(RateFormat.percent(dayTally.rate), to: 5)
            line += "  " + DayTimeline.rateBar(dayTally.rate, style: style)
            if isToday { line += style.dim("  today") }
            lines.append(line)
        }
        let blank = SafeText.spaces(cellWidth * Slot.allCases.count)
        let weekLabel: SafeText = "  " + style.dim(DisplayWidth.padRight("week", to: 10)) + " " + blank
        lines.append(
            weekLabel + "  " + style.bold(DisplayWidth.padLeft(RateFormat.percent(total.rate), to: 5)) + "  "
                + DayTimeline.rateBar(total.rate, style: style))
        if overFull > 0 {
            lines.append(
                style.red("  ! ") + "\(overFull) over-full slot\(overFull == 1 ? "" : "s")"
                    + style.dim(" (more open tasks than their capacity); rebalance proposes moves"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
