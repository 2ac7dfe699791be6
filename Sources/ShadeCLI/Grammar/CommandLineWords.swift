/// Splits a REPL or script line into words much as a shell would: blanks separate words, a quote
/// at the start of a word groups up to its closing quote, a backslash escapes the next character
/// (not inside single quotes). A quote inside a word is an ordinary character, so that titles like
/// `Mum's birthday` need no escaping.
///
/// Every character with a meaning here is ASCII, and in UTF-8 an ASCII byte never occurs inside
/// another character, so the line is split byte by byte and each word decoded once.
enum CommandLineWords {
    static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var inWord = false
        var quote: UInt8?
        var escaped = false
        let backslash = UInt8(ascii: "\\")
        let doubleQuote = UInt8(ascii: "\"")
        for byte in line.utf8 {
            if escaped {
                current.append(byte)
                escaped = false
                continue
            }
            if let open = quote {
                if byte == open {
                    quote = nil
                } else if byte == backslash && open == doubleQuote {
                    escaped = true
                } else {
                    current.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if inWord {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                    inWord = false
                }
            case doubleQuote where !inWord, UInt8(ascii: "'") where !inWord:
                quote = byte
                inWord = true
            case backslash:
                escaped = true
                inWord = true
            default:
                current.append(byte)
                inWord = true
            }
        }
        if let quote {
            throw .usage("a \(Character(Unicode.Scalar(quote))) quote is not closed; close it or escape it with \\")
        }
        if escaped { current.append(backslash) }
        if inWord { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }
}
