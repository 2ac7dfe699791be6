import ShadeCore

/// The text of an imported file: UTF-8 (a byte-order mark is dropped), else an error naming the
/// line of the first byte that is not.
enum InterchangeText {
    static func decode(_ bytes: [UInt8]) throws(ImportError) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        // Find the first line that does not decode.
        var line = 1
        var start = body.startIndex
        for index in body.indices where body[index] == UInt8(ascii: "\n") || index == body.index(before: body.endIndex)
        {
            if String(validating: body[start...index], as: UTF8.self) == nil { break }
            line += 1
            start = body.index(after: index)
        }
        throw ImportError(line: line, "the file is not UTF-8 text")
    }

    /// The lines of a text (a final line break ends the last line; CR LF counts as one break).
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}
