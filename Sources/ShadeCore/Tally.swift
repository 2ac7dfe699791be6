/// Counts of done, open and cancelled tasks, and the completion rate they give.
public struct Tally: Hashable, Sendable {
    /// Tasks done.
    public var done = 0
    /// Tasks still open.
    public var open = 0
    /// Tasks cancelled; they count in no rate.
    public var cancelled = 0

    /// An empty tally.
    public init() {}

    /// A tally with these counts.
    public init(done: Int, open: Int, cancelled: Int) {
        self.done = done
        self.open = open
        self.cancelled = cancelled
    }

    /// Counts a collection of tasks.
    public init(_ tasks: some Sequence<PlannerTask>) {
        for task in tasks { add(task.status) }
    }

    /// Counts one more task with the given status.
    public mutating func add(_ status: TaskStatus) {
        switch status {
        case .open: open += 1
        case .done: done += 1
        case .cancelled: cancelled += 1
        }
    }

    /// Adds another tally's counts to this one (the pooled rate, not an average of rates).
    public mutating func add(_ other: Tally) {
        done += other.done
        open += other.open
        cancelled += other.cancelled
    }

    /// done ÷ (done + open), or nil when nothing counts.
    public var rate: Double? {
        let counted = done + open
        return counted == 0 ? nil : Double(done) / Double(counted)
    }

    /// Every task counted, cancelled included.
    public var total: Int { done + open + cancelled }
}
