/// The tables every completion script is written from, in words a shell can hold: an offer is a
/// list of tokens, each a word offered as it is, `@KIND` for the values `shade complete-words
/// KIND` prints, `@files` or `@dirs` for the shell's own path completion.
///
/// Each script walks the line as `Completer` does — options before the command, the command (and
/// a group's command), then each word, an option taking the next, `next`/`this`/`last` before a
/// weekday — and looks up what the place it reached offers here.
enum CompletionScriptTable {
    /// The first words of the language, with what each does.
    static var commands: [(name: String, abstract: String)] { CommandCompletion.commands }

    /// Each group with its commands and what each does.
    static var groups: [(name: String, commands: [(name: String, abstract: String)])] {
        CommandCompletion.groups
    }

    /// Every command's completion (groups alone too), in the order help lists them.
    static var completions: [CommandCompletion] { CommandCompletion.all }

    /// What may come before the command.
    static var leadingSwitches: [CommandCompletion.Switch] { CommandCompletion.leadingSwitches }

    /// The tokens of an offer.
    static func tokens(_ offer: CompletionOffer) -> [String] {
        var tokens = offer.words
        tokens += offer.sources.map { "@" + $0.rawValue }
        switch offer.paths {
        case .files: tokens.append("@files")
        case .directories: tokens.append("@dirs")
        case nil: break
        }
        return tokens
    }

    /// One row of a command's positions: the command, the position (nil: every position from
    /// there on, the repeated word), and the tokens offered. A group alone leaves its commands
    /// out of its first position: each script offers those with their abstracts.
    static func positionRows(of completion: CommandCompletion) -> [(position: Int?, tokens: [String])] {
        let groupCommands = groups.first { [$0.name] == completion.path }?.commands.map(\.name) ?? []
        var rows: [(position: Int?, tokens: [String])] = []
        for (index, offer) in completion.positions.enumerated() {
            let tokens = tokens(offer).filter { index > 0 || !groupCommands.contains($0) }
            let repeated = completion.repeats && index == completion.positions.count - 1
            if !tokens.isEmpty || repeated { rows.append((repeated ? nil : index, tokens)) }
        }
        return rows
    }

    /// A command's own options that take a value, with the tokens of the value (`--store` and
    /// `--color` are in `globalOptionRows`).
    static func optionRows(of completion: CommandCompletion) -> [(name: String, tokens: [String])] {
        let global = Set(leadingSwitches.map(\.name))
        return completion.options.filter { !global.contains($0.name) }.map { ($0.name, tokens($0.value ?? .nothing)) }
    }

    /// The options every command takes, before or after it, with the tokens of the value.
    static var globalOptionRows: [(name: String, tokens: [String])] {
        leadingSwitches.compactMap { option in option.value.map { (option.name, tokens($0)) } }
    }

    /// The words that carry a value after a prefix anywhere, with the tokens of the value.
    static var prefixRows: [(prefix: String, tokens: [String])] {
        CompletionOffer.prefixed.map { ($0.prefix, tokens($0.offer)) }
    }

    /// The words after which a day word stands for a weekday (`next mon`), and the weekdays.
    static var dayPrefixes: [String] { CompletionOffer.dayPrefixes }
    static var weekdays: [String] { CompletionOffer.weekdays.words }

    /// A word every day offer holds, by which a script tells that a day is offered.
    static var dayMarker: String { CompletionOffer.dayMarker }

    /// The functions bash and zsh both look the tables up with (the same POSIX `case` text in
    /// either shell): an option's value, the word at a position after a command, a prefixed
    /// value; and the day words.
    static var lookupFunctions: [String] {
        var lines: [String] = []
        lines.append("# What the value of a command's option may be; fails for a word that is no such option.")
        lines.append("_shade_option() {")
        lines.append("  case \"$1:$2\" in")
        for completion in completions {
            for row in optionRows(of: completion) {
                let key = shellQuoted(completion.name + ":--" + row.name)
                lines.append("    \(key)) _shade_r=\(shellQuoted(row.tokens)) ;;")
            }
        }
        for row in globalOptionRows {
            lines.append("    *:--\(row.name)) _shade_r=\(shellQuoted(row.tokens)) ;;")
        }
        lines.append("    *) return 1 ;;")
        lines.append("  esac")
        lines.append("}")
        lines.append("")
        lines.append("# What the word at a position after a command may be (0: the first).")
        lines.append("_shade_position() {")
        lines.append("  _shade_r=''")
        lines.append("  case \"$1:$2\" in")
        for completion in completions {
            for row in positionRows(of: completion) {
                let key = shellQuoted(completion.name + ":") + (row.position.map(String.init) ?? "*")
                lines.append("    \(key)) _shade_r=\(shellQuoted(row.tokens)) ;;")
            }
        }
        lines.append("  esac")
        lines.append("}")
        lines.append("")
        lines.append("# Values with a prefix anywhere on the line (cat:NAME, +tag, goal:gN …).")
        lines.append("_shade_prefixed() {")
        lines.append("  case $1 in")
        for row in prefixRows {
            let pattern = shellQuoted(row.prefix) + "*"
            lines.append(
                "    \(pattern)) _shade_p=\(shellQuoted(row.prefix)) _shade_r=\(shellQuoted(row.tokens)) ;;"
            )
        }
        lines.append("    *) return 1 ;;")
        lines.append("  esac")
        lines.append("}")
        lines.append("")
        lines.append("_shade_day_prefixes=" + shellQuoted(dayPrefixes))
        lines.append("_shade_weekdays=" + shellQuoted(weekdays))
        lines.append("_shade_day_marker=" + shellQuoted(dayMarker))
        return lines
    }

    /// The first line of each script.
    static func header(_ shell: String) -> String {
        "# \(shell) completion for shade \(Shade.version), generated by `shade completion \(shell)` from its commands'\n"
            + "# grammars. Values from the store (task ids and titles, goals, categories, tags) come from\n"
            + "# `shade complete-words KIND` when Tab is pressed.\n"
    }

    /// A text in single quotes for bash and zsh (a quote inside written `'\''`).
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Words joined with spaces, in single quotes for bash and zsh.
    static func shellQuoted(_ words: [String]) -> String { shellQuoted(words.joined(separator: " ")) }
}
