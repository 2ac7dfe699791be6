extension ManualPage {
    /// The page as roff with the man macros, its header naming shade `version`: what `man -l` reads and `scripts/install` installs.
    public func roff(version: String) -> String {
        var lines = [
            Roff.request(".TH", name.uppercased(), section, "", "shade \(version)", manual),
            // Ragged right, no hyphens: options and words such as remind:WHEN stay whole.
            ".ad l", ".nh",
            ".SH NAME",
            Roff.line(name + " - " + summary),
        ]
        for section in sections {
            lines.append(Self.heading(section.title))
            for (index, block) in section.blocks.enumerated() {
                // A paragraph right after a heading needs no paragraph break of its own.
                let previous = index > 0 ? section.blocks[index - 1] : nil
                let first = previous == nil || { if case .subsection = previous { true } else { false } }()
                // An example keeps to the lines that introduce it ("Examples:"), and stands apart
                // from running text.
                let introduced = { if case .lines = previous { true } else { false } }()
                if case .example = block, !first, !introduced { lines.append(".sp") }
                lines += Self.roff(block, first: first)
            }
        }
        lines.insert(contentsOf: Self.fallbacks(for: lines), at: 1)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each character outside ASCII the page uses (`\[u2605]`) gets a stand-in for the devices
    /// whose fonts lack it (PostScript has no ★ or ✗): `.if !c` defines one only where the
    /// device has no glyph, so a UTF-8 terminal still shows the real mark.
    private static func fallbacks(for lines: [String]) -> [String] {
        var names: Set<String> = []
        for line in lines {
            var rest = line[...]
            while let start = rest.firstRange(of: "\\[u"), let end = rest[start.upperBound...].firstIndex(of: "]") {
                names.insert(String(rest[start.upperBound..<end]))
                rest = rest[end...]
            }
        }
        return names.sorted().map { ".if !c\\[u\($0)] .char \\[u\($0)] " + (standIns[$0] ?? "?") }
    }

    /// The marks of shade's views, as ASCII where a device cannot draw them.
    private static let standIns = [
        "2713": "v", "2717": "x", "2605": "*", "21BB": "(r)", "21B7": "->", "25CE": "(o)", "25CB": "o",
        "2591": ".", "2192": "->", "2190": "<-", "2193": "v", "2194": "<->",
    ]

    /// `.SH TITLE`, quoted when the title is more than one word of capitals.
    private static func heading(_ title: String) -> String {
        title.allSatisfy { $0.isASCII && $0.isUppercase } ? ".SH " + title : Roff.request(".SH", title)
    }

    /// One block as roff lines.
    private static func roff(_ block: ManualBlock, first: Bool) -> [String] {
        let paragraph = first ? [] : [".PP"]
        switch block {
        case .paragraph(let text):
            return paragraph + [Roff.line(filled(text))]
        case .lines(let rows):
            return paragraph + rows.enumerated().flatMap { index, row in (index > 0 ? [".br"] : []) + [Roff.line(row)] }
        case .example(let rows):
            return [".RS", ".nf"] + rows.map { Roff.line($0) } + [".fi", ".RE"]
        case .item(let term, let text):
            let paragraphs = ManualPage.paragraphs(text)
            return [".TP", roff(term)]
                + paragraphs.enumerated().flatMap { index, text in (index > 0 ? [".IP"] : []) + [Roff.line(text)] }
        case .subsection(let title):
            return [Roff.request(".SS", title)]
        case .line(let text):
            return (first ? [] : [".br"]) + [roff(text)]
        }
    }

    /// Text in its faces, escaped, as one line.
    private static func roff(_ text: ManualText) -> String {
        let line = text.runs.map { run in
            switch run.face {
            case .roman: Roff.escape(run.text)
            case .bold: Roff.bold(run.text)
            case .italic: Roff.italic(run.text)
            }
        }.joined()
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// Running text as one line: the source's line breaks become blanks.
    public static func filled(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(of: " ") }.filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The paragraphs of a text (parted by a blank line), each filled.
    public static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n\n").map { filled(String($0)) }.filter { !$0.isEmpty }
    }
}

extension Substring {
    /// The text without a character at either end.
    fileprivate func trimmingCharacters(of character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
