/// Folds text for searching: lower case, and Latin letters without their diacritics (`Crème` and
/// `creme` match), combining marks dropped.
public enum TextFolding {
    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if let base = table[scalar] {
                result.append(contentsOf: base.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Lower-case Latin-1 and Latin Extended-A letters and their bases.
    private static let table: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăą", "a"), ("æ", "ae"), ("çćĉċč", "c"), ("ďđð", "d"), ("èéêëēĕėęě", "e"),
            ("ĝğġģ", "g"), ("ĥħ", "h"), ("ìíîïĩīĭįı", "i"), ("ĳ", "ij"), ("ĵ", "j"), ("ķĸ", "k"),
            ("ĺļľŀł", "l"), ("ñńņňŉŋ", "n"), ("òóôõöøōŏő", "o"), ("œ", "oe"), ("ŕŗř", "r"),
            ("śŝşšſ", "s"), ("ß", "ss"), ("ţťŧ", "t"), ("þ", "th"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"),
            ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = base }
        }
        return table
    }()

    /// Whether a task's title, notes, tags or category contain every one of the words.
    public static func matches(_ task: PlannerTask, words: [String]) -> Bool {
        let haystack = fold(
            ([task.title, task.notes ?? "", task.category ?? ""] + task.tags).joined(separator: "\u{1F}"))
        return words.allSatisfy { haystack.contains(fold($0)) }
    }
}
