/// A command whose only word is `--json` (`now`, `sync`, `members`, `cat ls`, `templates`,
/// `undo`): made from its words by its memberwise initializer.
protocol JSONFlagCommand: PlannerCommand {
    init(json: Bool)
}

extension JSONFlagCommand {
    init(_ arguments: CommandArguments) { self.init(json: arguments.flag("json")) }
}
