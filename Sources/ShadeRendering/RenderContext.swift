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

    /// Creates a context.
    public init(style: Style, now: Moment, schedule: SlotSchedule, width: Int = 80) {
        self.style = style
        self.now = now
        self.schedule = schedule
        self.width = max(40, width)
    }
}
