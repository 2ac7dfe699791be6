import ShadeCore
import ShadeRendering

extension Shade {
    /// `history`: past goals with their tasks and what became of each.
    struct History: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "history", abstract: "Past goals with their tasks and what became of each.",
            discussion: """
                The goals whose day or week has ended, the latest first, over the last 12 weeks \
                (--weeks N for more or fewer): each with its status and rate, then its tasks, \
                each done, cancelled, still open, or carried (open, and now planned after the \
                goal's day or week).

                Examples:
                  history
                  history --weeks 26
                  history --json
                """,
            flags: [.json("Print the goals with their tasks and each task's fate as JSON.")],
            options: [.init(name: "weeks", valueName: "N", help: "How many weeks back (default: 12).")])
        let json: Bool
        let weeks: Int

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            weeks = try arguments.intOption("weeks") ?? 12
            if !(1...10_000).contains(weeks) { throw arguments.usage("--weeks takes 1 to 10000, not \(weeks)") }
        }

        func execute(in session: Session) throws {
            let today = try session.now().date
            let (history, context) = try session.read { state in
                let goals = try state.goals()
                let tasks = try state.tasks(ofGoals: Set(goals.map(\.uid)))
                return (
                    GoalHistory(goals: goals, tasks: tasks, today: today, weeks: weeks),
                    try session.renderContext(series: true, in: state)
                )
            }
            if json {
                try session.printJSON(ViewJSON.history(history, context: context))
            } else {
                session.print(GoalHistoryReport.render(history, context: context))
            }
        }
    }
}
