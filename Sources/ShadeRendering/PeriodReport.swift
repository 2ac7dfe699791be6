import ShadeCore

/// The text of `stats --by`: a row a part (a day, a week or a month) with its tasks planned, done,
/// open and cancelled, its rate and its goals done of those set, then the parts pooled.
public enum PeriodReport {
    /// Renders a period part by part.
    public static func render(_ stats: PeriodStats, context: RenderContext) -> SafeText {
        let style = context.style
        let parts = PeriodLabel.plural(stats.unit)
        var lines: [SafeText] = [
            style.bold(PeriodLabel.title(stats.period)) + style.dim(" · by \(stats.unit.rawValue)")
        ]
        let header: [SafeText] = ["planned", "done", "open", "cancelled", "rate", "goals"]
        let labelWidth = max(12, stats.lines.map { DisplayWidth.of(PeriodLabel.short($0.period)) }.max() ?? 0)
        lines.append(
            style.dim(
                DisplayWidth.padRight("", to: labelWidth) + "  "
                    + header.map { DisplayWidth.padLeft($0, to: $0 == "rate" ? 5 : 9) }.joined(separator: " ")))
        for line in stats.lines {
            lines.append(row(DisplayWidth.padRight(PeriodLabel.short(line.period), to: labelWidth), line, style: style))
        }
        let total = stats.total
        lines.append(
            row(DisplayWidth.padRight("all \(stats.lines.count) \(parts)", to: labelWidth), total, style: style))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row: the label, then the counts, the rate with its bar, the goals done of those set.
    private static func row(_ label: SafeText, _ line: PeriodStats.Line, style: Style) -> SafeText {
        let empty = line.planned == 0
        let numbers = [line.planned, line.tally.done, line.tally.open, line.tally.cancelled].map {
            count -> SafeText in DisplayWidth.padLeft(empty ? "·" : "\(count)", to: 9)
        }
        var text: SafeText = label + "  " + numbers.joined(separator: " ") + " "
        text += DisplayWidth.padLeft(RateFormat.percent(line.tally.rate), to: 5) + " "
        text += DisplayWidth.padLeft(line.goals == 0 ? "·" : "\(line.goalsDone)/\(line.goals)", to: 9)
        return text
    }
}
