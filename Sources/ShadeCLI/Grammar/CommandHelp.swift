import ShadeCore
import ShadeRendering

/// The help text of a command or a group, written from its grammar: what it does, how to type
/// it, each argument and option, and its examples.
enum CommandHelp {
    /// The width help text is wrapped to.
    static let columns = 100
    private static let labelWidth = 26

    /// `help mv`, `mv --help`.
    static func text(for grammar: CommandGrammar, path: String) -> SafeText {
        var sections = ["OVERVIEW: " + grammar.abstract]
        if !grammar.discussion.isEmpty { sections.append(grammar.discussion) }
        sections.append("USAGE: shade " + grammar.usageLine(path: path))
        if !grammar.arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n" + grammar.arguments.map { row($0.valueName, $0.help) }.joined(separator: "\n"))
        }
        var options = grammar.flags.map { row("--" + $0.name, $0.help) }
        options += (grammar.options + CommandGrammar.globalOptions).map { row("--\($0.name) \($0.valueName)", $0.help) }
        options.append(row("-h, --help", "Show this help."))
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        // Shade's own words, passed through the escaping all the same: no help line can act on a terminal.
        return SafeText(escaping: sections.map(wrap).joined(separator: "\n\n"), keepingLineBreaks: true)
    }

    /// `help cat`: the group and its commands.
    static func text(for group: CommandGroup) -> SafeText {
        var sections = ["OVERVIEW: " + group.abstract]
        if !group.discussion.isEmpty { sections.append(group.discussion) }
        sections.append("USAGE: shade \(group.name) [COMMAND] …")
        let rows = group.commands.enumerated().map { index, command in
            row(command.grammar.name + (index == 0 ? " (default)" : ""), command.grammar.abstract)
        }
        sections.append("COMMANDS:\n" + rows.joined(separator: "\n"))
        sections.append("'help \(group.name) COMMAND' shows one of them.")
        // Shade's own words, passed through the escaping all the same: no help line can act on a terminal.
        return SafeText(escaping: sections.map(wrap).joined(separator: "\n\n"), keepingLineBreaks: true)
    }

    /// An indented label and its text, the text wrapped under itself.
    private static func row(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: labelWidth)
        let head = "  " + label
        let lines = TextWrap.lines(text, width: columns - labelWidth)
        if head.count + 1 >= labelWidth {
            return ([head] + lines.map { indent + $0 }).joined(separator: "\n")
        }
        let first = head + String(repeating: " ", count: labelWidth - head.count) + (lines.first ?? "")
        return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
    }

    /// Wraps each line of a text to the columns, keeping its indentation.
    static func wrap(_ text: String) -> String { TextWrap.wrap(text, columns: columns) }
}
