import ShadeCore

/// JSON on its way to standard output: the exact text of every string, written so that no
/// character in it can act on a terminal. Every `--json` document passes here, and so does a JSON
/// or Taskwarrior export printed to standard output.
public enum JSONOutput {
    /// The JSON text with every character `TextEscaping` holds unsafe (DEL, C1 controls, bidi
    /// overrides and isolates, line separators; json-c already escapes C0) written as a `\uXXXX`
    /// escape, which any JSON reader turns back into the same character.
    public static func terminalSafe(_ json: String) -> SafeText {
        guard json.unicodeScalars.contains(where: { TextEscaping.isUnsafe($0, keepingLineBreaks: true) }) else {
            return SafeText(verbatim: json)
        }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if TextEscaping.isUnsafe(scalar, keepingLineBreaks: true) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return SafeText(verbatim: result)
    }
}
