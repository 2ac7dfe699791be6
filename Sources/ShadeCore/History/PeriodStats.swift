/// A period told part by part (SPEC §9): per day of a week, per week of a month or per month of a
/// year, the tasks planned, done, open and cancelled, the rate, and the goals set and done.
public struct PeriodStats: Hashable, Sendable {
    /// One part of the period.
    public struct Line: Hashable, Sendable {
        /// The part: a day, a week or a month.
        public let period: HistoryPeriod
        /// Its tasks: done, open, cancelled; the rate pools them.
        public internal(set) var tally = Tally()
        /// The goals set for it (done, open and cancelled alike).
        public internal(set) var goals = 0
        /// Of those, the ones done.
        public internal(set) var goalsDone = 0

        /// Every task planned in it, cancelled ones included.
        public var planned: Int { tally.total }

        public init(period: HistoryPeriod, tally: Tally = Tally(), goals: Int = 0, goalsDone: Int = 0) {
            self.period = period
            self.tally = tally
            self.goals = goals
            self.goalsDone = goalsDone
        }

        mutating func add(_ other: Line) {
            tally.add(other.tally)
            goals += other.goals
            goalsDone += other.goalsDone
        }
    }

    /// The whole period.
    public let period: HistoryPeriod
    /// The unit of its parts.
    public let unit: HistoryPeriod.Unit
    /// Every part in order, empty ones included.
    public let lines: [Line]

    /// The parts pooled (for a month by weeks: its weeks, which may reach into the months around).
    public var total: Line {
        var result = Line(period: period)
        for line in lines { result.add(line) }
        return result
    }

    /// Collects weeks' tallies and goals one at a time, in any order, so that a year of history
    /// is counted from its summaries without holding its tasks.
    public struct Accumulator: Sendable {
        public let period: HistoryPeriod
        public let unit: HistoryPeriod.Unit
        private var lines: [Line]

        /// An accumulator for `period` by `unit`, or nil when the period does not break into that
        /// unit (`HistoryPeriod.parts(by:)`).
        public init?(period: HistoryPeriod, unit: HistoryPeriod.Unit) {
            guard let parts = period.parts(by: unit) else { return nil }
            self.period = period
            self.unit = unit
            lines = parts.map { Line(period: $0) }
        }

        /// The first and last ISO weeks whose days the parts cover: the weeks to visit.
        public var weeks: (first: ISOWeek, last: ISOWeek) {
            let ranges = lines.map(\.period.weeks)
            let first = ranges.map(\.first).min() ?? period.weeks.first
            let last = ranges.map(\.last).max() ?? period.weeks.last
            return (first, last)
        }

        /// Counts a week's weekday-by-slot tallies into the parts its days fall in.
        public mutating func add(_ week: ISOWeek, _ cells: WeekCells) {
            for weekday in Weekday.allCases {
                let date = week.date(of: weekday)
                guard let index = lines.firstIndex(where: { $0.period.contains(date) }) else { continue }
                for slot in Slot.allCases { lines[index].tally.add(cells[weekday, slot]) }
            }
        }

        /// Counts a goal into the part its day or week falls in.
        public mutating func add(_ goal: Goal) {
            guard let index = lines.firstIndex(where: { $0.period.contains(goal.period) }) else { return }
            lines[index].goals += 1
            if goal.status == .done { lines[index].goalsDone += 1 }
        }

        /// The statistics gathered.
        public func stats() -> PeriodStats { PeriodStats(period: period, unit: unit, lines: lines) }
    }
}
