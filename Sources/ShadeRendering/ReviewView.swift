import ShadeCore

/// The text of `review`: the week's rates and goals, the questions and what each answer does,
/// and what the review changed.
public enum ReviewView {
    /// The week's rate and counts, each day's rate, and its goals (`goalTasks` their tasks).
    public static func header(
        _ week: ISOWeek, tasks: [PlannerTask], goals: [Goal], goalTasks: [PlannerTask], style: Style
    ) -> SafeText {
        let tally = Tally(tasks)
        var text: SafeText =
            style.bold("review of \(week)") + style.dim(" · \(week.monday.shortLabel) – \(week.sunday.shortLabel)")
            + "   " + style.bold(RateFormat.percent(tally.rate)) + "  " + style.dim(RateFormat.counts(tally)) + "\n"
        var days: [SafeText] = []
        for date in week.days {
            let day = Tally(tasks.filter { $0.date == date })
            days.append("\(date.weekday.label) " + (day.total == 0 ? style.dim("—") : RateFormat.percent(day.rate)))
        }
        text += "  " + days.joined(separator: "  ") + "\n"
        if goals.isEmpty {
            text += style.dim("  no goals for this week") + "\n"
        } else {
            text += "goals\n"
            let width = GoalView.titleWidth(goals)
            for goal in GoalOperations.listed(goals) {
                text +=
                    GoalView.line(goal, tasks: goalTasks, titleWidth: width, style: style) + "  "
                    + style.dim("\(goal.status.rawValue)") + "\n"
            }
        }
        return text
    }

    /// What `review` says when the week has no open task to ask about.
    public static func nothingToDecide(_ week: ISOWeek) -> SafeText { "no open task in \(week) to decide on" }

    /// What `review` says when it has no way to read answers.
    public static func cannotAsk(_ count: Int) -> SafeText {
        "\(count) open task(s); review asks about each where it can read answers"
    }

    /// The line before the questions: how many, and the answers there are.
    public static func legend(_ count: Int) -> SafeText {
        "\(count) open task\(count == 1 ? "" : "s"): c carry to this week · m move · x cancel · d drop · s skip · q quit"
    }

    /// The prompt for an answer.
    public static let answerPrompt: SafeText = "  c/m/x/d/s/q? "
    /// The prompt for where `m` moves a task.
    public static let movePrompt: SafeText = "  to DAY [SLOT]: "

    /// Each question's line: `[2/5]` and the task, the tasks aligned together.
    public static func questions(_ tasks: [PlannerTask], context: RenderContext) -> [SafeText] {
        let layout = TaskLines(measuring: tasks, placement: true, indent: 2, context: context)
        return tasks.enumerated().map { index, task in
            context.style.dim("[\(index + 1)/\(tasks.count)]") + layout.line(task)
        }
    }

    /// What an answer does, as the line under its question says it: `destination` is where it
    /// puts the task (`ReviewOperations.destination`).
    public static func answer(
        _ answer: ReviewOperations.Answer, task: PlannerTask, destination: (date: CivilDate, slot: Slot)?
    ) -> SafeText {
        let text: SafeText
        switch answer {
        case .carry:
            if let place = destination {
                text = "carry to \(place.date.shortLabel) \(place.slot)"
            } else {
                text = "stays (nothing later to carry it to)"
            }
        case .move(let date, let slot): text = "move to \(date.shortLabel) \(destination?.slot ?? slot ?? task.slot)"
        case .cancel: text = "cancel"
        case .drop: text = "drop"
        case .skip: text = "skip"
        }
        return "  → " + text
    }

    /// An answer that could not be taken, and why.
    public static func refused(_ message: SafeText, style: Style) -> SafeText { "  " + style.red(message) }

    /// A reply that is no answer (`key` as messages quote it).
    public static func notAnAnswer(_ key: SafeText) -> SafeText { "  '\(key)' is no answer: c, m, x, d, s or q" }

    /// Why a task someone else made is not dropped.
    public static func dropRefused(_ task: PlannerTask, style: Style) -> SafeText {
        refused(
            "made by \(task.createdBy ?? ""): in a shared planner only its maker drops it (x cancels it)", style: style)
    }

    /// What the review changed: how many tasks each answer took, those not asked about, and
    /// that undo takes it back.
    public static func summary(_ answers: [ReviewOperations.Answer], unasked: Int, reviewed: ISOWeek) -> SafeText {
        var counts: [String: Int] = [:]
        for answer in answers {
            let name: String
            switch answer {
            case .carry: name = "carried"
            case .move: name = "moved"
            case .cancel: name = "cancelled"
            case .drop: name = "dropped"
            case .skip: name = "skipped"
            }
            counts[name, default: 0] += 1
        }
        let parts = ["carried", "moved", "cancelled", "dropped", "skipped"].compactMap { name in
            counts[name].map { "\($0) \(name)" }
        }
        let changed = parts.isEmpty ? "nothing changed" : parts.joined(separator: ", ")
        var text: SafeText = "review of \(reviewed) done: \(changed)"
        if unasked > 0 { text += " · \(unasked) not asked (review \(reviewed) asks again)" }
        if answers.contains(where: { $0 != .skip }) { text += "\n(undo takes the whole review back)" }
        return text
    }
}
