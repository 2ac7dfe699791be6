/// The words of a command that changes one task by words (`edit 4 …`, `note 4 …`): its id,
/// `--json`, and the words after the id.
struct TaskInput: Sendable {
    let id: Int
    let json: Bool
    let words: [String]

    init(_ arguments: CommandArguments) throws(CommandError) {
        id = try arguments.int("id")
        (json, words) = (arguments.givenJSON, arguments.restWords)
    }

    /// The grammar of such a command: `--json` (printing the task) and `flag`, the id, then the
    /// words.
    static func grammar(
        _ name: String, abstract: String, discussion: String, flag: CommandGrammar.Flag, words: String, help: String
    ) -> CommandGrammar {
        CommandGrammar(
            name: name, abstract: abstract, discussion: discussion, flags: [.json("Print the task as JSON."), flag],
            arguments: [.id, RestWords.argument(words, help: help)])
    }
}
