/// A manual page as a small document: its name, section and sections of blocks, written once and
/// rendered both as roff (`help --man`, what `man` reads) and as text for the terminal
/// (`help TOPIC`), so that the two always say the same words.
public struct ManualPage: Sendable {
    /// The page's name, as `man` is given it (`shade-store`).
    public let name: String
    /// The manual section (`1` commands, `5` file formats, `7` overviews).
    public let section: String
    /// The manual's title, shown in the page's header (`File Formats`).
    public let manual: String
    /// What the page is about, in a few words: the NAME line after the page's name.
    public let summary: String
    /// The page's sections after NAME, in order.
    public let sections: [ManualSection]

    /// A page of these parts.
    public init(name: String, section: String, manual: String, summary: String, sections: [ManualSection]) {
        self.name = name
        self.section = section
        self.manual = manual
        self.summary = summary
        self.sections = sections
    }
}

/// A section of a manual page (`.SH`): its title, upper case, and its blocks.
public struct ManualSection: Sendable {
    public let title: String
    public let blocks: [ManualBlock]

    public init(_ title: String, _ blocks: [ManualBlock]) {
        self.title = title
        self.blocks = blocks
    }
}

/// One block of a section.
public enum ManualBlock: Sendable {
    /// Running text; line breaks in the source are blanks.
    case paragraph(String)
    /// Lines kept as lines (each filled, but a new line starts where one is written).
    case lines([String])
    /// Lines shown exactly as written, indented: a session, a file, a command.
    case example([String])
    /// A term and its text (a tagged paragraph); a blank line in the text starts another
    /// paragraph under the same term.
    case item(ManualText, String)
    /// A subsection's title (`.SS`).
    case subsection(String)
    /// A line of mixed faces on its own, as a command's synopsis.
    case line(ManualText)

    /// A term in bold and its text: the common item.
    public static func item(_ term: String, _ text: String) -> ManualBlock { .item(.bold(term), text) }

    /// Lines shown exactly as written, given as one text (a raw string keeps quotes and
    /// backslashes as they are).
    public static func verbatim(_ text: String) -> ManualBlock {
        .example(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }
}

/// A short text in faces (bold, italic, roman), for terms and synopses.
public struct ManualText: Sendable {
    /// How a run of text is set.
    public enum Face: Sendable {
        case roman
        case bold
        case italic
    }

    /// The runs of text, each in its face.
    public let runs: [(face: Face, text: String)]

    /// The text in bold.
    public static func bold(_ text: String) -> ManualText { ManualText(runs: [(.bold, text)]) }

    /// The text in italics.
    public static func italic(_ text: String) -> ManualText { ManualText(runs: [(.italic, text)]) }

    /// The text in roman.
    public static func roman(_ text: String) -> ManualText { ManualText(runs: [(.roman, text)]) }

    /// The runs of two texts, one after the other.
    public static func + (left: ManualText, right: ManualText) -> ManualText {
        ManualText(runs: left.runs + right.runs)
    }

    /// The words without their faces.
    public var plain: String { runs.map(\.text).joined() }
}
