import ShadeCore

/// The line that tells a `done` finished a slot, a day or a week.
public enum MilestoneText {
    public static func render(_ milestone: CompletionMilestone, context: RenderContext) -> SafeText {
        let style = context.style
        let text: SafeText
        switch milestone {
        case .week(let week):
            text = "that was the last open task of week \(week): every task of the week is done"
        case .day(let date):
            text = "that was the last open task of " + RateFormat.shortDay(date) + ": the day is done"
        case .slot(let date, let slot):
            text = "that was the last open task of " + RateFormat.shortDay(date) + " \(slot): the \(slot) is clear"
        }
        return style.green("✓ ") + text
    }
}
