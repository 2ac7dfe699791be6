import ShadeCore

/// The day view: slots in order with their hours and rates, tasks in time order beneath.
public enum DayTimeline {
    /// The text of a day's timeline; `only` limits it to one slot (the REPL shows a slot so when
    /// it arrives at one).
    public static func render(_ day: DayAgenda, viewSlot: Slot?, only: Slot? = nil, context: RenderContext)
        -> SafeText
    {
        let style = context.style
        let isToday = day.date == context.now.date
        let currentSlot = isToday ? context.schedule.slot(at: context.now) : nil
        var title = style.bold(RateFormat.longDate(day.date)) + style.dim(" · \(day.date.isoWeek)")
        if isToday { title += style.dim(" · today") }
        var lines: [SafeText] = [
            title + "   " + style.bold(RateFormat.percent(day.tally.rate)) + "  "
                + style.dim(RateFormat.counts(day.tally))
        ]
        let layout = TaskLines(measuring: day.tasks, placement: false, indent: 4, context: context)
        for slot in day.slots where only == nil || slot.slot == only {
            let pointer = slot.slot == viewSlot ? style.cyan("›") : " "
            var header = pointer + " " + style.bold(DisplayWidth.padRight("\(slot.slot)", to: 10))
            header += " " + style.dim("\(context.schedule.on(day.date).hours(of: slot.slot))")
            header += "  " + DisplayWidth.padLeft(RateFormat.percent(slot.tally.rate), to: 4)
            header += "  " + rateBar(slot.tally.rate, style: style)
            let minutes = SlotMinutes(
                slot: slot.slot, on: day.date, tasks: slot.tasks, schedule: context.schedule, now: context.now)
            if let limit = context.capacity.limit(on: day.date, slot.slot) {
                let open = slot.tally.open
                header +=
                    open > limit
                    ? "  " + style.red("over-full: \(open) open, room for \(limit)")
                    : "  " + style.dim("\(open)/\(limit) open")
            } else if let limit = context.capacity.minutesLimit(on: day.date, slot.slot) {
                let planned = SafeText(escaping: Estimate.words(minutes.planned))
                let room = SafeText(escaping: Estimate.words(limit))
                header +=
                    minutes.planned > limit
                    ? "  " + style.red("over-full: " + planned + " planned, room for " + room)
                    : "  " + style.dim(planned + "/" + room + " planned")
            }
            let minutesLimited =
                context.capacity.limit(on: day.date, slot.slot) == nil
                && context.capacity.minutesLimit(on: day.date, slot.slot) != nil
            if minutes.estimated {
                // A capacity in minutes has said what is planned: what is free is left to say.
                let planned: SafeText =
                    minutesLimited ? "" : SafeText(escaping: Estimate.words(minutes.planned)) + " planned, "
                let text: SafeText =
                    planned
                    + (minutes.free >= 0
                        ? SafeText(escaping: Estimate.words(minutes.free)) + " free"
                        : SafeText(escaping: Estimate.words(-minutes.free)) + " too many")
                header += "  " + (minutes.free < 0 ? style.red(text) : style.dim(text))
            }
            if slot.slot == currentSlot { header += "  " + (style.enabled ? style.inverse(" now ") : "← now") }
            lines.append(header)
            if slot.tasks.isEmpty {
                lines.append(style.dim("    nothing planned"))
            } else {
                lines += slot.tasks.map(layout.line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func rateBar(_ rate: Double?, style: Style) -> SafeText {
        let bar = RateFormat.bar(rate, width: 10)
        guard let rate else { return style.dim(bar) }
        return rate >= 0.999 ? style.green(bar) : rate >= 0.5 ? style.yellow(bar) : style.red(bar)
    }
}
