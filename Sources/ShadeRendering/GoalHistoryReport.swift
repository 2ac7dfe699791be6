import ShadeCore

/// The text of `history`: each past goal with its status and rate, then its tasks with their fate.
public enum GoalHistoryReport {
    public static func render(_ history: GoalHistory, context: RenderContext) -> SafeText {
        let style = context.style
        var lines: [SafeText] = [
            style.bold("Past goals") + style.dim(" · ended since \(RateFormat.shortDay(history.since))")
        ]
        if history.entries.isEmpty {
            lines.append(style.dim("no goal has ended in these weeks; goal add TITLE for:week sets one"))
        }
        for entry in history.entries {
            let goal = entry.goal
            let tally = Tally(entry.tasks)
            var heading: SafeText = "\n" + style.bold("\(goal.label) · \(SafeText(escaping: goal.title))")
            heading += style.dim(" · \(goal.period) · \(goal.status.rawValue)")
            heading += "  " + RateFormat.percent(tally.rate) + style.dim("  " + RateFormat.counts(tally))
            lines.append(heading)
            guard !entry.tasks.isEmpty else {
                lines.append(style.dim("    no tasks"))
                continue
            }
            let taskLines = TaskLines.render(entry.tasks, placement: true, indent: 4, context: context)
            let width = taskLines.map { DisplayWidth.of(Style.uncoloured($0)) }.max() ?? 0
            for (line, fate) in zip(taskLines, entry.fates) {
                let padding = SafeText(
                    escaping: String(repeating: " ", count: width - DisplayWidth.of(Style.uncoloured(line))))
                lines.append(line + padding + "  " + fateText(fate, style: style))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `done`, `cancelled`, `open`, `carried on`.
    static func fateText(_ fate: GoalHistory.Fate, style: Style) -> SafeText {
        switch fate {
        case .done: style.green("done")
        case .cancelled: style.dim("cancelled")
        case .open: style.yellow("open")
        case .carried: style.magenta("carried on")
        }
    }
}
