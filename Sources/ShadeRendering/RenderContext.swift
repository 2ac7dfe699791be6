import ShadeCore

/// What every text view needs to know besides its data.
public struct RenderContext: Sendable {
    /// Escape codes on or off.
    public let style: Style
    /// The clock, for overdue marks and the current slot.
    public let now: Moment
    /// The slot boundaries.
    public let schedule: SlotSchedule
    /// The terminal width in columns.
    public let width: Int
    /// Each category's colour, by name.
    public let categoryColors: [String: TaskColor]
    /// The repeat series, by uid (for what an occurrence's `repeat` is).
    public let series: [String: RepeatSeries]
    /// How many open tasks each slot holds before it is over-full.
    public let capacity: SlotCapacity
    /// The goals, by uid (for the goal a task counts towards).
    public let goals: [String: Goal]

    /// Creates a context.
    public init(
        style: Style, now: Moment, schedule: SlotSchedule, width: Int = 80, categoryColors: [String: TaskColor] = [:],
        series: [String: RepeatSeries] = [:], capacity: SlotCapacity = SlotCapacity(),
        goals: [String: Goal] = [:]
    ) {
        self.capacity = capacity
        self.goals = goals
        self.series = series
        self.style = style
        self.now = now
        self.schedule = schedule
        self.width = max(40, width)
        self.categoryColors = categoryColors
    }

    /// The goal a task counts towards, when it is one there is.
    public func goal(of task: PlannerTask) -> Goal? { task.goal.flatMap { goals[$0] } }

    /// The colour a task shows in: its own, else its category's.
    public func color(of task: PlannerTask) -> TaskColor? {
        task.color ?? task.category.flatMap { categoryColors[$0] }
    }
}
