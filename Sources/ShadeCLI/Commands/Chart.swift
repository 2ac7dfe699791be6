import ShadeCore
import ShadeHost
import ShadeRendering

extension Shade {
    /// `chart`: bar charts of a week by day, a month by week or a year by month.
    struct Chart: PlannerCommand {
        /// What a chart shows: a week, a month or a year, part by part.
        enum Kind: String, CaseIterable {
            case week, month, year

            /// The parts it breaks into.
            var unit: HistoryPeriod.Unit {
                switch self {
                case .week: .day
                case .month: .week
                case .year: .month
                }
            }
        }

        static let grammar = CommandGrammar(
            name: "chart", abstract: "Bar charts of a week by day, a month by week or a year by month.",
            discussion: """
                Each row is a part of the period: its bar is as long as the tasks planned, solid \
                for the done ones; then done of planned, the rate, and a bar of the rate. The \
                figures are those of stats --by (day for a week, week for a month, month for a \
                year). Without a kind: the week in view; a PERIOD alone says its kind (2026-W48, \
                2026-11, 2026). The chart fits COLUMNS (else the terminal's width) and draws in \
                plain # where the locale is not UTF-8. --json prints the figures, as stats --by \
                does.

                Examples:
                  chart
                  chart month
                  chart year 2026
                  chart 2026-10
                  chart month --json
                """,
            flags: [.json("Print the chart's figures as JSON (those of stats --by).")],
            arguments: [
                .init("kind", valueName: "[week|month|year]", help: "What to chart (default: week).", arity: .optional),
                .init(
                    "period", valueName: "[PERIOD]", help: "A WEEK, a MONTH (YYYY-MM) or a YEAR (default: in view).",
                    arity: .optional),
            ])
        let kind: Kind
        let period: String?
        let json: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            let first = arguments.optionalWord("kind")
            let second = arguments.optionalWord("period")
            if let first, let kind = Kind(rawValue: first.lowercased()) {
                self.kind = kind
                period = second
            } else if let first, second == nil {
                // A period alone: its shape says its kind (this, next and last are weeks).
                period = first
                switch HistoryPeriod(parsing: first) {
                case .month: kind = .month
                case .year: kind = .year
                default: kind = .week
                }
            } else if let first {
                throw arguments.usage(
                    "\(CommandArguments.quoted(first)) is not a kind of chart; write week, month or year")
            } else {
                kind = .week
                period = nil
            }
        }

        func execute(in session: Session) throws {
            let period = try session.resolver().requirePeriod(period, by: kind.unit)
            let stats = try session.periodStats(period, by: kind.unit)
            if json {
                try session.printJSON(ViewJSON.periods(stats))
                return
            }
            let environment = session.environment
            let glyphs: PeriodChart.Glyphs = Terminal.isUTF8(environment) ? .unicode : .ascii
            session.print(
                PeriodChart.render(
                    stats, width: Terminal.columns(environment), glyphs: glyphs,
                    style: try session.renderContext().style))
        }
    }
}
