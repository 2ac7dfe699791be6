import ShadeCore

/// The text of `carry`: the tasks carried (or that would be), or why there are none, and the
/// unmet goals it offers to carry.
public enum CarryView {
    /// The tasks carried, as they are after (`dryRun`: those that would be, with the command
    /// that moves them, `carry` and its `words`).
    public static func carried(_ tasks: [PlannerTask], dryRun: Bool, words: [String], context: RenderContext)
        -> SafeText
    {
        let count = tasks.count == 1 ? "1 task" : "\(tasks.count) tasks"
        var text: SafeText = dryRun ? "would carry \(count):\n" : "carried \(count):\n"
        let lines = TaskLines.render(tasks, placement: true, indent: 2, context: context)
        text += lines.joined(separator: "\n") + "\n"
        if dryRun { text += "(carry" + (words.isEmpty ? "" : " \(words.joined(separator: " "))") + " moves them)" }
        return text
    }

    /// Why nothing was carried from `source`.
    public static func nothing(from source: CarryOperations.Source) -> SafeText {
        let why: SafeText
        switch source {
        case .overdue:
            why = "no open task of the last \(CarryOperations.lookBackWeeks + 1) weeks has its slot ended"
        case .day(let date): why = "no open task of \(date.shortLabel) moves forward"
        case .week(let week): why = "no open task of \(week) moves forward"
        }
        return "nothing to carry: " + why
    }

    /// The goals whose time ran out unmet, offered to carry one by one; nil when there are none.
    public static func unmetOffer(_ unmet: [Goal]) -> SafeText? {
        guard let first = unmet.first else { return nil }
        return "unmet goal\(unmet.count == 1 ? "" : "s"): " + unmet.map(GoalView.offered).joined(separator: ", ")
            + "\n  goal carry \(first.label) carries one to today"
    }
}
