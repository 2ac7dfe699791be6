import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalDone: GoalStatusCommand {
        static let grammar = Goals.grammar("done", abstract: "Mark a goal done.")
        static let status = GoalStatus.done
        let selection: GoalSelection
    }

    struct GoalUndone: GoalStatusCommand {
        static let grammar = Goals.grammar("undone", abstract: "Mark a goal open again.")
        static let status = GoalStatus.open
        let selection: GoalSelection
    }

    struct GoalCancel: GoalStatusCommand {
        static let grammar = Goals.grammar("cancel", abstract: "Cancel a goal (kept on record; its tasks stay).")
        static let status = GoalStatus.cancelled
        let selection: GoalSelection
    }
}

/// `goal done|undone|cancel gN`: one command a status, alike but for the status and its word.
protocol GoalStatusCommand: GoalCommand {
    static var status: GoalStatus { get }
}

extension GoalStatusCommand {
    func execute(in session: Session) throws {
        func confirm(_ goal: Goal) -> SafeText { GoalView.statusSet(goal, to: Self.status) }
        try Shade.Goals.change(selection, verb: [Self.grammar.name], session: session, confirm: confirm) {
            goal, context in
            GoalOperations.setStatus(Self.status, of: goal, context: context)
        }
    }
}
