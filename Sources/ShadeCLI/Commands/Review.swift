import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    /// `review`: a walk through a past week, its open tasks answered one at a time.
    struct Review: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "review", abstract: "Walk through a week (default: last week) and decide on its open tasks.",
            discussion: """
                First the week's rates and its goals, then each open task in date and slot order, \
                one at a time: c carries it to this week (same weekday and slot; today if that has \
                passed), m moves it to the day and slot typed on the next line, x cancels it, d \
                drops it (deletes), s skips it, q stops asking. Then what changed: the answers are \
                made together, as one undo step. The view stays where it is. In a script the \
                answers are the lines that follow; with --json the review's facts are printed and \
                nothing is asked or changed. A repeating task's open days are left to its rule.

                Examples:
                  review
                  review 2026-W47
                  review last --json
                """,
            flags: [.json("Print the week's facts (rates, goals, open tasks) as JSON; ask nothing.")],
            arguments: [.init("week", valueName: "[WEEK]", help: "The week (default: last week).", arity: .optional)])
        let json: Bool
        let week: String?

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            week = arguments.optionalWord("week")
        }

        /// The week reviewed: the one named (`last` is the week before this one), or last week.
        func target(resolver: DayResolver) throws -> ISOWeek {
            guard let week else { return resolver.today.isoWeek.adding(weeks: -1) }
            switch week.lowercased() {
            case "last", "prev", "previous": return resolver.today.isoWeek.adding(weeks: -1)
            default: return try resolver.requireWeek(week)
            }
        }

        func execute(in session: Session) throws {
            let resolver = try session.resolver()
            let reviewed = try target(resolver: resolver)
            let now = try session.now()
            let context = session.operationContext(now)
            let (tasks, goals, goalTasks) = try session.read { state in
                let goals = try state.goals().filter {
                    $0.period.firstDay.isoWeek == reviewed || $0.period.lastDay.isoWeek == reviewed
                }
                return (
                    try state.tasks(in: reviewed), goals, try state.tasks(ofGoals: Set(goals.map(\.uid)))
                )
            }
            let questions = ReviewOperations.questions(tasks)
            if json {
                let render = try session.renderContext(series: true)
                var object = JSONObject()
                object.appendUnique("week", .string(reviewed.description))
                let tally = Tally(tasks)
                object.appendUnique("rate", tally.rate.map(JSONValue.double) ?? .null)
                object.appendUnique("done", .int(Int64(tally.done)))
                object.appendUnique("open", .int(Int64(tally.open)))
                object.appendUnique("cancelled", .int(Int64(tally.cancelled)))
                object.appendUnique(
                    "days",
                    .array(
                        reviewed.days.map { date in
                            let day = Tally(tasks.filter { $0.date == date })
                            return [
                                "date": .string(date.description), "rate": day.rate.map(JSONValue.double) ?? .null,
                                "done": .int(Int64(day.done)), "open": .int(Int64(day.open)),
                            ]
                        }))
                object.appendUnique(
                    "goals", .array(GoalOperations.listed(goals).map { Goals.json($0, tasks: goalTasks) }))
                object.appendUnique("open_tasks", .array(questions.map { ViewJSON.task($0, context: render) }))
                try session.printJSON(.object(object))
                return
            }
            let render = try session.renderContext()
            let style = render.style
            session.print(header(reviewed, tasks: tasks, goals: goals, goalTasks: goalTasks, style: style))
            guard !questions.isEmpty else {
                session.print("no open task in \(reviewed) to decide on")
                return
            }
            guard let ask = session.answers else {
                session.print("\(questions.count) open task(s); review asks about each where it can read answers")
                return
            }
            session.print(
                "\(questions.count) open task\(questions.count == 1 ? "" : "s"): c carry to this week · m move · x cancel · d drop · s skip · q quit"
            )
            // Who may drop what: in a shared planner, the maker of a task alone.
            let removal = try session.removal()
            var answers: [(task: PlannerTask, answer: ReviewOperations.Answer)] = []
            let layout = TaskLines(measuring: questions, placement: true, indent: 2, context: render)
            var stopped = false
            asking: for (index, task) in questions.enumerated() {
                session.print(style.dim("[\(index + 1)/\(questions.count)]") + layout.line(task))
                while true {
                    guard let reply = ask("  c/m/x/d/s/q? ") else {
                        stopped = true
                        break asking
                    }
                    let key = String(
                        reply.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                    if key.lowercased() == "q" || key.lowercased() == "quit" {
                        stopped = true
                        break asking
                    }
                    if key.lowercased() == "m" || key.lowercased() == "move" {
                        guard let placeWords = ask("  to DAY [SLOT]: ") else {
                            stopped = true
                            break asking
                        }
                        do {
                            let move = try moveAnswer(placeWords, task: task, resolver: resolver, context: context)
                            answers.append((task, move))
                            session.print("  → " + describe(move, task: task, context: context))
                            continue asking
                        } catch {
                            session.print("  " + style.red("\(SafeText(escaping: "\(error)"))"))
                            continue
                        }
                    }
                    guard let answer = ReviewOperations.answer(for: key) else {
                        session.print("  '\(CommandArguments.quoted(key))' is no answer: c, m, x, d, s or q")
                        continue
                    }
                    if answer == .drop, !removal.allows(task) {
                        session.print(
                            "  "
                                + style.red(
                                    "made by \(task.createdBy ?? ""): in a shared planner only its maker drops it (x cancels it)"
                                ))
                        continue
                    }
                    answers.append((task, answer))
                    session.print("  → " + describe(answer, task: task, context: context))
                    continue asking
                }
            }
            let decided = answers.filter { $0.answer != .skip }
            if !decided.isEmpty {
                _ = try session.commit(label: session.undoLabel(["review", reviewed.description]), now: now) { state in
                    // Each task as it is now: one changed since the question is left as it is.
                    var current: [(task: PlannerTask, answer: ReviewOperations.Answer)] = []
                    for (task, answer) in decided {
                        if let found = try state.tasks(in: task.week).first(where: { $0.uid == task.uid }),
                            found == task
                        {
                            current.append((found, answer))
                        }
                    }
                    return try ReviewOperations.changes(current, context: context, removal: removal)
                }
            }
            session.print(summary(answers, unasked: stopped ? questions.count - answers.count : 0, reviewed: reviewed))
        }

        /// The answer `m` makes of the words typed after it.
        func moveAnswer(_ text: String, task: PlannerTask, resolver: DayResolver, context: OperationContext) throws
            -> ReviewOperations.Answer
        {
            var words = text.split(separator: " ").map(String.init)[...]
            guard let (date, count) = resolver.leadingDate(in: words) else {
                if let first = words.first { _ = try resolver.requireDate(first) }
                throw CommandError.usage("m needs a day (and a slot), e.g. thu evening")
            }
            words = words.dropFirst(count)
            var slot: Slot?
            if let word = words.first {
                guard let named = Slot(name: word), words.count == 1 else {
                    throw CommandError.usage(
                        "after the day comes a slot (morning, afternoon, evening), not '\(CommandArguments.quoted(word))'"
                    )
                }
                slot = named
            }
            let target = CarryOperations.Target(date: date, slot: slot)
            try CarryOperations.validate(target, context: context)
            guard CarryOperations.destination(of: task, to: target, context: context) != nil else {
                throw CommandError.usage("\(date.shortLabel) is not after the task's own day; work only moves forward")
            }
            return .move(date, slot)
        }

        /// What an answer does, in words.
        func describe(_ answer: ReviewOperations.Answer, task: PlannerTask, context: OperationContext) -> SafeText {
            switch answer {
            case .carry:
                let target = ReviewOperations.carryTarget(for: task, context: context)
                guard let place = CarryOperations.destination(of: task, to: target, context: context) else {
                    return "stays (nothing later to carry it to)"
                }
                return "carry to \(place.date.shortLabel) \(place.slot)"
            case .move(let date, let slot):
                let place = CarryOperations.destination(
                    of: task, to: CarryOperations.Target(date: date, slot: slot), context: context)
                return "move to \(date.shortLabel) \(place?.slot ?? slot ?? task.slot)"
            case .cancel: return "cancel"
            case .drop: return "drop"
            case .skip: return "skip"
            }
        }

        /// The week's rates and goals.
        func header(_ week: ISOWeek, tasks: [PlannerTask], goals: [Goal], goalTasks: [PlannerTask], style: Style)
            -> SafeText
        {
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
                let width = min(40, goals.map { DisplayWidth.of(SafeText(escaping: $0.title)) }.max() ?? 0)
                for goal in GoalOperations.listed(goals) {
                    text +=
                        Goals.line(goal, tasks: goalTasks, titleWidth: width, style: style) + "  "
                        + style.dim("\(goal.status.rawValue)") + "\n"
                }
            }
            return text
        }

        /// What the review changed.
        func summary(
            _ answers: [(task: PlannerTask, answer: ReviewOperations.Answer)], unasked: Int, reviewed: ISOWeek
        ) -> SafeText {
            var counts: [String: Int] = [:]
            for (_, answer) in answers {
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
            if answers.contains(where: { $0.answer != .skip }) { text += "\n(undo takes the whole review back)" }
            return text
        }
    }
}
