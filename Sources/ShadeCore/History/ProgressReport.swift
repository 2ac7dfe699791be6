/// What `report --html` shows of a run of weeks (SPEC §9): every figure of the page, computed
/// here so that the page only draws them.
public struct ProgressReport: Hashable, Sendable {
    /// A goal of the range with its tasks' tally.
    public struct GoalLine: Hashable, Sendable {
        public let goal: Goal
        public let tally: Tally
    }

    /// The weeks, from the first through the last, with their statistics (as `stats --from
    /// --to` gives them).
    public let stats: HistoryStats
    /// Each week's weekday-by-slot tallies (weeks with none are absent).
    public let cells: [ISOWeek: WeekCells]
    /// The calendar months the weeks touch, each counted whole (as `stats --by month` gives them).
    public let months: [PeriodStats.Line]
    /// The goals set for a day or a week of the range, in date order.
    public let goals: [GoalLine]
    /// Days in a row with every task done, up to today, and the best run.
    public let streak: Streak
    /// The day the report was made for.
    public let today: CivilDate

    public init(
        stats: HistoryStats, cells: [ISOWeek: WeekCells], months: [PeriodStats.Line], goals: [Goal],
        goalTasks: [PlannerTask], streak: Streak, today: CivilDate
    ) {
        self.stats = stats
        self.cells = cells
        self.months = months
        self.streak = streak
        self.today = today
        let first = stats.weeks.first?.week.monday ?? today
        let last = stats.weeks.last?.week.sunday ?? today
        let byGoal = Dictionary(grouping: goalTasks.filter { $0.goal != nil }) { $0.goal ?? "" }
        self.goals =
            goals
            .filter { $0.period.lastDay >= first && $0.period.firstDay <= last }
            .sorted { ($0.period.firstDay, $0.number) < ($1.period.firstDay, $1.number) }
            .map { GoalLine(goal: $0, tally: Tally(byGoal[$0.uid] ?? [])) }
    }

    /// The first and last week.
    public var first: ISOWeek? { stats.weeks.first?.week }
    public var last: ISOWeek? { stats.weeks.last?.week }

    /// One day's tally (of a week in the range, or empty).
    public func tally(_ date: CivilDate) -> Tally {
        guard let week = cells[date.isoWeek] else { return Tally() }
        var tally = Tally()
        for slot in Slot.allCases { tally.add(week[date.weekday, slot]) }
        return tally
    }

    /// The months the weeks from `first` through `last` touch, in order.
    public static func months(from first: ISOWeek, through last: ISOWeek) -> [CalendarMonth] {
        var month = CalendarMonth(first.monday)
        let end = CalendarMonth(last.sunday)
        var result: [CalendarMonth] = []
        while month <= end {
            result.append(month)
            month = month.adding(months: 1)
        }
        return result
    }
}
