import ShadeCore
import ShadeManual

/// The manual page shade(1) (`help --man`): written from the command grammars (each command's
/// usage, what it does, its discussion and examples, its arguments and options) and from the
/// words help's overview lists, with the reference that belongs with the commands (the words
/// they share, scripts, JSON, the environment, files and exit codes) from ShadeManual's
/// `CommandManual`.
enum ManPage {
    /// The page as roff.
    static var text: String { page.roff(version: Shade.version) }

    /// The page.
    static var page: ManualPage {
        ManualPage(
            name: "shade", section: "1", manual: "User Commands",
            summary: "plan your week in morning, afternoon and evening slots",
            sections: [synopsis, CommandManual.description, options, commands, words] + CommandManual.language
                + CommandManual.planning + CommandManual.system)
    }

    private static let synopsis: ManualSection = {
        let options =
            ManualText.roman(" [") + .bold("--store") + .roman(" ") + .italic("DIR") + .roman("] [")
            + .bold("--color") + .roman(" ") + .italic("WHEN") + .roman("]")
        return ManualSection(
            "SYNOPSIS",
            [
                .line(.bold("shade") + options),
                .line(
                    .bold("shade") + options + .roman(" ") + .italic("COMMAND") + .roman(" [") + .italic("ARGUMENTS…")
                        + .roman("]")),
            ])
    }()

    private static var options: ManualSection {
        var blocks = CommandGrammar.globalOptions.map { option -> ManualBlock in
            .item(.bold("--" + option.name) + .roman(" ") + .italic(option.valueName), option.help)
        }
        blocks.append(.item(.bold("-h") + .roman(", ") + .bold("--help"), "Show the commands."))
        blocks.append(.item("--version", "Print the version."))
        return ManualSection("OPTIONS", blocks)
    }

    private static var commands: ManualSection {
        var blocks: [ManualBlock] = [
            .paragraph(
                """
                Each command is typed after shade in a shell, or alone at the REPL's prompt; the examples are
                written as at the prompt. Every command also takes --store, --color and --help.
                """)
        ]
        for entry in Shade.entries {
            switch entry {
            case .command(let type):
                blocks += command(type.grammar, path: type.grammar.name)
            case .group(let group):
                let names = group.commands.map { $0.grammar.name }.joined(separator: "|")
                let first = group.commands.first.map { $0.grammar.name } ?? ""
                blocks += [
                    .subsection(group.name),
                    .line(.bold("shade " + group.name) + .roman(" [" + names + "] …")),
                    .paragraph(
                        group.abstract + " When the next word names none of its commands, \(group.name) \(first) runs."),
                ]
                blocks += discussion(group.discussion)
                for command in group.commands {
                    blocks += self.command(command.grammar, path: group.name + " " + command.grammar.name)
                }
            }
        }
        return ManualSection("COMMANDS", blocks)
    }

    /// One command: its usage, what it does, its discussion and examples, its arguments and its
    /// own flags and options.
    private static func command(_ grammar: CommandGrammar, path: String) -> [ManualBlock] {
        let usage = grammar.usageLine(path: path)
        var blocks: [ManualBlock] = [
            .subsection(path), .line(.bold("shade " + path) + .roman(String(usage.dropFirst(path.count)))),
            .paragraph(grammar.abstract),
        ]
        blocks += discussion(grammar.discussion)
        blocks += grammar.arguments.map { .item(.italic($0.valueName), $0.help) }
        blocks += grammar.flags.map { .item(.bold("--" + $0.name), $0.help) }
        blocks += grammar.options.map { .item(.bold("--" + $0.name) + .roman(" ") + .italic($0.valueName), $0.help) }
        return blocks
    }

    /// A discussion: each paragraph's lines as lines, and indented lines (examples) as they are,
    /// indented.
    private static func discussion(_ text: String) -> [ManualBlock] {
        var blocks: [ManualBlock] = []
        for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
            var lines: [String] = []
            var example: [String] = []
            for row in paragraph.split(separator: "\n", omittingEmptySubsequences: true) {
                let text = String(row.drop { $0 == " " })
                if row.hasPrefix("  ") {
                    if !lines.isEmpty { blocks.append(.lines(lines)) }
                    lines = []
                    example.append(text)
                } else {
                    if !example.isEmpty { blocks.append(.example(example)) }
                    example = []
                    lines.append(text)
                }
            }
            if !lines.isEmpty { blocks.append(.lines(lines)) }
            if !example.isEmpty { blocks.append(.example(example)) }
        }
        return blocks
    }

    /// The words every command shares, as help's overview lists them, and how they are read.
    private static var words: ManualSection {
        ManualSection(
            "DAYS, SLOTS, TIMES AND WEEKS",
            Shade.Help.words.map { label, lines in
                .item(label, lines.joined(separator: " ") + "\n\n" + (CommandManual.wordsProse[label] ?? ""))
            })
    }
}
