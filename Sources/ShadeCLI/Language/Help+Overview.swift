import ShadeCore
import ShadeManual
import ShadeRendering

/// The language's own words about itself: `help` alone, the overview of every command from the
/// grammars and the words every command shares (days, slots, times, weeks).
extension Shade.Help {
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

    /// The manual pages besides shade(1), one a line: how help shows each, and what it is about.
    private static var manuals: [String] {
        var lines = ManualTopic.all.enumerated().map { index, topic in
            (index == 0 ? "Manuals: " : String(repeating: " ", count: 9))
                + DisplayWidth.padRight("help " + (topic.names.first ?? ""), to: 16)
                + topic.page.summary + " (" + topic.page.name + "(" + topic.page.section + "))"
        }
        lines.append("         help --man [TOPIC] prints shade(1), or a topic's page, as roff (for man -l -).")
        return lines
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
        lines.insert(contentsOf: manuals, at: lines.count - 1)
        return SafeText(escaping: lines.joined(separator: "\n"), keepingLineBreaks: true)
    }
}
