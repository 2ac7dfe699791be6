import ShadeCore

/// The bar chart of `chart`: a row a part of the period (a day, a week or a month) with, side by
/// side, a bar of its tasks planned (its length) and done (its solid part), the counts, the rate,
/// and a bar of the rate; fitted to a width so that no line ever wraps.
public enum PeriodChart {
    /// The glyphs a chart draws with: Unicode blocks, or plain ASCII where the locale is not UTF-8.
    public struct Glyphs: Sendable {
        /// A done task's cell, an open one's, a cancelled one's.
        public let done: String, open: String, cancelled: String
        /// Eighths of a cell for the rate bar, from one eighth to a full cell.
        public let eighths: [String]

        public static let unicode = Glyphs(
            done: "█", open: "░", cancelled: "╌", eighths: ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"])
        public static let ascii = Glyphs(done: "#", open: "-", cancelled: "x", eighths: Array(repeating: "#", count: 8))

        /// Whether these are the ASCII glyphs.
        var isASCII: Bool { done == "#" }

        /// The text as this terminal can show it: in ASCII, the punctuation of labels and figures
        /// (`·`, `—`, `–`, `…`) becomes its plain form.
        func shown(_ text: String) -> String {
            guard isASCII else { return text }
            var result = ""
            for character in text {
                switch character {
                case "·": result += "."
                case "—", "–": result += "-"
                case "…": result += "~"
                default: result.append(character)
                }
            }
            return result
        }
    }

    /// Where each column of a row goes: widths in display columns.
    public struct Layout: Hashable, Sendable {
        /// The part's label (`Mon 23 Nov`, `W48 23 Nov`, `Nov 2026`).
        public let label: Int
        /// The planned-and-done bar; 0 when the width leaves no room for it.
        public let countBar: Int
        /// `12/16`: done of planned.
        public let counts: Int
        /// The rate bar; 0 when the width leaves room for the counts bar only.
        public let rateBar: Int

        /// The widest line a row makes.
        public var rowWidth: Int {
            label + (countBar > 0 ? 2 + countBar : 0) + 2 + counts + 2 + 4 + (rateBar > 0 ? 2 + rateBar : 0)
        }
    }

    /// The width the rate text takes: `100%`.
    static let rateWidth = 4

    /// The columns for a chart of `stats` in `width` columns: the label and the figures first,
    /// then the counts bar, then (from 24 spare columns) a rate bar a third as wide.
    public static func layout(_ stats: PeriodStats, width: Int) -> Layout {
        let labels =
            stats.lines.map { DisplayWidth.of(PeriodLabel.short($0.period)) } + [
                DisplayWidth.of(totalLabel(stats))
            ]
        let label = labels.max() ?? 0
        let counts = (stats.lines + [stats.total]).map { DisplayWidth.of(countText($0)) }.max() ?? 0
        let fixed = label + 2 + counts + 2 + rateWidth
        let spare = width - fixed
        guard spare >= 4 else { return Layout(label: label, countBar: 0, counts: counts, rateBar: 0) }
        guard spare >= 24 else { return Layout(label: label, countBar: spare - 2, counts: counts, rateBar: 0) }
        let rateBar = min(24, (spare - 4) / 3)
        return Layout(label: label, countBar: spare - 4 - rateBar, counts: counts, rateBar: rateBar)
    }

    /// Renders the chart in `width` columns (every line at most that wide).
    public static func render(_ stats: PeriodStats, width: Int, glyphs: Glyphs, style: Style) -> SafeText {
        let layout = layout(stats, width: width)
        let scale = (stats.lines.map(\.planned).max() ?? 0)
        var lines: [SafeText] = []
        let title = PeriodLabel.title(stats.period) + " · planned and done by \(stats.unit.rawValue)"
        lines.append(style.bold(DisplayWidth.truncate(title, to: width)))
        if layout.countBar > 0 {
            let legend: SafeText = "\(glyphs.done) done  \(glyphs.open) open  \(glyphs.cancelled) cancelled"
            lines.append(style.dim(DisplayWidth.truncate(legend, to: width)))
        }
        for line in stats.lines {
            lines.append(row(PeriodLabel.short(line.period), line, layout, scale: scale, glyphs: glyphs, style: style))
        }
        let total = stats.total
        var last = DisplayWidth.padRight(totalLabel(stats), to: layout.label)
        if layout.countBar > 0 { last += "  " + SafeText(verbatim: String(repeating: " ", count: layout.countBar)) }
        last += "  " + DisplayWidth.padLeft(countText(total), to: layout.counts) + "  "
        last += style.bold(DisplayWidth.padLeft(RateFormat.percent(total.tally.rate), to: rateWidth))
        if layout.rateBar > 0 {
            last += "  " + rateBar(total.tally.rate, width: layout.rateBar, glyphs: glyphs, style: style)
        }
        lines.append(trimmed(last))
        if layout.rowWidth > width {
            // Too narrow for the figures themselves: plain lines, cut to the width.
            lines = lines.map { DisplayWidth.truncate(Style.uncoloured($0), to: width) }
        }
        return SafeText(verbatim: glyphs.shown(lines.map(\.text).joined(separator: "\n"))) + "\n"
    }

