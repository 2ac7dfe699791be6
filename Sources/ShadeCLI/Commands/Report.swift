import ShadeCore
import ShadeHost
import ShadeReport
import ShadeStore

extension Shade {
    /// `report --html FILE`: a page of the weeks' history to open in a browser.
    struct Report: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "report", abstract: "Write a page of your history (rates, charts, goals) to open in a browser.",
            discussion: """
                One self-contained HTML file (inline SVG and CSS, no script, nothing fetched): \
                the weeks' grid of rates, the rate per week, planned and done per month, rates \
                by slot and by weekday, the goals and the streaks; light or dark as your system \
                is. Its figures are those of stats --from --to (and stats --by month for the \
                months). Default: up to 26 weeks, from the first week with tasks to the week in \
                view. The file is written whole or not at all, readable by you alone, over a \
                regular file or a new one only (never a FIFO, a device or a directory); - prints \
                the page instead.

                Examples:
                  report --html week.html
                  report --html q4.html --from 2026-W40 --to 2026-W52
                  report --html - --from last
                """,
            options: [
                .init(name: "html", valueName: "FILE", help: "The page to write (- for standard output)."),
                .init(name: "from", valueName: "WEEK", help: "The first week."),
                .init(name: "to", valueName: "WEEK", help: "The last week (default: the week in view)."),
            ])
        let file: String
        let from: String?
        let to: String?

        init(_ arguments: CommandArguments) throws(CommandError) {
            guard let file = arguments.option("html"), !file.isEmpty else {
                throw arguments.usage("report writes a page: report --html FILE (- prints it)")
            }
            self.file = file
            from = arguments.option("from")
            to = arguments.option("to")
        }

        func execute(in session: Session) throws {
            let resolver = try session.resolver()
            let today = try session.now().date
            let named = (
                from: try from.map { word throws in try resolver.requireWeek(word) },
                to: try to.map { word throws in try resolver.requireWeek(word) }
            )
            let report = try session.read { state -> ProgressReport in
                let last = named.to ?? session.view.week
                let first =
                    try named.from ?? max(min(try state.firstStoredWeek() ?? last, last), last.adding(weeks: -25))
                guard first <= last else {
                    throw CommandError.failed("--from \(first) comes after --to \(last); the range runs forward")
                }
                let weeks = try HistoryReading.weeks(
                    from: first, through: last, today: today, in: state, narrowing: session.historyNarrowing,
                    keepingCells: true)
                var months: [PeriodStats.Line] = []
                let wanted = ProgressReport.months(from: first, through: last)
                for year in Set(wanted.map(\.year)).sorted() {
                    let stats = try HistoryReading.stats(
                        .year(year), by: .month, in: state, narrowing: session.historyNarrowing)
                    months += stats.lines.filter { line in
                        if case .month(let month) = line.period { return wanted.contains(month) }
                        return false
                    }
                }
                let goals = try state.goals().filter {
                    $0.period.lastDay >= first.monday && $0.period.firstDay <= last.sunday
                }
                return ProgressReport(
                    stats: weeks.stats, cells: weeks.cells, months: months, goals: goals,
                    goalTasks: try state.tasks(ofGoals: Set(goals.map(\.uid))), streak: weeks.streak, today: today)
            }
            let html = ReportPage.html(report)
            if file == "-" {
                session.print(SafeText(escaping: html, keepingLineBreaks: true))
                return
            }
            try UserFile.write(html + "\n", to: file)
            let range = ReportPage.rangeText(report)
            session.print("wrote \(SafeText(escaping: file)) · \(range) · \(report.stats.weeks.count) weeks")
        }
    }
}
