/// What became of the reminders already settled on this copy of the planner: each sent or
/// missed, by the task's uid and the moment it was due. A reminder in the ledger is never sent
/// again; moving a task or changing its reminder gives it a new moment, and so a new reminder.
public struct ReminderLedger: Hashable, Sendable {
    /// What became of a reminder.
    public enum Outcome: String, Sendable, CaseIterable {
        /// Delivered by the notification command.
        case sent
        /// Found more than `ReminderAgenda.lateLimit` minutes late: never sent.
        case missed
    }

    /// One settled reminder.
    public struct Entry: Hashable, Sendable {
        public let uid: String
        public let due: LocalDateTime
        public let outcome: Outcome
        /// When it was settled (ISO-8601 timestamp).
        public let settled: String

        public init(uid: String, due: LocalDateTime, outcome: Outcome, settled: String) {
            self.uid = uid
            self.due = due
            self.outcome = outcome
            self.settled = settled
        }
    }

    private struct Key: Hashable {
        let uid: String
        let due: LocalDateTime
    }

    private var byKey: [Key: Entry]

    /// A ledger of these entries (a later entry for the same reminder wins).
    public init(_ entries: [Entry] = []) {
        byKey = [:]
        for entry in entries { byKey[Key(uid: entry.uid, due: entry.due)] = entry }
    }

    /// The entries, by due moment, then uid.
    public var entries: [Entry] {
        byKey.values.sorted { ($0.due, $0.uid) < ($1.due, $1.uid) }
    }

    /// What became of the reminder of task `uid` due at `due`, if it was settled.
    public func entry(uid: String, due: LocalDateTime) -> Entry? { byKey[Key(uid: uid, due: due)] }

    /// Records what became of a reminder.
    public mutating func record(_ entry: Entry) { byKey[Key(uid: entry.uid, due: entry.due)] = entry }

    /// The ledger without the entries due before `cutoff` (which no run looks at again).
    public func keeping(dueFrom cutoff: LocalDateTime) -> ReminderLedger {
        ReminderLedger(byKey.values.filter { $0.due >= cutoff })
    }
}
