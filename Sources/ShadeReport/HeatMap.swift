import ShadeCore

/// The weeks' grid: a row a week, a cell a day coloured by its rate, and the week's rate written
/// in its own cell.
enum HeatMap {
    static let labelWidth = 150
    static let cell = 28
    static let weekWidth = 64
    static let header = 26

    static func svg(_ report: ProgressReport) -> BodyNode {
        let weeks = report.stats.weeks
        let width = labelWidth + 7 * cell + 8 + weekWidth
        let height = header + weeks.count * cell + 4
        var children: [BodyNode] = []
        for weekday in Weekday.allCases {
            children.append(
                SVG.text(
                    weekday.label, x: labelWidth + (weekday.rawValue - 1) * cell + cell / 2, y: 17, className: "axis",
                    anchor: "middle"))
        }
        children.append(
            SVG.text("week", x: labelWidth + 7 * cell + 8 + weekWidth / 2, y: 17, className: "axis", anchor: "middle"))
        for (row, line) in weeks.enumerated() {
            let y = header + row * cell
            children.append(
                SVG.text(
                    "\(line.week) · \(ReportFormat.dayMonth(line.week.monday))", x: 0, y: y + 18, className: "label"))
            for date in line.week.days {
                let tally = report.tally(date)
                let future = date > report.today
                children.append(
                    SVG.rect(
                        x: labelWidth + (date.weekday.rawValue - 1) * cell, y: y, width: cell - 4, height: cell - 4,
                        className: future && tally.total == 0 ? "heat-future" : ReportFormat.heatClass(tally.rate),
                        title: "\(ReportFormat.day(date)) · \(ReportFormat.summary(tally))"))
            }
            let x = labelWidth + 7 * cell + 8
            children.append(
                SVG.element(
                    "g", [("class", "week-rate")],
                    [
                        SVG.rect(
                            x: x, y: y, width: weekWidth, height: cell - 4,
                            className: ReportFormat.heatClass(line.tally.rate),
                            title: "\(line.week) · \(ReportFormat.summary(line.tally))"),
                        SVG.text(
                            line.tally.rate == nil ? "—" : ReportFormat.percent(line.tally.rate), x: x + weekWidth / 2,
                            y: y + 17, className: "cell-text", anchor: "middle"),
                    ]))
        }
        let first = weeks.first.map { "\($0.week)" } ?? ""
        let last = weeks.last.map { "\($0.week)" } ?? ""
        return SVG.chart(
            id: "heatmap", width: width, height: height, title: "The weeks at a glance, \(first) to \(last)",
            description:
                "A row per week, a cell per day shaded by the day's completion rate (darker is more done), and the week's rate written in the last column.",
            children)
    }
}
