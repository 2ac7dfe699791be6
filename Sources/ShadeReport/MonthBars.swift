import ShadeCore

/// Planned against done per month: two bars a month, side by side.
enum MonthBars {
    static let frame = ChartFrame.wide(top: 28)

    static func svg(_ months: [PeriodStats.Line]) -> BodyNode {
        let (left, right, top, width, height) = (frame.left, frame.right, frame.top, frame.width, frame.height)
        let (plot, plotHeight) = (frame.plotWidth, frame.plotHeight)
        let scale = max(1, months.map(\.planned).max() ?? 0)
        let group = months.isEmpty ? plot : plot / months.count
        let bar = max(4, min(32, group * 3 / 10))
        func barHeight(_ count: Int) -> Int { Int((Double(count) / Double(scale) * Double(plotHeight)).rounded()) }
        var children: [BodyNode] = [
            SVG.line(x1: left, y1: frame.baseline, x2: width - right, y2: frame.baseline, className: "axis-line"),
            SVG.text("\(scale)", x: left - 6, y: top + 4, className: "axis", anchor: "end"),
            SVG.text("0", x: left - 6, y: frame.baseline + 4, className: "axis", anchor: "end"),
            SVG.line(x1: left, y1: top, x2: width - right, y2: top, className: "grid"),
            SVG.rect(x: width - right - 170, y: 4, width: 12, height: 12, className: "bar-planned", title: nil),
            SVG.text("planned", x: width - right - 153, y: 14, className: "axis"),
            SVG.rect(x: width - right - 80, y: 4, width: 12, height: 12, className: "bar-done", title: nil),
            SVG.text("done", x: width - right - 63, y: 14, className: "axis"),
        ]
        for (index, line) in months.enumerated() {
            guard case .month(let month) = line.period else { continue }
            let center = left + index * group + group / 2
            let name = "\(month.abbreviation) \(month.year)"
            let planned = barHeight(line.planned)
            let done = barHeight(line.tally.done)
            children.append(
                SVG.rect(
                    x: center - bar - 2, y: frame.baseline - planned, width: bar, height: planned,
                    className: "bar-planned", title: "\(name): \(line.planned) planned"))
            children.append(
                SVG.rect(
                    x: center + 2, y: frame.baseline - done, width: bar, height: done, className: "bar-done",
                    title: "\(name): \(line.tally.done) done · \(ReportFormat.percent(line.tally.rate))"))
            children.append(SVG.text(name, x: center, y: height - 20, className: "axis", anchor: "middle"))
        }
        return SVG.chart(
            id: "planned-done-per-month", width: width, height: height, title: "Planned and done per month",
            description: "For each month, a bar of the tasks planned and a bar of those done: "
                + months.map { line in
                    "\(line.period): \(line.planned) planned, \(line.tally.done) done"
                }.joined(separator: "; ") + ".",
            children)
    }
}
