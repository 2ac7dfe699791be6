/// Text that is safe to write to a terminal: everything that did not come from shade's own code
/// has passed `TextEscaping` on its way in.
///
/// The only ways to make one are a string literal (shade's own words), string interpolation
/// (which escapes every `String` and every other value it is given, and keeps a `SafeText` as
/// it is), `SafeText(escaping:)`, and `SafeText(verbatim:)` for the few places that write
/// terminal controls on purpose (colours) or text already escaped by a format of its own (JSON).
/// Standard output and standard error take nothing else.
public struct SafeText: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The text as it goes to the terminal.
    public private(set) var text: String

    /// Text from anywhere, escaped; `keepingLineBreaks` lets `\n` through (for text of several
    /// lines, such as a note or a message).
    public init(escaping text: String, keepingLineBreaks: Bool = false) {
        self.text = TextEscaping.escape(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// Text that shade's own code made safe already (colour codes, escaped JSON). Not for text
    /// that holds anything a user, a file or another program wrote.
    public init(verbatim text: String) { self.text = text }

    /// The empty text.
    public init() { text = "" }

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// Builds safe text: literal segments are kept, interpolated values escaped.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Safe text, as it is.
        public mutating func appendInterpolation(_ value: SafeText) { text += value.text }

        /// A string from anywhere, escaped (line breaks too).
        public mutating func appendInterpolation(_ value: String) { text += TextEscaping.escape(value) }

        /// Any other value, by its description, escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TextEscaping.escape(value.description)
        }
    }

    /// `count` spaces (none when `count` is not positive).
    public static func spaces(_ count: Int) -> SafeText {
        SafeText(verbatim: String(repeating: " ", count: max(0, count)))
    }

    /// Whether there is no text.
    public var isEmpty: Bool { text.isEmpty }

    /// The first line of the text, without its line break (all of it when it has one line), cut
    /// to `limit` characters with `…` after it when it is longer (a message quoting a value that
    /// came from elsewhere stays a line).
    public func firstLine(atMost limit: Int = 240) -> SafeText {
        let line = text.prefix { $0 != "\n" }
        return SafeText(verbatim: line.count > limit ? String(line.prefix(limit)) + "…" : String(line))
    }

    /// Whether the text ends with a line break.
    public var endsWithLineBreak: Bool { text.hasSuffix("\n") }

    /// Both texts, one after the other.
    public static func + (lhs: SafeText, rhs: SafeText) -> SafeText { SafeText(verbatim: lhs.text + rhs.text) }

    /// Appends safe text.
    public static func += (lhs: inout SafeText, rhs: SafeText) { lhs.text += rhs.text }

    /// The number of characters.
    public var count: Int { text.count }

    /// The text without trailing spaces.
    public func trimmingTrailingSpaces() -> SafeText {
        var result = text
        while result.last == " " { result.removeLast() }
        return SafeText(verbatim: result)
    }
}

extension Sequence where Element == SafeText {
    /// The texts joined with a separator between each two.
    public func joined(separator: SafeText = "") -> SafeText {
        var result = SafeText()
        var first = true
        for element in self {
            if !first { result += separator }
            result += element
            first = false
        }
        return result
    }
}
