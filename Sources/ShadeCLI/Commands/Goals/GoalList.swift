import ShadeCore
import ShadeRendering

extension Shade {
    /// `goal ls`: in progress, completed, cancelled.
    struct GoalList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "ls",
            abstract: "List goals: in progress (soonest due first), completed (latest first), cancelled.",
            flags: [listJSON], arguments: [which])
        /// What `goals` and `goal ls` take.
        static let which = CommandGrammar.Argument(
            "which", valueName: "[open|done|cancelled|all]", help: "Which goals (default: all).", arity: .optional)
        static let listJSON = CommandGrammar.Flag.json("Print the goals as JSON, in the same order.")
        let json: Bool
        let which: String?

        init(_ arguments: CommandArguments) {
            (json, which) = (arguments.flag("json"), arguments.optionalWord("which"))
        }

        /// The statuses `which` names.
        func statuses() throws -> [GoalStatus] {
            switch which?.lowercased() {
            case nil, "all": return GoalStatus.allCases
            case "open": return [.open]
            case "done": return [.done]
            case "cancelled", "canceled": return [.cancelled]
            case let other?:
                throw CommandError.usage(
                    "goals lists open, done, cancelled or all goals, not '\(CommandArguments.quoted(other))'")
            }
        }

        func execute(in session: Session) throws {
            let statuses = try statuses()
            let (goals, tasks) = try Goals.read(session)
            let listed = GoalOperations.listed(goals).filter { statuses.contains($0.status) }
            if json {
                try session.printJSON(ViewJSON.goals(listed, tasks: tasks))
                return
            }
            guard !goals.isEmpty else {
                session.print(GoalView.noGoalsYet)
                return
            }
            // The goals and their tasks are read already: only the style is wanted.
            let style = try session.renderContext(goals: false).style
            session.print(GoalView.list(listed, sections: statuses, tasks: tasks, style: style))
        }
    }

    /// `goals`: the same as `goal ls`.
    struct GoalsList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "goals", abstract: "List goals in three sections (as goal ls).",
            discussion: "Examples:\n  goals\n  goals open\n  goals --json",
            flags: [GoalList.listJSON], arguments: [GoalList.which])
        let list: GoalList

        init(_ arguments: CommandArguments) { list = GoalList(arguments) }

        func execute(in session: Session) throws { try list.execute(in: session) }
    }
}
