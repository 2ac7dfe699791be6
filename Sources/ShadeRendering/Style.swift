import ShadeCore

/// ANSI styling that is either on or off for a whole run.
public struct Style: Sendable {
    /// Whether escape codes are written at all.
    public let enabled: Bool

    /// Creates a style; with `enabled` false every method returns its text unchanged.
    public init(enabled: Bool) { self.enabled = enabled }

    /// A style that writes no escape codes.
    public static let plain = Style(enabled: false)

    /// Back to the start of the line and clear it (for a message printed above the REPL's
    /// prompt, which the line editor then draws again); only ever written to a terminal.
    public static let clearLine = SafeText(verbatim: "\r\u{1B}[K")

    /// The one place shade writes terminal controls of its own: SGR colour codes around text
    /// that is already safe (and `clearLine`).
    private func wrap(_ text: SafeText, _ code: String) -> SafeText {
        enabled && !text.isEmpty
            ? SafeText(verbatim: "\u{1B}[" + code + "m") + text + SafeText(verbatim: "\u{1B}[0m") : text
    }

    /// Text without the colour codes this type wrote (to measure it, or to cut it).
    public static func uncoloured(_ text: SafeText) -> SafeText {
        guard text.text.contains("\u{1B}") else { return text }
        var result = ""
        var inCode = false
        for scalar in text.text.unicodeScalars {
            if inCode {
                if scalar == "m" { inCode = false }
            } else if scalar == "\u{1B}" {
                inCode = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return SafeText(verbatim: result)
    }

    public func bold(_ text: SafeText) -> SafeText { wrap(text, "1") }
    public func dim(_ text: SafeText) -> SafeText { wrap(text, "2") }
    public func strike(_ text: SafeText) -> SafeText { wrap(text, "9") }
    public func red(_ text: SafeText) -> SafeText { wrap(text, "31") }
    public func green(_ text: SafeText) -> SafeText { wrap(text, "32") }
    public func yellow(_ text: SafeText) -> SafeText { wrap(text, "33") }
    public func blue(_ text: SafeText) -> SafeText { wrap(text, "34") }
    public func magenta(_ text: SafeText) -> SafeText { wrap(text, "35") }
    public func cyan(_ text: SafeText) -> SafeText { wrap(text, "36") }
    public func inverse(_ text: SafeText) -> SafeText { wrap(text, "7") }

    /// Text in one of the palette's colours (256-colour codes for orange and pink).
    public func color(_ text: SafeText, _ color: TaskColor) -> SafeText {
        switch color {
        case .red: wrap(text, "31")
        case .orange: wrap(text, "38;5;208")
        case .yellow: wrap(text, "33")
        case .green: wrap(text, "32")
        case .teal: wrap(text, "36")
        case .blue: wrap(text, "34")
        case .purple: wrap(text, "35")
        case .pink: wrap(text, "38;5;205")
        case .grey: wrap(text, "90")
        }
    }
}
