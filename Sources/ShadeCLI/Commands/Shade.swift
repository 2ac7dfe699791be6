import ShadeCore

/// The command language shared by one-shot invocations and the REPL: its commands by name, and
/// the parse of a line's words into a command ready to run.
public enum Shade {
    public static let version = "0.1.0"

    /// A name of the language: one command, or a group of commands (`cat`).
    enum Entry {
        case command(any PlannerCommand.Type)
        case group(CommandGroup)

        var name: String {
            switch self {
            case .command(let type): type.grammar.name
            case .group(let group): group.name
            }
        }
    }

    /// Every command, in the order help lists them.
    static let entries: [Entry] = [
        .command(Add.self), .command(Done.self), .command(Undone.self), .command(Cancel.self), .command(Remove.self),
        .command(Move.self), .command(Inbox.self), .command(Plan.self), .command(Carry.self),
        .command(Rebalance.self),
        .command(Capacity.self),
        .command(Edit.self), .command(Star.self), .command(Unstar.self),
        .command(Note.self),
        .group(Categories.group), .command(Show.self), .command(Now.self), .group(Reminders.group), .command(Day.self),
        .command(Week.self),
        .command(List.self),
        .command(Find.self), .command(Filter.self), .group(Templates.group), .command(TemplatesList.self),
        .group(Goals.group), .command(GoalsList.self), .command(Review.self),
        .command(Members.self),
        .command(Stats.self), .command(Chart.self), .command(History.self), .command(Report.self),
        .command(Export.self), .command(Import.self), .group(Sync.group), .group(CalDAV.group), .group(Conflicts.group),
        .command(Undo.self),
        .command(Log.self),
        .command(Check.self),
        .command(Restore.self),
        .command(Config.self),
        .command(Completion.self), .command(Help.self),
    ]

    /// Commands the language runs but help does not list: what the completion scripts call.
    static let hiddenEntries: [Entry] = [
        .command(CompleteWords.self), .command(MergeDriver.self), .command(SyncBackground.self),
    ]

    /// The command names, for completion and messages.
    static let commandNames: [String] = entries.map(\.name)

    /// Every command's grammar, those of a group's commands too.
    static var grammars: [CommandGrammar] {
        entries.flatMap { entry -> [CommandGrammar] in
            switch entry {
            case .command(let type): [type.grammar]
            case .group(let group): group.commands.map { $0.grammar }
            }
        }
    }

    /// The entry of a name, when there is one: the first whose name it is, in the order help
    /// lists them. A command's name is its grammar's, and a grammar is made when first asked
    /// for, so a lookup makes only the grammars of the entries before the one found (`add`, the
    /// first, makes one), not a table of all of them.
    static func entry(named name: String) -> Entry? {
        if let found = entries.first(where: { $0.name == name }) { return found }
        return hiddenEntries.first { $0.name == name }
    }

    /// What a line's words ask for.
    enum ParsedLine {
        /// A command to run, with the global options it carried.
        case command(any PlannerCommand, GlobalOptions)
        /// Text to print and exit 0: `--help`, `COMMAND --help`, `--version`.
        case text(SafeText)
        /// The first word is not a command (the caller says what it may have meant).
        case unknownCommand(String)
    }

    /// Parses a line's words (the REPL's, or a one-shot's arguments); throws a usage error
    /// (exit 64) that says what was wrong and where to look.
    static func parse(_ words: [String]) throws(CommandError) -> ParsedLine {
        guard let first = words.first else { return .text(Help.overview) }
        switch first {
        case "--help", "-h": return .text(Help.overview)
        case "--version": return .text("shade \(version)")
        default: break
        }
        guard let entry = entry(named: first) else {
            if first.hasPrefix("-") {
                throw .usage("unknown option '\(CommandArguments.quoted(first))' before the command\n  see: help")
            }
            return .unknownCommand(first)
        }
        var rest = words.dropFirst()
        let type: any PlannerCommand.Type
        var path = first
        switch entry {
        case .command(let command):
            type = command
        case .group(let group):
            if let name = rest.first, let command = group.commands.first(where: { $0.grammar.name == name }) {
                type = command
                rest = rest.dropFirst()
                path += " " + name
            } else {
                type = group.commands[0]
                if wantsHelp(rest) { return .text(CommandHelp.text(for: group)) }
            }
        }
        if wantsHelp(rest) { return .text(CommandHelp.text(for: type.grammar, path: path)) }
        let arguments = try CommandScanner.scan(rest, path: path, grammar: type.grammar)
        let global = try GlobalOptions(arguments)
        return .command(try type.init(arguments), global)
    }

    /// `--help` or `-h` before any `--`.
    private static func wantsHelp(_ words: ArraySlice<String>) -> Bool {
        words.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }

    /// The help text of a command by its words (`mv`, `cat rm`), when there is such a command.
    static func helpText(for words: [String]) -> SafeText? {
        guard let first = words.first, let entry = entry(named: first.lowercased()) else { return nil }
        switch entry {
        case .command(let type):
            return words.count == 1 ? CommandHelp.text(for: type.grammar, path: type.grammar.name) : nil
        case .group(let group):
            guard words.count > 1 else { return CommandHelp.text(for: group) }
            guard words.count == 2, let type = group.commands.first(where: { $0.grammar.name == words[1].lowercased() })
            else { return nil }
            return CommandHelp.text(for: type.grammar, path: group.name + " " + type.grammar.name)
        }
    }
}

/// A group of commands under one name (`cat add …`); the first is the default, run when the
/// next word names none of them.
struct CommandGroup: Sendable {
    let name: String
    let abstract: String
    let discussion: String
    let commands: [any PlannerCommand.Type]
}
