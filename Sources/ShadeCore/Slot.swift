/// One of the three parts of a day every task lives in.
public enum Slot: String, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    public var description: String { rawValue }

    case morning, afternoon, evening

    /// Parses `morning`/`afternoon`/`evening` or `m`/`a`/`e`, in any letter case.
    public init?(name text: String) {
        guard text.utf8.count <= 9 else { return nil }
        switch text.lowercased() {
        case "morning", "m": self = .morning
        case "afternoon", "a": self = .afternoon
        case "evening", "e": self = .evening
        default: return nil
        }
    }

    /// The position of the slot in the day, 0 for morning.
    public var index: Int {
        switch self {
        case .morning: 0
        case .afternoon: 1
        case .evening: 2
        }
    }

    /// The slot with the given position, 0 for morning.
    public static func at(index: Int) -> Slot? {
        allCases.indices.contains(index) ? allCases[index] : nil
    }

    public static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.index < rhs.index }
}
