/// An ISO weekday: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The full lowercase English name, `monday`.
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// The three-letter lowercase name, `mon`.
    public var shortName: String { String(name.prefix(3)) }

    /// The three-letter capitalised name, `Mon`.
    public var label: String {
        switch self {
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        case .sunday: "Sun"
        }
    }

    /// Parses a full or three-letter weekday name, in any letter case.
    public init?(name text: String) {
        // "wednesday" is the longest; a longer word is no weekday, and need not be lowercased.
        guard (3...9).contains(text.utf8.count) else { return nil }
        switch text.lowercased() {
        case "monday", "mon": self = .monday
        case "tuesday", "tue": self = .tuesday
        case "wednesday", "wed": self = .wednesday
        case "thursday", "thu": self = .thursday
        case "friday", "fri": self = .friday
        case "saturday", "sat": self = .saturday
        case "sunday", "sun": self = .sunday
        default: return nil
        }
    }
}
