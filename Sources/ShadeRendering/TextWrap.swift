/// Text wrapped to a number of columns at its blanks, for help and manual pages.
public enum TextWrap {
    /// Wraps each line of a text to `columns`, keeping its indentation.
    public static func wrap(_ text: String, columns: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.count <= columns { return String(line) }
            let indent = String(line.prefix { $0 == " " })
            return lines(String(line.dropFirst(indent.count)), width: columns - indent.count)
                .map { indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The words of one line in lines of at most `width` characters (a longer word stays whole).
    public static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
