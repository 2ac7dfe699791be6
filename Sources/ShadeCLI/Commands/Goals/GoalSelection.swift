/// The words of a command that acts on one goal (`goal done g1 --json`, `goal share g1 sam`):
/// its id, `--json` where the command has it, and the words after the id.
struct GoalSelection: Sendable {
    /// The goal's id as typed (`g1`).
    let word: String
    let json: Bool
    let words: [String]

    init(_ arguments: CommandArguments) {
        word = arguments.word("goal")
        (json, words) = (arguments.givenJSON, arguments.restWords)
    }
}

/// A command that acts on one goal: built from its `GoalSelection` alone.
protocol GoalCommand: PlannerCommand {
    init(selection: GoalSelection)
    var selection: GoalSelection { get }
}

extension GoalCommand {
    init(_ arguments: CommandArguments) { self.init(selection: GoalSelection(arguments)) }
}
