import ArgumentParser

/// The root of the command language, shared by one-shot invocations and the REPL.
public struct Shade: ParsableCommand {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "shade",
        abstract: "A week planner for the terminal: every day in morning, afternoon and evening slots.",
        discussion: "Run shade with no command for the REPL. 'shade help' lists every command with examples.",
        version: "shade \(version)",
        subcommands: [
            Add.self, Done.self, Undone.self, Cancel.self, Remove.self, Move.self, Edit.self, Star.self, Unstar.self,
            Note.self, Categories.self, Show.self, Day.self,
            Week.self, List.self, Find.self, Filter.self, Stats.self, Undo.self, Check.self, Restore.self, Help.self,
        ])

    public init() {}

    /// The command names, for completion and messages.
    static var commandNames: [String] {
        configuration.subcommands.map { $0._commandName }
    }
}
