/// The words of a command that acts on several tasks at once (`done 4 7`, `star 4`, `rm 5`):
/// their ids, and `--json`.
struct TaskSelection: Sendable {
    let ids: [Int]
    let json: Bool

    init(_ arguments: CommandArguments) throws(CommandError) {
        ids = try arguments.ints("ids")
        json = arguments.flag("json")
    }

    /// The grammar of such a command whose help is its examples (`done 4`, written `["4"]`).
    static func grammar(_ name: String, abstract: String, examples: [String]) -> CommandGrammar {
        grammar(
            name, abstract: abstract,
            discussion: "Examples:\n" + examples.map { "  \(name) \($0)" }.joined(separator: "\n"))
    }

    /// The grammar of such a command.
    static func grammar(
        _ name: String, abstract: String, discussion: String, json: String = "Print the tasks as JSON.",
        flags: [CommandGrammar.Flag] = []
    ) -> CommandGrammar {
        CommandGrammar(
            name: name, abstract: abstract, discussion: discussion, flags: [.json(json)] + flags, arguments: [.ids])
    }
}
