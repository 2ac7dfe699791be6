/// The small named palette tasks and categories are coloured from, so that colours render on any
/// terminal.
public enum TaskColor: String, CaseIterable, Sendable {
    case red, orange, yellow, green, teal, blue, purple, pink, grey

    /// Parses a colour name in any letter case (`gray` is `grey`), with a message that lists the
    /// palette.
    public static func parse(_ text: String) throws(InputError) -> TaskColor {
        // "orange", "purple" and "yellow" are the longest names.
        let lower = text.utf8.count <= 6 ? text.lowercased() : ""
        if lower == "gray" { return .grey }
        guard let color = TaskColor(rawValue: lower) else {
            throw .invalid("'\(text)' is not a colour; use one of \(TaskColor.paletteList)")
        }
        return color
    }

    /// `red, orange, …, grey`, for messages.
    static let paletteList = TaskColor.allCases.map(\.rawValue).joined(separator: ", ")
}
