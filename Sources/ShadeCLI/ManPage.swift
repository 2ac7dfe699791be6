import ShadeCore

/// The manual page shade(1), as roff (`help --man`): written from the command grammars — each
/// command's usage, what it does, its discussion and examples, its arguments and options — and
/// from the words help's overview lists, so that the page says what the program does.
enum ManPage {
    static var text: String {
        var page = [
            Roff.request(".TH", "SHADE", "1", "", "shade \(Shade.version)", "User Commands"),
            // Ragged right, no hyphens: options and words such as remind:WHEN stay whole.
            ".ad l", ".nh",
            ".SH NAME",
            Roff.line("shade - plan your week in morning, afternoon and evening slots"),
            ".SH SYNOPSIS",
            Roff.bold("shade") + " [" + Roff.bold("--store") + " " + Roff.italic("DIR") + "] ["
                + Roff.bold("--color") + " " + Roff.italic("WHEN") + "]",
            ".br",
            Roff.bold("shade") + " [" + Roff.bold("--store") + " " + Roff.italic("DIR") + "] ["
                + Roff.bold("--color") + " " + Roff.italic("WHEN") + "] " + Roff.italic("COMMAND") + " ["
                + Roff.italic("ARGUMENTS") + Roff.escape("…") + "]",
            ".SH DESCRIPTION",
        ]
        page += paragraphs(description)
        page.append(".SH OPTIONS")
        for option in CommandGrammar.globalOptions {
            page += [
                ".TP", Roff.bold("--" + option.name) + " " + Roff.italic(option.valueName), Roff.line(option.help),
            ]
        }
        page += [".TP", Roff.bold("-h") + ", " + Roff.bold("--help"), Roff.line("Show the commands.")]
        page += [".TP", Roff.bold("--version"), Roff.line("Print the version.")]
        page.append(".SH COMMANDS")
        page += paragraphs(
            "Each command is typed after shade in a shell, or alone at the REPL's prompt; the examples are "
                + "written as at the prompt. Every command also takes --store, --color and --help.")
        for entry in Shade.entries {
            switch entry {
            case .command(let type):
                page += command(type.grammar, path: type.grammar.name)
            case .group(let group):
                page.append(Roff.request(".SS", group.name))
                let names = group.commands.map { $0.grammar.name }.joined(separator: "|")
                page.append(Roff.bold("shade " + group.name) + " [" + Roff.escape(names) + "] " + Roff.escape("…"))
                page.append(".PP")
                let first = group.commands.first.map { $0.grammar.name } ?? ""
                page += paragraphs(
                    group.abstract + " When the next word names none of its commands, \(group.name) \(first) runs.")
                if !group.discussion.isEmpty { page += discussion(group.discussion) }
                for command in group.commands {
                    page += self.command(command.grammar, path: group.name + " " + command.grammar.name)
                }
            }
        }
        page.append(Roff.request(".SH", "DAYS, SLOTS, TIMES AND WEEKS"))
        for (label, lines) in Shade.Help.words {
            page += [".TP", Roff.bold(label), Roff.line(lines.joined(separator: " "))]
        }
        page.append(Roff.request(".SH", "THE REPL"))
        page += paragraphs(repl)
        page.append(".SH ENVIRONMENT")
        for (name, text) in environment {
            page += [".TP", Roff.bold(name), Roff.line(text)]
        }
        page.append(".SH FILES")
        for (name, text) in files {
            page += [".TP", Roff.italic(name), Roff.line(text)]
        }
        page.append(Roff.request(".SH", "EXIT STATUS"))
        for (code, text) in exitStatus {
            page += [".TP", Roff.bold(code), Roff.line(text)]
        }
        page.append(".SH EXAMPLES")
        for (example, text) in examples {
            page += [".TP", Roff.bold("shade " + example), Roff.line(text)]
        }
        return page.joined(separator: "\n") + "\n"
    }

    /// One command: its usage, what it does, its discussion and examples, its arguments and its
    /// own flags and options.
    private static func command(_ grammar: CommandGrammar, path: String) -> [String] {
        var lines = [Roff.request(".SS", path), Roff.bold("shade " + path) + usageTail(grammar, path: path), ".PP"]
        lines += paragraphs(grammar.abstract)
        if !grammar.discussion.isEmpty { lines += discussion(grammar.discussion) }
        for argument in grammar.arguments {
            lines += [".TP", Roff.italic(argument.valueName), Roff.line(argument.help)]
        }
        for flag in grammar.flags {
            lines += [".TP", Roff.bold("--" + flag.name), Roff.line(flag.help)]
        }
        for option in grammar.options {
            lines += [
                ".TP", Roff.bold("--" + option.name) + " " + Roff.italic(option.valueName), Roff.line(option.help),
            ]
        }
        return lines
    }

    /// The usage line after `shade PATH`, escaped.
    private static func usageTail(_ grammar: CommandGrammar, path: String) -> String {
        let usage = grammar.usageLine(path: path)
        return Roff.escape(String(usage.dropFirst(path.count)))
    }

