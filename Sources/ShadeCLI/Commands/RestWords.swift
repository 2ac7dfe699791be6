/// The words of a command that takes `--json` and words to the end of the line
/// (`goal add TITLE…`, `carry [DAY] [to DAY]`, `capacity [WEEKDAY] SLOT N`, `edit 4 …`).
struct RestWords: Sendable {
    /// Whether `--json` was given (false when the command has no such flag).
    let json: Bool
    /// The words of the last argument, as typed.
    let words: [String]

    init(_ arguments: CommandArguments) {
        json = arguments.givenJSON
        words = arguments.restWords
    }

    /// The argument that takes the rest of the line, shown in usage as `valueName`.
    static func argument(_ valueName: String, help: String, name: String = "words") -> CommandGrammar.Argument {
        .init(name, valueName: valueName, help: help, arity: .rest)
    }
}
