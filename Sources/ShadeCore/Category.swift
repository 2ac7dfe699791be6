/// A category tasks are filed under, with the colour its tasks show in (a task's own colour wins).
public struct Category: Hashable, Sendable {
    /// The lowercase name.
    public let name: String
    /// The colour, if any.
    public var color: TaskColor?
    /// When each field was last changed, and by whom (a category of an earlier format has an
    /// empty stamp: older than any change).
    public var stamps: FieldStamps

    /// Creates a category.
    public init(
        name: String, color: TaskColor? = nil, stamps: FieldStamps = FieldStamps(made: FieldStamp(at: "", by: ""))
    ) {
        self.name = name
        self.color = color
        self.stamps = stamps
    }

    /// The colour a new category gets: the first of the palette no category uses yet, else the
    /// one used least.
    public static func nextColor(after existing: [Category]) -> TaskColor {
        let used = existing.compactMap(\.color)
        var best = TaskColor.allCases[0]
        var fewest = Int.max
        for color in TaskColor.allCases {
            let uses = used.filter { $0 == color }.count
            if uses < fewest { (best, fewest) = (color, uses) }
        }
        return best
    }
}
