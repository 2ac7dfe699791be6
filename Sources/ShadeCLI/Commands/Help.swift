import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Help: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "help", abstract: "Show the commands, or one command's usage with examples.",
            discussion: "Examples:\n  help\n  help add\n  help --man",
            flags: [.init(name: "man", help: "Print the manual page shade(1) as roff (read it with man -l -).")],
            arguments: [
                .init(
                    "command", valueName: "COMMAND", help: "A command name (cat takes one of its own: help cat rm).",
                    arity: .rest)
            ])
        let command: [String]
        let man: Bool

        init(_ arguments: CommandArguments) {
            command = arguments.words("command")
            man = arguments.flag("man")
        }

        /// The words every command shares, as the overview lists them (and the manual page):
        /// each with its label and lines.
        static let words: [(label: String, lines: [String])] = [
            (
                "Days",
                [
                    "today tomorrow yesterday, mon … sun (of the week in view), next mon, this fri, last sun,",
                    "YYYY-MM-DD (from 1900-01-01 to 9998-12-31)",
                ]
            ),
            (
                "Slots",
                [
                    "morning (m) 06:00–12:00, afternoon (a) 12:00–18:00, evening (e) 18:00–24:00",
                    "(add takes them written out: add a haircut is a title)",
                ]
            ),
            ("Times", ["at:9:30 at:0930 at:930 at:9 at:9am at:7pm"]),
            ("Weeks", ["this, next, prev, last, YYYY-Www"]),
        ]

        /// Text broken into lines of at most `width` columns, at blanks.
        static func wrapped(_ text: String, width: Int) -> [String] {
            var lines: [String] = []
            var line = ""
            for word in text.split(separator: " ") {
                if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            return lines + [line]
        }

        /// `help` alone: every command, from the grammars, then the words every command shares.
        static var overview: SafeText {
            var lines = ["shade — plan your week in morning, afternoon and evening slots.", ""]
            lines.append("Commands (every view and every change takes --json; help COMMAND shows one):")
            for entry in Shade.entries {
                let usage: String
                let abstract: String
                switch entry {
                case .command(let type):
                    usage = type.grammar.usageLine(path: type.grammar.name, flags: false)
                    abstract = type.grammar.abstract
                case .group(let group):
                    usage = group.name + " [" + group.commands.map { $0.grammar.name }.joined(separator: "|") + "] …"
                    abstract = group.abstract
                }
                let indent = String(repeating: " ", count: 44)
                var text = wrapped(abstract, width: CommandHelp.columns - 44)
                if DisplayWidth.of(usage) <= 40 {
                    lines.append("  " + DisplayWidth.padRight(usage, to: 42) + text.removeFirst())
                } else {
                    lines.append("  " + usage)
                }
                lines += text.map { indent + $0 }
            }
            lines.append("")
            for (label, text) in words {
                lines.append(DisplayWidth.padRight(label + ":", to: 8) + (text.first ?? ""))
                lines += text.dropFirst().map { String(repeating: " ", count: 8) + $0 }
            }
            lines += [
                "REPL:   a day alone moves the view and shows the day, a slot alone shows the slot;",
                "        next / prev move a day; day DAY and week WEEK move it too; quit, exit or Ctrl-D leaves.",
                "Exit codes: 0 done, 1 could not be done, 64 not understood, 75 store busy.",
            ]
            return SafeText(escaping: lines.joined(separator: "\n"), keepingLineBreaks: true)
        }

        func execute(in session: Session) throws {
            if man {
                // Shade's own words, passed through the escaping all the same: roff holds no
                // control character but line breaks.
                session.print(SafeText(escaping: ManPage.text, keepingLineBreaks: true))
                return
            }
            guard !command.isEmpty else {
                session.print(Help.overview)
                return
            }
            guard let text = Shade.helpText(for: command) else {
                let shown = CommandArguments.quoted(command.joined(separator: " "))
                throw CommandError.usage(
                    "there is no command '\(shown)'; commands: \(Shade.commandNames.joined(separator: ", "))")
            }
            session.print(text)
        }
    }
}
