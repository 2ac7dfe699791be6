/// The words of a command that lists the newest entries of a log (`log 3`, `conflicts 5`): how
/// many (1 or more, when given), and `--json`.
struct NewestEntries: Sendable {
    let json: Bool
    let count: Int?

    init(_ arguments: CommandArguments) throws(CommandError) {
        json = arguments.flag("json")
        count = try arguments.optionalCount("count")
    }

    /// The grammar of such a command: `NAME [N] [--json]`.
    static func grammar(name: String, abstract: String, discussion: String, json: String, count: String)
        -> CommandGrammar
    {
        CommandGrammar(
            name: name, abstract: abstract, discussion: discussion, flags: [.json(json)],
            arguments: [.init("count", valueName: "N", help: count, arity: .optional)])
    }
}
