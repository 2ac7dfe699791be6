import ShadeCore

/// The lines that confirm a change of tasks: `done 4 · Call the bank`, `starred ★ 4 · …`,
/// `edited 4 · Tue 24 Nov · evening · …`, `removed 4 · …`.
public enum TaskConfirmation {
    /// A task's title as confirmations show it: escaped and cut to a readable length.
    public static func title(_ task: PlannerTask) -> SafeText {
        DisplayWidth.truncate(SafeText(escaping: task.title), to: 60)
    }

    /// What marking a task says: a status it was given (or was already in), or its star.
    public static func marked(_ task: PlannerTask, with mark: TaskMark, changed: Bool) -> SafeText {
        switch mark {
        case .status(let status):
            let past: String
            switch status {
            case .done: past = "done"
            case .open: past = "open"
            case .cancelled: past = "cancelled"
            }
            guard changed else { return "\(task.id) was already \(past) · " + title(task) }
            return "\(status == .open ? "reopened" : past) \(task.id) · " + title(task)
        case .favorite(let favorite):
            return "\(favorite ? "starred ★" : "unstarred") \(task.id) · " + title(task)
        }
    }

    /// What finishing tasks finished: the slot, day or week it cleared, then each goal whose last
    /// open task it was.
    public static func completion(_ outcome: CompletionOutcome, context: RenderContext) -> [SafeText] {
        (outcome.milestone.map { [MilestoneText.render($0, context: context)] } ?? [])
            + GoalView.finished(outcome.finishedGoals)
    }

    /// What `note` says: the note written, or cleared.
    public static func noted(_ task: PlannerTask, cleared: Bool) -> SafeText {
        "\(cleared ? "cleared the note of" : "noted") \(task.id) · " + title(task)
    }

    /// What `edit` says of the task as it is now.
    public static func edited(_ task: PlannerTask) -> SafeText {
        "edited \(task.id) · \(task.placement) · " + title(task)
    }

    /// What `rm` says of a task it removed: the task, one day of a series, or (`series`) the
    /// rest of its series from its day on.
    public static func removed(_ task: PlannerTask, series: Bool) -> SafeText {
        if series {
            return "ended the series of \(task.id) · " + title(task) + ": nothing more from "
                + RateFormat.shortDay(RepeatSeries.occurrence(of: task.uid)?.date ?? task.date) + " on"
        }
        if task.series != nil {
            return "removed \(task.id) · " + title(task) + " · " + RateFormat.shortDay(task.date)
                + " only; the series goes on"
        }
        return "removed \(task.id) · " + title(task)
    }
}
