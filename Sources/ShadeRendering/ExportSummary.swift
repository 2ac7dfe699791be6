import ShadeCore

/// The view of `export` to a file: what it wrote, and where.
public enum ExportSummary {
    /// `exported 12 tasks and 2 repeating to week.csv (csv)`.
    public static func render(tasks: Int, series: Int, file: String, format: String) -> SafeText {
        "exported \(tasks) task\(tasks == 1 ? "" : "s")" + (series == 0 ? "" : " and \(series) repeating")
            + " to \(SafeText(escaping: file)) (\(format))"
    }
}
