/// The rules an imported task meets, the same as for a task typed in: a title, no control
/// characters, one-word tags, a category name of one word. A file that breaks them imports
/// nothing; the error says which rule.
public enum ImportValidation {
    /// Checks a task as it is to be filed.
    public static func check(_ task: PlannerTask) throws(ImportError) {
        do throws(InputError) {
            _ = try TaskText.validateTitle(task.title)
            for tag in task.tags { _ = try TaskText.validateTag(tag) }
            if let notes = task.notes { _ = try TaskText.validateNotes(notes) }
            if let category = task.category, try TaskText.validateCategory(category) != category {
                throw InputError.invalid("the category '\(category)' is not in lowercase")
            }
        } catch {
            throw ImportError(error.message.text)
        }
    }

    /// A title from another program made fit to file: line breaks and tabs become spaces,
    /// blanks at the ends go (other control characters stay, and are refused by `check`).
    public static func title(_ text: String) -> String {
        let flat = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }))
        return flat.trimmingBlanks
    }

    /// A category from another program (a project `Home.Garden`, a calendar's `Work Stuff`) as a
    /// category name: lowercase, every character that is not a letter, a digit, `-` or `_`
    /// replaced by `-`, cut to 40 characters; nil when nothing is left.
    public static func category(_ text: String) -> String? {
        let scalars = text.trimmingBlanks.lowercased().unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_"
                ? scalar : "-"
        }
        let name = String(String.UnicodeScalarView(scalars)).prefix(40)
        return name.allSatisfy({ $0 == "-" }) ? nil : String(name)
    }

    /// A tag from another program: blanks become `-`; nil when nothing is left.
    public static func tag(_ text: String) -> String? {
        let scalars = text.trimmingBlanks.unicodeScalars.map { $0.properties.isWhitespace ? "-" : $0 }
        let tag = String(String.UnicodeScalarView(scalars))
        return tag.isEmpty ? nil : String(tag.prefix(100))
    }
}

extension String {
    /// The text without blanks (spaces, tabs, line breaks) at either end.
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
