/// The tallies of one week by weekday and slot: 7 × 3 cells, the unit of history summaries.
public struct WeekCells: Hashable, Sendable {
    /// Cells in order Monday morning, Monday afternoon, Monday evening, Tuesday morning, ….
    public private(set) var cells: [Tally]

    /// An empty week.
    public init() { cells = Array(repeating: Tally(), count: 21) }

    /// Counts tasks; tasks of other weeks are the caller's concern (all are counted by weekday).
    public init(_ tasks: some Sequence<PlannerTask>) {
        self.init()
        for task in tasks { cells[WeekCells.index(task.date.weekday, task.slot)].add(task.status) }
    }

    /// Rebuilds cells from their counts, 63 numbers: done, open, cancelled for each cell in order.
    public init?(counts: [Int]) {
        guard counts.count == 63, counts.allSatisfy({ $0 >= 0 }) else { return nil }
        self.init()
        for index in 0..<21 {
            cells[index] = Tally(done: counts[3 * index], open: counts[3 * index + 1], cancelled: counts[3 * index + 2])
        }
    }

    /// The 63 counts, done, open, cancelled for each cell in order.
    public var counts: [Int] { cells.flatMap { [$0.done, $0.open, $0.cancelled] } }

    static func index(_ weekday: Weekday, _ slot: Slot) -> Int { (weekday.rawValue - 1) * 3 + slot.index }

    /// One cell.
    public subscript(weekday: Weekday, slot: Slot) -> Tally { cells[WeekCells.index(weekday, slot)] }

    /// Counts one more task with a status in a cell.
    public mutating func add(_ status: TaskStatus, weekday: Weekday, slot: Slot) {
        cells[WeekCells.index(weekday, slot)].add(status)
    }

    /// These tallies and another week's, cell by cell.
    public func adding(_ other: WeekCells) -> WeekCells {
        var result = self
        for index in result.cells.indices { result.cells[index].add(other.cells[index]) }
        return result
    }

    /// The whole week, pooled.
    public var total: Tally {
        var result = Tally()
        for cell in cells { result.add(cell) }
        return result
    }
}
