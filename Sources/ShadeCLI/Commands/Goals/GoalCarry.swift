import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalCarry: GoalCommand {
        static let grammar = Goals.grammar(
            "carry", abstract: "Carry an unmet goal on to today (a week's goal to this week).")
        let selection: GoalSelection

        func execute(in session: Session) throws {
            try Goals.change(selection, verb: ["carry"], session: session, confirm: GoalView.carried) {
                goal, context in
                try GoalOperations.carry(goal, context: context)
            }
        }
    }
}
