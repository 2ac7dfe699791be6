/// Text as roff, the language of man pages, read the same by groff and mandoc whatever the
/// encoding they expect.
///
/// In running text a backslash is roff's escape (written `\e`), a line starting with `.` or `'`
/// is a request whose text would vanish (begun with `\&`), and `-` is a hyphen that a terminal
/// may show as `‐` (written `\-`, so that options copy as typed). Every character outside ASCII
/// is written as `\[uXXXX]`, so that no reader takes UTF-8 for Latin-1.
public enum Roff {
    /// One line of running text, escaped.
    public static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// Text escaped for the middle of a line (a line is made with `line`).
    public static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII:
                // A control character has no place in a page: shown as a visible escape.
                result +=
                    scalar.value < 0x20 || scalar.value == 0x7F ? "\\ex" + hex(scalar.value, digits: 2) : String(scalar)
            default: result += "\\[u" + hex(scalar.value, digits: 4) + "]"
            }
        }
        return result
    }

    /// A request with its arguments, each quoted (a `"` inside written `\(dq`): `.SH "EXIT STATUS"`.
    public static func request(_ name: String, _ arguments: String...) -> String {
        ([name] + arguments.map { "\"" + escape($0).replacing("\"", with: "\\(dq") + "\"" })
            .joined(separator: " ")
    }

    /// Text in bold, escaped, for the middle of a line.
    public static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    /// Text in italics, escaped, for the middle of a line.
    public static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Upper-case hexadecimal digits, at least `digits` of them (as `\[u…]` wants them).
    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
