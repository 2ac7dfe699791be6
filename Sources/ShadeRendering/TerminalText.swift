/// Makes stored text safe to print on a terminal.
public enum TerminalText {
    /// Replaces control characters (which could move the cursor or change colours) with
    /// visible stand-ins: C0 controls with their Control Pictures (␛), DEL with ␡, C1 with �.
    /// Line breaks become ␤ so that one task stays on one line.
    public static func sanitize(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
            text.unicodeScalars.contains(where: isControl)
        else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                result.append("\u{2421}")
            } else if (0x80...0x9F).contains(scalar.value) {
                result.append("\u{FFFD}")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
