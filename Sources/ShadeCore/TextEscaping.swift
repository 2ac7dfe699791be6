/// The rule for text that did not come from shade's own code on its way to a terminal: what may
/// pass as it is and how the rest is shown.
///
/// C0 and C1 controls, DEL and ESC could move the cursor, retitle the window or clear the
/// screen; bidi overrides and isolates could make a title read as something it does not say;
/// line and paragraph separators could break one line into two. Each is shown as an escape a
/// reader can see (`\e`, `\x07`, `\u009b`, `\u202e`) — never sent raw. Everything else (emoji,
/// CJK, combining marks, joiners) passes untouched.
public enum TextEscaping {
    /// Whether a scalar is shown escaped (line breaks only when `keepingLineBreaks` is false).
    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether a scalar is a bidi override or isolate (U+202A–U+202E, U+2066–U+2069).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The text with every unsafe scalar replaced by its visible escape.
    public static func escape(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Printable ASCII, the common case, needs no look at the scalars.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar, keepingLineBreaks: keepingLineBreaks) {
                result += shown(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// How one unsafe scalar is shown: `\e`, `\n`, `\t`, `\r`, `\x07`, `\u009b`, `\u202e`.
    public static func shown(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        default: return "\\u" + hex(scalar.value, digits: 4)
        }
    }

    /// The first unsafe scalar of a text and its position (counted in characters from 1), if any.
    public static func firstUnsafe(in text: String, keepingLineBreaks: Bool = false) -> (
        scalar: Unicode.Scalar, position: Int
    )? {
        var position = 0
        for character in text {
            position += 1
            if let scalar = character.unicodeScalars.first(where: {
                isUnsafe($0, keepingLineBreaks: keepingLineBreaks)
            }) {
                return (scalar, position)
            }
        }
        return nil
    }

    /// `U+001B`, as messages name a code point.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + hex(scalar.value, digits: 4).uppercased()
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
