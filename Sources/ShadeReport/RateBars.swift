import ShadeCore

/// Rates side by side as horizontal bars: per slot, per weekday.
enum RateBars {
    static let width = 440
    static let labelWidth = 80
    static let track = 230
    static let row = 28

    static func svg(id: String, title: String, rows: [(label: String, tally: Tally)]) -> BodyNode {
        var children: [BodyNode] = []
        for (index, entry) in rows.enumerated() {
            let y = index * row + 4
            children.append(SVG.text(entry.label, x: 0, y: y + 15, className: "label"))
            children.append(
                SVG.rect(x: labelWidth, y: y, width: track, height: row - 8, className: "track", title: nil))
            let filled = Int(((entry.tally.rate ?? 0) * Double(track)).rounded())
            if filled > 0 {
                children.append(
                    SVG.rect(
                        x: labelWidth, y: y, width: filled, height: row - 8, className: "bar-done",
                        title: "\(entry.label): \(ReportFormat.summary(entry.tally))"))
            }
            children.append(
                SVG.text(
                    ReportFormat.short(entry.tally), x: labelWidth + track + 10, y: y + 15, className: "figure-text"))
        }
        return SVG.chart(
            id: id, width: width, height: rows.count * row + 8, title: title,
            description: rows.map { "\($0.label): \(ReportFormat.summary($0.tally))" }.joined(separator: "; ") + ".",
            children)
    }
}
