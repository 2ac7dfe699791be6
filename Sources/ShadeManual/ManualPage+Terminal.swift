import ShadeCore
import ShadeRendering

extension ManualPage {
    /// How far a section's text is indented, and an item's text and an example further.
    private static let indent = 4
    private static let nested = 8

    /// The page for the terminal (`help TOPIC`): the same words as the roff, each section's title
    /// on its own line and its text indented under it, wrapped to the help's columns.
    public func terminalText(columns: Int) -> SafeText {
        var lines = ["NAME", Self.pad(Self.indent) + name + " - " + summary]
        for section in sections {
            lines += ["", section.title]
            for (index, block) in section.blocks.enumerated() {
                if index > 0 { lines.append("") }
                lines += Self.terminal(block)
            }
        }
        // Shade's own words, passed through the escaping all the same: no help line can act on a terminal.
        return SafeText(
            escaping: TextWrap.wrap(lines.joined(separator: "\n"), columns: columns), keepingLineBreaks: true)
    }

    /// One block as lines of text (wrapped afterwards, each keeping its indentation).
    private static func terminal(_ block: ManualBlock) -> [String] {
        switch block {
        case .paragraph(let text):
            return [pad(indent) + filled(text)]
        case .lines(let rows):
            return rows.map { pad(indent) + $0 }
        case .example(let rows):
            return rows.map { $0.isEmpty ? "" : pad(nested) + $0 }
        case .item(let term, let text):
            let paragraphs = ManualPage.paragraphs(text).map { pad(nested) + $0 }
            return [pad(indent) + term.plain] + paragraphs.enumerated().flatMap { ($0 > 0 ? [""] : []) + [$1] }
        case .subsection(let title):
            return [pad(2) + title]
        case .line(let text):
            return [pad(indent) + text.plain]
        }
    }

    private static func pad(_ count: Int) -> String { String(repeating: " ", count: count) }
}
