import ShadeCore

/// Goals, numbered from this copy's index (`ids/goals.json`): a goal keeps its number for good;
/// one this copy has not numbered yet (new, or come from another copy) gets the next one.
extension StoreState {
    /// The goals, each with its number, in number order.
    public func goals() throws(StoreError) -> [Goal] {
        let records = try keyedRecords(of: Goal.kind).compactMap { $0.base as? Goal }
        guard !records.isEmpty else { return [] }
        var ids = try goalIndex()
        let unnumbered = records.filter { ids[$0.uid] == nil }.sorted { ($0.created, $0.uid) < ($1.created, $1.uid) }
        if !unnumbered.isEmpty {
            var next = (ids.values.max() ?? 0) + 1
            for goal in unnumbered {
                ids[goal.uid] = next
                next += 1
            }
            goalIDs = ids
            goalIndexChanged = true
        }
        return records.map { $0.numbered(ids[$0.uid] ?? 0) }.sorted { $0.number < $1.number }
    }

    /// The index as read (or as numbered since).
    func goalIndex() throws(StoreError) -> [String: Int] {
        if let goalIDs { return goalIDs }
        let ids = try localIDs(in: .goalIndex)
        goalIDs = ids
        return ids
    }

    /// A copy's own numbers of records by uid (`ids/goals.json`, `ids/inbox.json`), as its file
    /// holds them; none without a file.
    func localIDs(in kind: StoreFileKind) throws(StoreError) -> [String: Int] {
        let file = paths.absolute(kind.relativePath)
        guard let bytes = try FileSystem.read(file) else { return [:] }
        switch try kind.decode(bytes, file: file) {
        case .goalIndex(let ids), .inboxIndex(let ids): return ids
        default: return [:]
        }
    }

    /// The index file to write in this step, when goals changed and one was numbered.
    func pendingGoalIndex() throws(StoreError) -> [UInt8]? {
        if dirtyCollections.contains(Goal.kind) { _ = try goals() }
        guard goalIndexChanged, let goalIDs else { return nil }
        return try serialise(GoalIndexDocument.encode(goalIDs))
    }
}
