import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalAdd: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "add", abstract: "Add a goal for a day or a week (default: the day in view).",
            flags: [Goals.goalJSON],
            arguments: [RestWords.argument("TITLE… [for:DAY|WEEK] [due:DATE]", help: "What the goal is.")])
        let input: RestWords

        init(_ arguments: CommandArguments) { input = RestWords(arguments) }

        func execute(in session: Session) throws {
            let parsed = try GoalWords.parse(input.words, resolver: session.resolver())
            guard parsed.title.isEmpty == false else {
                throw CommandError.usage("a goal needs a title, e.g. goal add Ship the report for:week")
            }
            let now = try session.now()
            var random = SystemRandomNumberGenerator()
            let uid = UIDGenerator.make(using: &random)
            _ = try session.commit(label: session.undoLabel(["goal", "add"] + input.words), now: now) { _ in
                try GoalOperations.add(
                    title: parsed.title, period: parsed.period ?? .day(session.view.date), due: parsed.due ?? nil,
                    uid: uid, context: session.operationContext(now))
            }
            // The number the commit gave it; a new goal has no task yet.
            guard let goal = try session.read({ try $0.goals() }).first(where: { $0.uid == uid }) else { return }
            if input.json {
                try session.printJSON(ViewJSON.goal(goal, tasks: []))
            } else {
                session.print(GoalView.added(goal))
            }
        }
    }
}
