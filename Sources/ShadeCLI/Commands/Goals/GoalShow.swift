import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalShow: GoalCommand {
        static let grammar = Goals.grammar("show", abstract: "Show a goal with its tasks.")
        let selection: GoalSelection

        func execute(in session: Session) throws {
            let (goal, tasks) = try session.read { state in
                let goal = try GoalOperations.require(selection.word, in: state)
                return (goal, try state.tasks(ofGoals: [goal.uid]))
            }
            if selection.json {
                try session.printJSON(ViewJSON.goal(goal, tasks: tasks))
            } else {
                session.print(GoalView.detail(goal, tasks: tasks, context: try session.renderContext()))
            }
        }
    }
}
