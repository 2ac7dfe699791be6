/// What the argument groups (`TaskSelection`, `RestWords`, `GoalSelection`) read the same way in
/// every command that has them.
extension CommandArguments {
    /// Whether `--json` was given; false for a command that has no such flag.
    var givenJSON: Bool { grammar.flag(named: "json") != nil && flag("json") }

    /// The words of the command's last argument when it takes the rest of the line (none when it
    /// takes no such argument).
    var restWords: [String] {
        guard let last = grammar.arguments.last, last.arity == .rest else { return [] }
        return words(last.name)
    }
}
