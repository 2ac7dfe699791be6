/// A streak: consecutive days up to today whose rate is 1 (every task that counts done). A day
/// with no task that counts (none, or all cancelled) neither breaks nor extends it; today counts
/// once it is complete, and while it is not it breaks nothing yet.
public struct Streak: Hashable, Sendable {
    /// The streak running up to today.
    public let current: Int
    /// The longest streak in the history.
    public let best: Int

    /// A streak of these lengths.
    public init(current: Int, best: Int) {
        self.current = current
        self.best = best
    }

    /// Counts streaks from days given in date order.
    public struct Counter: Sendable {
        /// The last day that counts.
        public let today: CivilDate
        private var run = 0
        private var best = 0
        private var last: CivilDate?

        /// A counter for the days up to `today` (later days are ignored).
        public init(today: CivilDate) { self.today = today }

        /// Counts one day's tally; days must come in date order, each once.
        public mutating func add(_ date: CivilDate, _ tally: Tally) {
            guard date <= today, last.map({ $0 < date }) ?? true, let rate = tally.rate else { return }
            last = date
            if rate == 1 {
                run += 1
                best = max(best, run)
            } else if date < today {
                run = 0
            }
        }

        /// Counts the days of a week's cells, Monday first.
        public mutating func add(_ week: ISOWeek, _ cells: WeekCells) {
            for (offset, date) in week.days.enumerated() {
                guard let weekday = Weekday(rawValue: offset + 1) else { continue }
                var day = Tally()
                for slot in Slot.allCases { day.add(cells[weekday, slot]) }
                add(date, day)
            }
        }

        /// The streaks counted.
        public var streak: Streak { Streak(current: run, best: best) }
    }

    /// Counts the streak running up to today, from today backwards, a day at a time, until the
    /// first day that breaks it: what it costs is the streak's length, not the history's.
    public struct BackwardCounter: Sendable {
        /// The last day that counts.
        public let today: CivilDate
        /// The days counted so far.
        public private(set) var run = 0
        /// Whether a day broke the streak (no earlier day can count).
        public private(set) var ended = false

        /// A counter starting at `today` (later days are ignored).
        public init(today: CivilDate) { self.today = today }

        /// Counts one day; days must come newest first.
        public mutating func add(_ date: CivilDate, _ tally: Tally) {
            guard !ended, date <= today, let rate = tally.rate else { return }
            if rate == 1 {
                run += 1
            } else if date < today {
                ended = true
            }
        }

        /// Counts the days of a week's cells, Sunday first.
        public mutating func add(_ week: ISOWeek, _ cells: WeekCells) {
            for (offset, date) in week.days.enumerated().reversed() {
                guard let weekday = Weekday(rawValue: offset + 1) else { continue }
                var day = Tally()
                for slot in Slot.allCases { day.add(cells[weekday, slot]) }
                add(date, day)
            }
        }
    }
}
