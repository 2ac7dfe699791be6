import ShadeCore

/// The rate per week over time: a line through the weeks that have a rate (broken by weeks
/// without one), a point per week with its figures as its title.
enum RateLine {
    static let frame = ChartFrame.wide(top: 16)

    static func y(_ rate: Double) -> Int { frame.top + Int(((1 - rate) * Double(frame.plotHeight)).rounded()) }

    static func svg(_ report: ProgressReport) -> BodyNode {
        let weeks = report.stats.weeks
        let (left, right, width, height, plot) = (frame.left, frame.right, frame.width, frame.height, frame.plotWidth)
        func x(_ index: Int) -> Int {
            weeks.count < 2
                ? left + plot / 2 : left + Int((Double(index) * Double(plot) / Double(weeks.count - 1)).rounded())
        }
        var children: [BodyNode] = []
        for percent in stride(from: 0, through: 100, by: 25) {
            let lineY = y(Double(percent) / 100)
            children.append(SVG.line(x1: left, y1: lineY, x2: width - right, y2: lineY, className: "grid"))
            children.append(SVG.text("\(percent)%", x: left - 6, y: lineY + 4, className: "axis", anchor: "end"))
        }
        let step = max(1, (weeks.count + 9) / 10)
        for (index, line) in weeks.enumerated() where index % step == 0 || index == weeks.count - 1 {
            children.append(
                SVG.text(
                    "W\(Digits.padded(line.week.week, 2))", x: x(index), y: height - 20, className: "axis",
                    anchor: "middle"))
        }
        // The line, one polyline for each run of weeks with a rate.
        var runs: [[(Int, Int)]] = []
        var current: [(Int, Int)] = []
        for (index, line) in weeks.enumerated() {
            if let rate = line.tally.rate {
                current.append((x(index), y(rate)))
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        for run in runs where run.count > 1 {
            children.append(
                SVG.element(
                    "polyline",
                    [("points", run.map { "\($0.0),\($0.1)" }.joined(separator: " ")), ("class", "rate-line")]))
        }
        for (index, line) in weeks.enumerated() {
            guard let rate = line.tally.rate else { continue }
            children.append(
                SVG.element(
                    "circle", [("cx", "\(x(index))"), ("cy", "\(y(rate))"), ("r", "4.5"), ("class", "rate-point")],
                    [
                        SVG.title(
                            "\(line.week) (from \(ReportFormat.day(line.week.monday))) · \(ReportFormat.summary(line.tally))"
                        )
                    ]))
        }
        let rated = weeks.filter { $0.tally.rate != nil }
        return SVG.chart(
            id: "rate-per-week", width: width, height: height, title: "Completion rate per week",
            description:
                "A line of the weekly completion rate from 0% to 100%, over \(weeks.count) weeks, \(rated.count) of them with tasks; weeks without a rate leave a gap.",
            children)
    }
}
