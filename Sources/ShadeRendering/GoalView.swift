import ShadeCore

/// The text of goals: a goal's line in `goals`, its page in `goal show`, and the confirmations
/// of the goal commands.
public enum GoalView {
    /// How a goal's period reads: `Tue 24 Nov` or `2026-W48`.
    public static func periodText(_ period: GoalPeriod) -> String {
        switch period {
        case .day(let date): date.shortLabel
        case .week(let week): week.description
        }
    }

    /// One line of `goals`: id, title (padded to `titleWidth`), period, due or closing day, rate,
    /// counts, carries and who shares it. `tasks` may hold other goals' tasks too.
    public static func line(_ goal: Goal, tasks: [PlannerTask], titleWidth: Int, style: Style) -> SafeText {
        let tally = Tally(tasks.filter { $0.goal == goal.uid })
        var line: SafeText =
            "  " + style.bold(DisplayWidth.padRight("\(goal.label)", to: 4)) + " "
            + DisplayWidth.padRight(DisplayWidth.truncate(SafeText(escaping: goal.title), to: 40), to: titleWidth)
        line += "  " + DisplayWidth.padRight("\(periodText(goal.period))", to: 10)
        switch goal.status {
        case .open:
            line += "  " + DisplayWidth.padRight(goal.due.map { "due \($0.shortLabel)" } ?? "", to: 14)
        case .done, .cancelled:
            let when = goal.closedAt.flatMap { CivilDate(iso: $0.prefix(10)) }
            line +=
                "  " + DisplayWidth.padRight(when.map { "\(goal.status.rawValue) \($0.shortLabel)" } ?? "", to: 14)
        }
        line += "  " + DisplayWidth.padLeft(RateFormat.percent(tally.rate), to: 4)
        line += style.dim("  \(tally.done)/\(tally.total)")
        if goal.carried > 0 { line += style.dim("  ↷\(goal.carried)") }
        if !goal.participants.isEmpty {
            line += style.dim("  with \(goal.participants.joined(separator: ", "))")
        }
        return line
    }

    /// The width `line` pads titles to for these goals: the widest title, at most 40 columns.
    public static func titleWidth(_ goals: [Goal]) -> Int {
        min(40, goals.map { DisplayWidth.of(SafeText(escaping: $0.title)) }.max() ?? 0)
    }

    /// What `goals` says when there is no goal at all.
    public static let noGoalsYet: SafeText = "no goals yet; goal add TITLE [for:DAY|WEEK] [due:DATE] sets one"

    /// The text of `goals`: a section for each status of `sections` (in progress, completed,
    /// cancelled), each with its goals of `listed` in their order, or `none`.
    public static func list(_ listed: [Goal], sections: [GoalStatus], tasks: [PlannerTask], style: Style)
        -> SafeText
    {
        let width = titleWidth(listed)
        var lines: [SafeText] = []
        let headings: [(GoalStatus, SafeText)] = [
            (.open, "in progress"), (.done, "completed"), (.cancelled, "cancelled"),
        ]
        for (status, heading) in headings where sections.contains(status) {
            lines.append(style.bold(heading))
            let section = listed.filter { $0.status == status }
            if section.isEmpty { lines.append(style.dim("  none")) }
            for goal in section { lines.append(line(goal, tasks: tasks, titleWidth: width, style: style)) }
        }
        return lines.joined(separator: "\n")
    }

    /// The text of `goal show`: the goal's fields, then its tasks (`tasks`, all of them its own).
    public static func detail(_ goal: Goal, tasks: [PlannerTask], context: RenderContext) -> SafeText {
        let style = context.style
        let tally = Tally(tasks)
        var text: SafeText =
            style.bold("\(goal.label) · \(SafeText(escaping: goal.title))") + "\n"
            + "  for        \(periodText(goal.period))\n"
        if let due = goal.due { text += "  due        \(due.shortLabel)\n" }
        text += "  status     \(goal.status.rawValue)"
        if let closed = goal.closedAt { text += style.dim(" (\(closed))") }
        text += "\n  rate       " + RateFormat.percent(tally.rate) + "  " + style.dim(RateFormat.counts(tally)) + "\n"
        if goal.carried > 0 { text += "  carried    \(goal.carried)×\n" }
        if !goal.participants.isEmpty { text += "  shared     \(goal.participants.joined(separator: ", "))\n" }
        if tasks.isEmpty {
            text += style.dim("  no tasks yet; add DAY TITLE goal:\(goal.label) adds one") + "\n"
        } else {
            text +=
                TaskLines.render(
                    PlannerTask.sortedInTimelineOrder(tasks), placement: true, indent: 2, context: context
                ).joined(separator: "\n") + "\n"
        }
        return text
    }

    /// `g1 · Ship the report`.
    static func name(_ goal: Goal) -> SafeText { "\(goal.label) · \(SafeText(escaping: goal.title))" }

    /// ` · Tue 24 Nov · due Fri 27 Nov · Ship the report`: where a goal is, and what.
    static func placed(_ goal: Goal) -> SafeText {
        " · \(periodText(goal.period))" + (goal.due.map { " · due \($0.shortLabel)" } ?? "")
            + " · \(SafeText(escaping: goal.title))"
    }

    /// What `goal add` says of the goal it added.
    public static func added(_ goal: Goal) -> SafeText {
        "added goal \(goal.label)" + placed(goal)
            + "\n  tasks join it with goal:\(goal.label), e.g. add tue Draft it goal:\(goal.label)"
    }

    /// What `goal edit` says of the goal as it is now.
    public static func edited(_ goal: Goal) -> SafeText { "edited goal \(goal.label)" + placed(goal) }

    /// What `goal rm` says.
    public static func removed(_ goal: Goal) -> SafeText { "removed goal " + name(goal) + " (its tasks stay)" }

    /// What `goal carry` says of the goal as it is now.
    public static func carried(_ goal: Goal) -> SafeText {
        "carried goal \(goal.label) to \(periodText(goal.period)) · \(SafeText(escaping: goal.title))  ↷\(goal.carried)"
    }

    /// What `goal share` says of the goal as it is now.
    public static func shared(_ goal: Goal) -> SafeText {
        let names = goal.participants.isEmpty ? "nobody" : goal.participants.joined(separator: ", ")
        return "goal " + name(goal) + " is shared with \(names)"
    }

    /// What `goal done|undone|cancel` says of the goal it gave `status`.
    public static func statusSet(_ goal: Goal, to status: GoalStatus) -> SafeText {
        let verb: SafeText
        switch status {
        case .done: verb = "done goal"
        case .open: verb = "reopened goal"
        case .cancelled: verb = "cancelled goal"
        }
        return verb + " " + name(goal)
    }

    /// What a goal command says when it changed nothing.
    public static func unchanged(_ goal: Goal) -> SafeText { "nothing to change: " + name(goal) }

    /// A line for each open goal whose last open task a change just finished (a goal is done
    /// only when the user says so).
    public static func finished(_ goals: [Goal]) -> [SafeText] {
        goals.map { goal in
            "✓ that was the last open task of goal \(goal.label) · \(SafeText(escaping: goal.title)); goal done \(goal.label) marks it done"
        }
    }

    /// `g2 · Call grandma (Sun 29 Nov)`: a goal offered to carry.
    static func offered(_ goal: Goal) -> SafeText { name(goal) + " (\(periodText(goal.period)))" }
}
