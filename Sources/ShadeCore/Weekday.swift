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
    public var label: String { shortName.prefix(1).uppercased() + shortName.dropFirst() }

    /// Parses a full or three-letter weekday name, in any letter case.
    public init?(name text: String) {
        let lower = text.lowercased()
        guard let match = Weekday.allCases.first(where: { $0.name == lower || $0.shortName == lower })
        else { return nil }
        self = match
    }
}
