import ShadeCore

/// The view of `export` to a file: what it wrote, and where.
public enum ExportSummary {
    /// `exported 12 tasks, 2 repeating and 3 in the inbox to week.csv (csv)`.
    public static func render(tasks: Int, series: Int, inbox: Int = 0, file: String, format: String) -> SafeText {
        var parts = ["\(tasks) task\(tasks == 1 ? "" : "s")"]
        if series > 0 { parts.append("\(series) repeating") }
        if inbox > 0 { parts.append("\(inbox) in the inbox") }
        let listed =
            parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
        return "exported \(listed)" + " to \(SafeText(escaping: file)) (\(format))"
    }
}