    /// A discussion: its paragraphs, each line of a paragraph on a line of its own, and indented
    /// lines (examples) as they are, indented.
    private static func discussion(_ text: String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n\n", omittingEmptySubsequences: true) {
            let rows = paragraph.split(separator: "\n", omittingEmptySubsequences: true)
            lines.append(".PP")
            var inExample = false
            for (index, row) in rows.enumerated() {
                if row.hasPrefix("  ") {
                    if !inExample { lines += [".RS", ".nf"] }
                    inExample = true
                    lines.append(Roff.line(row.trimmingLeadingSpaces))
                } else {
                    if inExample { lines += [".fi", ".RE"] }
                    if index > 0, !inExample { lines.append(".br") }
                    inExample = false
                    lines.append(Roff.line(row.trimmingLeadingSpaces))
                }
            }
            if inExample { lines += [".fi", ".RE"] }
        }
        return lines
    }

    /// Paragraphs of running text (separated by a blank line).
    private static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n\n").enumerated().flatMap { index, paragraph in
            (index > 0 ? [".PP"] : []) + [Roff.line(paragraph.replacingOccurrences(of: "\n", with: " "))]
        }
    }

    private static let description = """
        shade is a week planner for the terminal. Every day of the week is split into three slots \
        (morning, afternoon and evening) and every task lives in one day and slot. Plan a week in \
        the line-oriented REPL, or with one-shot commands from a shell or a script; print a day's \
        timeline; see how much of each day and week was done.

        shade with no command starts the REPL at today and the current slot. shade COMMAND runs one \
        command and exits; what is typed after the REPL's prompt is what could be typed after \
        shade in a shell. Standard input that is not a terminal is read as a script: one command \
        a line, # starts a comment; shade exits with the first failing line's code.

        Every view and every change takes --json and then prints one JSON document and nothing \
        else. A task has a short numeric id, shown in every view, that never changes; goals are \
        g1, g2 and so on. Text that did not come from shade itself is shown with its control \
        characters escaped.
        """

    private static let repl = """
        A day alone on a line (mon, tomorrow, 2026-11-24) moves the view to that day and shows it; \
        a slot alone shows that slot; next and prev move a day; day DAY and week WEEK move the view \
        too. The prompt shows the week, the day and the slot in view. Tab completes commands, \
        flags, days, slots, categories after cat:, tags after +, goals after goal:, and task ids \
        (a second Tab lists them with their titles). quit, exit or Ctrl-D leaves; Ctrl-C clears \
        the line.
        """

    private static let environment: [(String, String)] = [
        ("SHADE_STORE", "The store directory (as --store DIR)."),
        ("SHADE_NOW", "Pins the clock, in local time: 2026-11-23T09:30. Tests and scripts rely on it."),
        (
            "SHADE_NOTIFY_CMD",
            "The command remind --due delivers a reminder with (default notify-send --app-name=shade --), split at blanks, never run through a shell; the title and the body are added as two more arguments."
        ),
        ("NO_COLOR", "Any value but the empty one turns colour off."),
        ("TERM", "dumb turns colour and cursor movement off."),
        ("COLUMNS", "The width charts are drawn to when standard output is no terminal (else 80)."),
        (
            "LC_ALL, LC_CTYPE, LANG",
            "The first one set says whether the terminal reads UTF-8; if not, charts are drawn in ASCII."
        ),
        ("TZ", "The time zone of the clock (and of SHADE_NOW)."),
        ("XDG_DATA_HOME", "The default store is $XDG_DATA_HOME/shade, else ~/.local/share/shade."),
        (
            "XDG_CONFIG_HOME",
            "The configuration is $XDG_CONFIG_HOME/shade/config.json, else ~/.config/shade/config.json."
        ),
        ("XDG_STATE_HOME", "The REPL's history is $XDG_STATE_HOME/shade/history, else ~/.local/state/shade/history."),
        ("XDG_RUNTIME_DIR", "Needed by remind install to reach the user's systemd."),
        ("HOME", "Where the defaults above start when the XDG variables are not set."),
    ]

    private static let files: [(String, String)] = [
        (
            "~/.local/share/shade/",
            "The store: a directory of JSON files (a file a week under weeks/, categories.json, series.json, goals.json, the change log under undo/), created on the first write, private to the user."
        ),
        (
            "~/.config/shade/config.json",
            "Slot boundaries, the user's name in the change log, the default reminder and the slots' capacity."
        ),
        ("~/.local/state/shade/history", "The REPL's line history."),
        (
            "~/.config/systemd/user/shade-remind.service, shade-remind.timer",
            "Written by remind install: they run remind --due every 5 minutes and at each slot's start."
        ),
    ]

    private static let exitStatus: [(String, String)] = [
        ("0", "Success."),
        (
            "1",
            "The command was understood but could not be done: an unknown id, a bad date, a damaged store, an I/O error."
        ),
        (
            "64",
            "The command could not be parsed (EX_USAGE): an unknown command or filter, a bad option, a word that is no number."
        ),
        ("75", "The store stayed locked by another shade process for 30 s (EX_TEMPFAIL); try again."),
    ]

    /// Each example with what it does; a test runs every one.
    static let examples: [(String, String)] = [
        ("add tue evening Call the bank +errand cat:bill", "Add a task to Tuesday evening, with a tag and a category."),
        (
            "add fri Dentist at:4:30pm remind:1h",
            "Add a timed task to Friday, in the slot its time falls in, with a reminder."
        ),
        ("done 4 7", "Mark tasks 4 and 7 done."),
        ("day tomorrow", "Print tomorrow's timeline."),
        ("week next --json", "Print next week as JSON."),
        ("ls overdue", "List the open tasks whose slot has ended."),
        ("carry --dry-run", "List what carry would move on to now."),
        ("stats --weeks 4", "Completion of the last four weeks."),
        ("completion zsh", "Print the zsh completion script (scripts/install puts it where zsh looks)."),
    ]
}

extension Substring {
    /// The text without its leading spaces.
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
