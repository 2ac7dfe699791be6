/// The rules for the text a user gives a task: titles, notes and tags.
public enum TaskText {
    /// The longest title accepted, in characters.
    public static let maximumTitleLength = 1_000

    /// Checks a title: not blank, no control characters, not too long. Returns it unchanged.
    public static func validateTitle(_ title: String) throws(InputError) -> String {
        if isBlank(title) {
            throw .invalid("a task needs a title, e.g. add Call the bank")
        }
        try rejectControlCharacters(in: title, what: "the title")
        // No more characters than UTF-8 bytes: only a long title is counted.
        if title.utf8.count > maximumTitleLength, case let length = title.count, length > maximumTitleLength {
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

    /// Checks notes: no control characters other than line breaks and tabs, at most 10,000
    /// characters. Returns them unchanged.
    public static func validateNotes(_ notes: String) throws(InputError) -> String {
        let withoutBreaks = String(String.UnicodeScalarView(notes.unicodeScalars.filter { $0 != "\n" && $0 != "\t" }))
        try rejectControlCharacters(in: withoutBreaks, what: "the note")
        if notes.count > 10_000 { throw .invalid("the note is \(notes.count) characters long; the limit is 10000") }
        return notes
    }

    /// Checks a category name: one word of letters, digits, `-` or `_`, at most 40 characters.
    /// Returns it in lowercase, so that `School` and `school` are one category.
    public static func validateCategory(_ name: String) throws(InputError) -> String {
        if name.isEmpty { throw .invalid("'cat:' needs a category name after it, e.g. cat:school") }
        guard name.count <= 40,
            name.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_"
            })
        else {
            throw .invalid("'\(name)' is not a category name; use one word of letters, digits, - or _, e.g. cat:school")
        }
        return name.lowercased()
    }

    /// Checks a participant's name (as `config user.name` gives it): one word of letters, digits,
    /// `-`, `_`, `.` or `@`, at most 100 characters.
    public static func validateParticipant(_ name: String) throws(InputError) -> String {
        guard !name.isEmpty, name.count <= 100,
            name.unicodeScalars.allSatisfy({ scalar in
                // ASCII, the usual name, is answered without looking up a Unicode property.
                guard scalar.isASCII else {
                    return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                }
                let byte = UInt8(scalar.value)
                return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.@".utf8.contains(byte)
            })
        else {
            throw .invalid(
                "'\(TextEscaping.escape(name))' is not a name to share with; use one word of letters, digits, -, _, . or @"
            )
        }
        return name
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

    /// Whether `text` holds nothing but whitespace (or nothing). A visible ASCII character, which
    /// nearly every title starts with, answers it without looking up a Unicode property.
    public static func isBlank(_ text: String) -> Bool {
        if text.utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// Whether a scalar is a C0 or C1 control character (including DEL).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