    /// `all 4 weeks`.
    static func totalLabel(_ stats: PeriodStats) -> SafeText {
        "all \(stats.lines.count) \(PeriodLabel.plural(stats.unit))"
    }

    /// `12/16`: done of planned, or `·` for a part with nothing planned.
    static func countText(_ line: PeriodStats.Line) -> SafeText {
        line.planned == 0 ? "·" : "\(line.tally.done)/\(line.planned)"
    }

    /// One part's row.
    private static func row(
        _ label: SafeText, _ line: PeriodStats.Line, _ layout: Layout, scale: Int, glyphs: Glyphs, style: Style
    ) -> SafeText {
        var text = DisplayWidth.padRight(label, to: layout.label)
        if layout.countBar > 0 {
            text += "  " + countBar(line.tally, width: layout.countBar, scale: scale, glyphs: glyphs, style: style)
        }
        text += "  " + DisplayWidth.padLeft(countText(line), to: layout.counts) + "  "
        text += DisplayWidth.padLeft(RateFormat.percent(line.tally.rate), to: rateWidth)
        if layout.rateBar > 0 {
            text += "  " + rateBar(line.tally.rate, width: layout.rateBar, glyphs: glyphs, style: style)
        }
        return trimmed(text)
    }

    /// The cells of each status in a bar of `width` for `scale` tasks: done, open, cancelled,
    /// rounded, and at least one cell for each status that has any task (within the width).
    public static func segments(_ tally: Tally, width: Int, scale: Int) -> (done: Int, open: Int, cancelled: Int) {
        guard scale > 0, width > 0, tally.total > 0 else { return (0, 0, 0) }
        func cells(_ count: Int) -> Int { Int((Double(count) * Double(width) / Double(scale)).rounded()) }
        let done = max(cells(tally.done), tally.done > 0 ? 1 : 0)
        let openEnd = max(cells(tally.done + tally.open), done + (tally.open > 0 ? 1 : 0))
        let end = min(width, max(cells(tally.total), openEnd + (tally.cancelled > 0 ? 1 : 0)))
        let clampedOpenEnd = min(openEnd, end)
        let clampedDone = min(done, clampedOpenEnd)
        return (clampedDone, clampedOpenEnd - clampedDone, end - clampedOpenEnd)
    }

    /// The planned-and-done bar, padded to its width.
    private static func countBar(_ tally: Tally, width: Int, scale: Int, glyphs: Glyphs, style: Style) -> SafeText {
        let parts = segments(tally, width: width, scale: scale)
        let padding = width - parts.done - parts.open - parts.cancelled
        return style.green(SafeText(verbatim: String(repeating: glyphs.done, count: parts.done)))
            + style.dim(SafeText(verbatim: String(repeating: glyphs.open, count: parts.open)))
            + style.dim(SafeText(verbatim: String(repeating: glyphs.cancelled, count: parts.cancelled)))
            + SafeText(verbatim: String(repeating: " ", count: padding))
    }

    /// The rate in eighths of cells (whole cells in ASCII).
    public static func rateCells(_ rate: Double?, width: Int, glyphs: Glyphs) -> String {
        guard let rate else { return "" }
        let unicode = glyphs.eighths.first != glyphs.eighths.last
        let eighths = Int((rate * Double(width) * (unicode ? 8 : 1)).rounded())
        let whole = unicode ? eighths / 8 : eighths
        var text = String(repeating: glyphs.done, count: whole)
        if unicode, eighths % 8 > 0 { text += glyphs.eighths[eighths % 8 - 1] }
        return text
    }

    private static func rateBar(_ rate: Double?, width: Int, glyphs: Glyphs, style: Style) -> SafeText {
        style.cyan(SafeText(verbatim: rateCells(rate, width: width, glyphs: glyphs)))
    }

    /// The line without trailing spaces.
    private static func trimmed(_ text: SafeText) -> SafeText {
        var result = text.text
        while result.hasSuffix(" ") { result.removeLast() }
        return SafeText(verbatim: result)
    }
}
