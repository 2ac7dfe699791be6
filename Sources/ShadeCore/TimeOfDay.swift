/// A wall-clock time of day with minute precision, `00:00` through `23:59` (and `24:00` as an end).
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since the start of the day, 0 through 1440.
    public let minutes: Int

    /// Creates a time from minutes since midnight; 1440 stands for the end of the day.
    public init?(minutes: Int) {
        guard (0...1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Creates a time from hours and minutes.
    public init?(hour: Int, minute: Int) {
        guard (0...24).contains(hour), (0...59).contains(minute), hour < 24 || minute == 0 else {
            return nil
        }
        self.minutes = hour * 60 + minute
    }

    /// Parses `HH:MM` or `H:MM` (24-hour clock; `24:00` only with `allowEndOfDay`).
    public init?(parsing text: some StringProtocol, allowEndOfDay: Bool = false) {
        let count = text.utf8.count
        guard (4...5).contains(count) else { return nil }
        let parts = Digits.withUTF8(of: text) { bytes -> (hour: Int, minute: Int)? in
            guard bytes[count - 3] == UInt8(ascii: ":"), let h = Digits.value(bytes, 0..<(count - 3)),
                let m = Digits.value(bytes, (count - 2)..<count)
            else { return nil }
            return (h, m)
        }
        guard let (h, m) = parts else { return nil }
        guard h < 24 || (allowEndOfDay && h == 24 && m == 0) else { return nil }
        self.init(hour: h, minute: m)
    }

    /// The end of the day, `24:00`.
    public static let endOfDay = TimeOfDay(uncheckedMinutes: 1440)
    /// Midnight at the start of the day, `00:00`.
    public static let midnight = TimeOfDay(uncheckedMinutes: 0)

    /// A time from minutes known to be in range.
    init(uncheckedMinutes minutes: Int) { self.minutes = minutes }

    /// `HH:MM`.
    public var description: String {
        Digits.fixedWidth((minutes / 60, 2), Digits.literal(":"), (minutes % 60, 2))
            ?? Digits.padded(minutes / 60, 2) + ":" + Digits.padded(minutes % 60, 2)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}
