import ShadeCore
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

        init(_ arguments: CommandArguments) { (json, week) = (arguments.flag("json"), arguments.optionalWord("week")) }

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
                try session.printJSON(
                    ViewJSON.review(
                        reviewed, tasks: tasks, goals: GoalOperations.listed(goals), goalTasks: goalTasks,
                        questions: questions, context: try session.renderContext(series: true)))
                return
            }
            let render = try session.renderContext()
            session.print(
                ReviewView.header(reviewed, tasks: tasks, goals: goals, goalTasks: goalTasks, style: render.style))
            guard !questions.isEmpty else {
                session.print(ReviewView.nothingToDecide(reviewed))
                return
            }
            guard let ask = session.answers else {
                session.print(ReviewView.cannotAsk(questions.count))
                return
            }
            session.print(ReviewView.legend(questions.count))
            // Who may drop what: in a shared planner, the maker of a task alone.
            let asking = Asking(
                session: session, ask: ask, resolver: resolver, context: context, style: render.style,
                removal: try session.removal())
            var answers: [(task: PlannerTask, answer: ReviewOperations.Answer)] = []
            var stopped = false
            for (task, line) in zip(questions, ReviewView.questions(questions, context: render)) {
                session.print(line)
                guard let answer = asking.answer(for: task) else {
                    stopped = true
                    break
                }
                answers.append((task, answer))
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
                    return try ReviewOperations.changes(current, context: context, removal: asking.removal)
                }
            }
            let unasked = stopped ? questions.count - answers.count : 0
            session.print(ReviewView.summary(answers.map { $0.answer }, unasked: unasked, reviewed: reviewed))
        }

        /// What asking about one task at a time needs: where answers come from and go, and what
        /// decides whether one can be taken.
        struct Asking {
            let session: Session
            let ask: (SafeText) -> String?
            let resolver: DayResolver
            let context: OperationContext
            let style: Style
            let removal: TaskOperations.Removal

            /// The answer about `task`, asked again until the reply is one; nil when the asking
            /// stops (q, or no more lines to read).
            func answer(for task: PlannerTask) -> ReviewOperations.Answer? {
                while true {
                    guard let reply = ask(ReviewView.answerPrompt) else { return nil }
                    let key = String(
                        reply.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
                    if key.lowercased() == "q" || key.lowercased() == "quit" { return nil }
                    let answer: ReviewOperations.Answer
                    if key.lowercased() == "m" || key.lowercased() == "move" {
                        guard let placeWords = ask(ReviewView.movePrompt) else { return nil }
                        do {
                            answer = try Review.moveAnswer(placeWords, task: task, resolver: resolver, context: context)
                        } catch {
                            session.print(ReviewView.refused(SafeText(escaping: "\(error)"), style: style))
                            continue
                        }
                    } else {
                        guard let typed = ReviewOperations.answer(for: key) else {
                            session.print(ReviewView.notAnAnswer(CommandArguments.quoted(key)))
                            continue
                        }
                        if typed == .drop, !removal.allows(task) {
                            session.print(ReviewView.dropRefused(task, style: style))
                            continue
                        }
                        answer = typed
                    }
                    let destination = ReviewOperations.destination(of: answer, for: task, context: context)
                    session.print(ReviewView.answer(answer, task: task, destination: destination))
                    return answer
                }
            }
        }

        /// The answer `m` makes of the words typed after it.
        static func moveAnswer(_ text: String, task: PlannerTask, resolver: DayResolver, context: OperationContext)
            throws
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
    }
}
