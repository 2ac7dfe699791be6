/// Splits a REPL or script line into words much as a shell would: blanks separate words, a quote
/// at the start of a word groups up to its closing quote, a backslash escapes the next character
/// (not inside single quotes). A quote inside a word is an ordinary character, so that titles like
/// `Mum's birthday` need no escaping.
enum CommandLineWords {
    static func split(_ line: String) throws(CommandError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            case "\"" where !inWord, "'" where !inWord:
                quote = character
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            default:
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw .usage("a \(quote) quote is not closed; close it or escape it with \\") }
        if escaped { current.append("\\") }
        if inWord { words.append(current) }
        return words
    }
}
