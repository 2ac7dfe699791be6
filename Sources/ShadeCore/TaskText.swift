/// The rules for the text a user gives a task: titles, notes and tags.
public enum TaskText {
    /// The longest title accepted, in characters.
    public static let maximumTitleLength = 1_000

    /// Checks a title: not blank, no control characters, not too long. Returns it unchanged.
    public static func validateTitle(_ title: String) throws(InputError) -> String {
        if title.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            throw .invalid("a task needs a title, e.g. add Call the bank")
        }
        try rejectControlCharacters(in: title, what: "the title")
        let length = title.count
        if length > maximumTitleLength {
            throw .invalid(
                "the title is \(length) characters long; the limit is \(maximumTitleLength) (put longer text in a note)"
            )
        }
        return title
    }

    /// Checks a tag (without its `+`): not empty, no blanks, no control characters.
    public static func validateTag(_ tag: String) throws(InputError) -> String {
        if tag.isEmpty { throw .invalid("'+' needs a tag name after it, e.g. +errand") }
        if tag.unicodeScalars.contains(where: \.properties.isWhitespace) {
            throw .invalid("the tag '+\(tag)' has a space in it; a tag is one word, e.g. +errand")
        }
        try rejectControlCharacters(in: tag, what: "the tag")
        if tag.count > 100 { throw .invalid("the tag is \(tag.count) characters long; the limit is 100") }
        return tag
    }

    /// Throws when the text holds a control character, naming it and where it is.
    public static func rejectControlCharacters(in text: String, what: String) throws(InputError) {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isControl(scalar) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            throw .invalid(
                "\(what) holds the control character U+\(code) at position \(offset + 1); use plain text")
        }
    }

    /// Whether a scalar is a C0 or C1 control character (including DEL).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
