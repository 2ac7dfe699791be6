import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalRemove: GoalCommand {
        static let grammar = Goals.grammar(
            "rm", abstract: "Delete a goal (its tasks stay; undo brings it back).", json: false)
        let selection: GoalSelection

        func execute(in session: Session) throws {
            try Goals.change(selection, verb: ["rm"], session: session, confirm: GoalView.removed) { goal, _ in
                GoalOperations.remove(goal)
            }
        }
    }
}
