/// Every change a user can make to goals, as pure functions to the record changes they make, and
/// the rules of a goal's rate and of the order `goals` lists them in.
public enum GoalOperations {
    /// The number of a goal's id word, `g12` → 12; nil for any other word.
    public static func number(in word: String) -> Int? {
        guard word.count >= 2, word.first == "g" || word.first == "G" else { return nil }
        let digits = word.dropFirst()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits), number > 0 else {
            return nil
        }
        return number
    }

    /// The goal an id word names, or an error that says what an id is or which goals there are.
    public static func require(_ word: String, in records: PlannerRecords) throws -> Goal {
        guard let number = number(in: word) else {
            if Int(word) != nil {
                throw InputError.invalid(
                    "'\(TextEscaping.escape(word))' is a task's id; a goal's id is written g1, g2 … (goals lists them)")
            }
            throw InputError.invalid(
                "'\(TextEscaping.escape(word))' is not a goal's id; write g1, g2 … (goals lists them)")
        }
        guard let goal = try records.goals().first(where: { $0.number == number }) else {
            throw InputError.invalid("there is no goal g\(number) (goals lists them)")
        }
        return goal
    }

    /// `goal add TITLE… [for:DAY|WEEK] [due:DATE]`.
    public static func add(
        title: String, period: GoalPeriod, due: CivilDate?, uid: String, participants: [String] = [],
        context: OperationContext
    ) throws -> [RecordChange] {
        let title = try TaskText.validateTitle(title)
        try validateDue(due, period: period)
        return [
            .added(
                .keyed(
                    Goal(
                        uid: uid, title: title, period: period, due: due, participants: participants,
                        created: context.now.timestamp)))
        ]
    }

    /// A due date may not come before the goal's day or week begins.
    static func validateDue(_ due: CivilDate?, period: GoalPeriod) throws {
        guard let due, due < period.firstDay else { return }
        throw InputError.invalid(
            "due \(due.shortLabel) comes before the goal's \(period) begins; give a later due: day")
    }

    /// Marks a goal done, open again or cancelled; a goal already so is left as it is.
    public static func setStatus(_ status: GoalStatus, of goal: Goal, context: OperationContext) -> [RecordChange] {
        change(goal, context) { goal in
            goal.status = status
            goal.closedAt = status == .open ? nil : context.now.timestamp
        }
    }

    /// `goal edit gN [TITLE…] [for:DAY|WEEK] [due:DATE|none]`.
    public static func edit(
        _ goal: Goal, title: String?, period: GoalPeriod?, due: CivilDate??, context: OperationContext
    ) throws -> [RecordChange] {
        let title = try title.map { try TaskText.validateTitle($0) }
        try validateDue(due ?? goal.due, period: period ?? goal.period)
        return change(goal, context) { goal in
            if let title { goal.title = title }
            if let period { goal.period = period }
            if let due { goal.due = due }
        }
    }

    /// `goal rm gN`: the goal goes; its tasks stay (undo brings the goal back to them).
    public static func remove(_ goal: Goal) -> [RecordChange] { [.removed(.keyed(goal))] }

    /// `goal carry gN`: an open goal whose day or week has ended moves to today, or this week.
    public static func carry(_ goal: Goal, context: OperationContext) throws -> [RecordChange] {
        let today = context.now.date
        guard goal.status == .open else {
            throw InputError.invalid("\(goal.label) is \(goal.status.rawValue); only an open goal is carried")
        }
        guard goal.hasEnded(today: today) else {
            throw InputError.invalid(
                "\(goal.label) is for \(goal.period), which has not ended; a goal is carried once its day or week is over"
            )
        }
        return change(goal, context) { goal in
            goal.period = goal.period.sameKind(holding: today)
            goal.carried += 1
        }
    }

    /// The open goals whose day or week ended before today (what `carry` offers).
    public static func unmet(_ goals: [Goal], today: CivilDate) -> [Goal] {
        goals.filter { $0.status == .open && $0.hasEnded(today: today) }
    }

    /// `goal share gN NAME…`: adds people to a goal's participants (`-NAME` takes one off).
    public static func share(_ goal: Goal, names: [String], context: OperationContext) throws -> [RecordChange] {
        var participants = goal.participants
        for word in names {
            let removing = word.hasPrefix("-") && word.count > 1
            let name = try TaskText.validateParticipant(removing ? String(word.dropFirst()) : word)
            if removing {
                participants.removeAll { $0 == name }
            } else if !participants.contains(name) {
                participants.append(name)
            }
        }
        return change(goal, context) { $0.participants = participants }
    }

    /// A goal's tasks' tally: its rate is theirs.
    public static func tally(of goal: Goal, tasks: [PlannerTask]) -> Tally {
        Tally(tasks.filter { $0.goal == goal.uid })
    }

    /// Goals in the order `goals` lists them: in progress by due date (the soonest first; those
    /// without one after, by their day or week), completed by completion (the latest first), then
    /// cancelled (the latest first).
    public static func listed(_ goals: [Goal]) -> [Goal] {
        let open = goals.filter { $0.status == .open }.sorted { lhs, rhs in
            switch (lhs.due, rhs.due) {
            case (let l?, let r?) where l != r: return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            default:
                return lhs.period.lastDay != rhs.period.lastDay
                    ? lhs.period.lastDay < rhs.period.lastDay : lhs.number < rhs.number
            }
        }
        func latestFirst(_ status: GoalStatus) -> [Goal] {
            goals.filter { $0.status == status }.sorted { lhs, rhs in
                let l = lhs.closedAt ?? ""
                let r = rhs.closedAt ?? ""
                return l != r ? l > r : lhs.number > rhs.number
            }
        }
        return open + latestFirst(.done) + latestFirst(.cancelled)
    }

    /// A goal changed by `body`, its modification stamped; none when nothing changed.
    static func change(_ goal: Goal, _ context: OperationContext, _ body: (inout Goal) -> Void) -> [RecordChange] {
        var changed = goal
        body(&changed)
        guard changed != goal else { return [] }
        changed.modified = context.now.timestamp
        return [.changed(.keyed(goal), to: .keyed(changed))]
    }
}
