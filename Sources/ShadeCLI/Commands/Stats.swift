import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Stats: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "stats", abstract: "Completion week by week across history, with rates by slot and by weekday.",
            discussion: """
                Without options: the 12 weeks up to the week in view. Empty weeks have no rate (—). \
                The range's rate pools all its tasks; 'best' names the slot and the weekday you \
                finish most of.

                With --by: one period part by part, with tasks planned, done, open and cancelled, \
                the rate, and goals done of those set: --by day a WEEK, --by week a MONTH \
                (YYYY-MM; its weeks are those whose Thursday falls in it, each counted whole), \
                --by month a YEAR (YYYY). PERIOD defaults to the one in view; this, next and last \
                work as for weeks.

                Examples:
                  stats
                  stats --weeks 26
                  stats --from 2026-W40 --to 2026-W53
                  stats --all --json
                  stats --by month 2026
                  stats --by week 2026-11 --json
                """,
            flags: [
                .json("Print the statistics as JSON."),
                .init(name: "all", help: "Every week from the first task to the last."),
            ],
            options: [
                .init(name: "weeks", valueName: "N", help: "How many weeks, up to the week in view (or --to)."),
                .init(name: "from", valueName: "WEEK", help: "The first week."),
                .init(name: "to", valueName: "WEEK", help: "The last week (default: the week in view)."),
                .init(name: "by", valueName: "day|week|month", help: "One PERIOD part by part."),
            ],
            arguments: [
                .init(
                    "period", valueName: "[PERIOD]", help: "With --by: a WEEK, a MONTH or a YEAR (default: in view).",
                    arity: .optional)
            ])
        let json: Bool
        let weeks: Int?
        let from: String?
        let to: String?
        let all: Bool
        let by: HistoryPeriod.Unit?
        let period: String?

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            by = try arguments.choice("by", as: HistoryPeriod.Unit.self)
            period = arguments.optionalWord("period")
            weeks = try arguments.intOption("weeks")
            from = arguments.option("from")
            to = arguments.option("to")
            all = arguments.flag("all")
            if by != nil, all || weeks != nil || from != nil || to != nil {
                throw arguments.usage("--by tells one PERIOD; leave out --all, --weeks, --from and --to")
            }
            if by == nil, let period {
                throw arguments.usage(
                    "\(CommandArguments.quoted(period)) needs --by: stats --by day WEEK, --by week MONTH, --by month YEAR"
                )
            }
            if all, weeks != nil || from != nil || to != nil {
                throw arguments.usage("--all takes the whole history; leave out --weeks, --from and --to")
            }
            if weeks != nil, from != nil {
                throw arguments.usage("give either --weeks or --from, not both")
            }
            if let weeks, !(1...10_000).contains(weeks) {
                throw arguments.usage("--weeks takes 1 to 10000, not \(weeks)")
            }
        }

        /// The weeks of --from and --to, when given.
        func parseWords(resolver: DayResolver) throws -> (from: ISOWeek?, to: ISOWeek?) {
            let last = try to.map { word throws in try resolver.requireWeek(word) }
            return (try from.map { word throws in try resolver.requireWeek(word) }, last)
        }

        func execute(in session: Session) throws {
            if let by {
                let period = try session.resolver().requirePeriod(period, by: by)
                let stats = try session.periodStats(period, by: by)
                if json {
                    try session.printJSON(ViewJSON.periods(stats))
                } else {
                    session.print(PeriodReport.render(stats, context: try session.renderContext()))
                }
                return
            }
            let range = try parseWords(resolver: session.resolver())
            let today = try session.now().date
            let (stats, streak) = try session.read { state -> (HistoryStats, Streak) in
                let first: ISOWeek
                let last: ISOWeek
                if all {
                    let stored = try state.storedWeeks()
                    guard let earliest = stored.first, let latest = stored.last else {
                        let weeks = try HistoryReading.weeks(
                            from: session.view.week, through: session.view.week.adding(weeks: -1), today: today,
                            in: state, narrowing: session.historyNarrowing)
                        return (weeks.stats, weeks.streak)
                    }
                    (first, last) = (earliest, latest)
                } else {
                    last = range.to ?? session.view.week
                    first = range.from ?? last.adding(weeks: 1 - (weeks ?? 12))
                    guard first <= last else {
                        throw CommandError.failed("--from \(first) comes after --to \(last); the range runs forward")
                    }
                }
                let weeks = try HistoryReading.weeks(
                    from: first, through: last, today: today, in: state, narrowing: session.historyNarrowing)
                return (weeks.stats, weeks.streak)
            }
            if json {
                try session.printJSON(ViewJSON.stats(stats, streak: streak))
            } else {
                session.print(StatsReport.render(stats, streak: streak, context: try session.renderContext()))
            }
        }
    }
}
