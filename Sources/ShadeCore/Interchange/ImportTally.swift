/// What an import did, as its view tells it: how many tasks were added, updated and left (and,
/// when asked for, their uids in the file's order), and the keyed records added and updated. A
/// large import, which merges a week at a time, keeps this rather than every change.
public struct ImportTally: Sendable {
    public var added = 0
    public var updated = 0
    public var left = 0
    /// The uids, when they are listed (`import --json`).
    public var addedUIDs: [String] = []
    public var updatedUIDs: [String] = []
    public var leftUIDs: [String] = []
    public var recordsAdded: [RecordKind: Int] = [:]
    public var recordsUpdated: [RecordKind: Int] = [:]
    /// Whether anything changed.
    public var changed = false

    public init() {}

    /// Adds what one merge did; with `listing`, its uids too (taken in the order given).
    public mutating func add(_ outcome: ImportOperations.Outcome, listing: Bool) {
        added += outcome.added.count
        updated += outcome.updated.count
        left += outcome.left.count
        if listing {
            addedUIDs += outcome.added
            updatedUIDs += outcome.updated
            leftUIDs += outcome.left
        }
        recordsAdded.merge(outcome.recordsAdded, uniquingKeysWith: +)
        recordsUpdated.merge(outcome.recordsUpdated, uniquingKeysWith: +)
        changed = changed || !outcome.isEmpty
    }
}

extension ImportOperations.Outcome {
    /// The outcome as its view tells it, uids listed.
    public var tally: ImportTally {
        var tally = ImportTally()
        tally.add(self, listing: true)
        return tally
    }
}
