/// A task's reminders (SPEC §7, §16): one to five `remind:` rules, written as one word with commas
/// (`remind:1d,15m`). Each goes off at its own moment and is sent once.
public struct Reminders: Hashable, Sendable, CustomStringConvertible {
    /// The most reminders a task may have.
    public static let most = 5

    /// The rules, in the order written, without repeats.
    public let rules: [Reminder]

    /// Reminders of these rules (repeats dropped); nil when there are none or more than `most`.
    public init?(_ rules: [Reminder]) {
        var kept: [Reminder] = []
        for rule in rules where !kept.contains(rule) { kept.append(rule) }
        guard !kept.isEmpty, kept.count <= Reminders.most else { return nil }
        self.rules = kept
    }

    /// One reminder.
    public init(_ rule: Reminder) { rules = [rule] }

    /// Parses `15m`, `1d,15m`, `07:45,slot`: each part a WHEN that `Reminder` reads, at most five.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= Reminders.most else { return nil }
        var rules: [Reminder] = []
        for part in parts {
            guard let rule = Reminder(parsing: part) else { return nil }
            rules.append(rule)
        }
        self.init(rules)
    }

    /// How many parts `text` has: to say that a sixth reminder is one too many.
    public static func partCount(_ text: some StringProtocol) -> Int {
        text.split(separator: ",", omittingEmptySubsequences: false).count
    }

    /// The rules as `remind:` takes them back: `1d,15m`.
    public var description: String { rules.map(\.description).joined(separator: ",") }

    /// How a view says them: `1 d before, 15 min before`.
    public var phrase: String { rules.map(\.phrase).joined(separator: ", ") }
}
