import ShadeCore

/// Text made safe for the page: what a user, a file or another copy wrote is shown as a view shows
/// it (control characters and bidi overrides as visible escapes, SPEC §13), then written with
/// `&`, `<`, `>` and quotes as entities, so that it is only ever text, in an element or an
/// attribute, in HTML and in the XML of the SVG alike.
///
/// Plot escapes `<` and `>` in text but leaves anything that looks like an entity (`&lt;`) as it
/// is, and writes attribute values as they are: user text therefore goes through here, into
/// `.raw` nodes, never through Plot's `.text`.
enum MarkupText {
    /// The markup of a piece of text.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in SafeText(escaping: text).text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
