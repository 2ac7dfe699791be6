/// Completion across a run of weeks: each week's tally, the range's pooled tally, and which
/// slot and which weekday get finished best.
public struct HistoryStats: Hashable, Sendable {
    /// One week of the range.
    public struct WeekLine: Hashable, Sendable {
        /// The week.
        public let week: ISOWeek
        /// Its pooled tally (no rate when nothing counts).
        public let tally: Tally
        /// How many tasks first planned in it `carry` moved to a later week.
        public let carried: Int
    }

    /// Every week of the range in order, empty weeks included.
    public let weeks: [WeekLine]
    /// All the range's tasks pooled.
    public let total: Tally
    /// Pooled by slot over the range: morning, afternoon, evening.
    public let bySlot: [Tally]
    /// Pooled by weekday over the range: Monday first.
    public let byWeekday: [Tally]
    /// The tasks of the range's weeks carried out to a later week.
    public var carried: Int { weeks.reduce(0) { $0 + $1.carried } }

    /// Builds the statistics of the weeks from `first` through `last`; `cells` gives the cells of
    /// weeks that have any (the others count as empty).
    public init(from first: ISOWeek, through last: ISOWeek, cells: [ISOWeek: WeekCells]) {
        var accumulator = Accumulator()
        for (week, weekCells) in cells.sorted(by: { $0.key < $1.key }) where week >= first && week <= last {
            accumulator.add(week, weekCells)
        }
        self = accumulator.stats(from: first, through: last)
    }

    /// Collects weeks one at a time (in any order), so that years of history never need to be
    /// held at once.
    public struct Accumulator: Sendable {
        private var tallies: [ISOWeek: Tally] = [:]
        private var bySlot = Array(repeating: Tally(), count: 3)
        private var byWeekday = Array(repeating: Tally(), count: 7)
        private var carriedOut: [ISOWeek: Int] = [:]

        /// An empty accumulator.
        public init() {}

        /// Counts tasks carried out of earlier weeks into one (by the week each was first
        /// planned in); a week may be added this way whether or not it is in the range.
        public mutating func addCarried(_ carriedFrom: [ISOWeek: Int]) {
            for (week, count) in carriedFrom { carriedOut[week, default: 0] += count }
        }

        /// Counts one week's cells.
        public mutating func add(_ week: ISOWeek, _ cells: WeekCells) {
            var weekTally = Tally()
            for weekday in Weekday.allCases {
                for slot in Slot.allCases {
                    let cell = cells[weekday, slot]
                    weekTally.add(cell)
                    bySlot[slot.index].add(cell)
                    byWeekday[weekday.rawValue - 1].add(cell)
                }
            }
            tallies[week, default: Tally()].add(weekTally)
        }

        /// The statistics of the weeks from `first` through `last` (weeks not added count as
        /// empty; weeks added outside the range must not have been added).
        public func stats(from first: ISOWeek, through last: ISOWeek) -> HistoryStats {
            var weeks: [WeekLine] = []
            var total = Tally()
            var week = first
            while week <= last {
                let tally = tallies[week] ?? Tally()
                weeks.append(WeekLine(week: week, tally: tally, carried: carriedOut[week] ?? 0))
                total.add(tally)
                week = week.adding(weeks: 1)
            }
            return HistoryStats(weeks: weeks, total: total, bySlot: bySlot, byWeekday: byWeekday)
        }
    }

    private init(weeks: [WeekLine], total: Tally, bySlot: [Tally], byWeekday: [Tally]) {
        self.weeks = weeks
        self.total = total
        self.bySlot = bySlot
        self.byWeekday = byWeekday
    }

    /// The slot with the highest rate (the earliest on a tie), or nil when no slot has a rate.
    public var bestSlot: Slot? {
        HistoryStats.best(Slot.allCases) { bySlot[$0.index].rate }
    }

    /// The weekday with the highest rate (the earliest on a tie), or nil when none has a rate.
    public var bestWeekday: Weekday? {
        HistoryStats.best(Weekday.allCases) { byWeekday[$0.rawValue - 1].rate }
    }

    /// The element with the highest rate (the earliest on a tie), or nil when none has a rate.
    private static func best<Element>(_ elements: [Element], rate: (Element) -> Double?) -> Element? {
        var best: (element: Element, rate: Double)?
        for element in elements {
            guard let value = rate(element) else { continue }
            if value > best?.rate ?? -1 { best = (element, value) }
        }
        return best?.element
    }
}
