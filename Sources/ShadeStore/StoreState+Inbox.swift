import ShadeCore

/// The inbox (`inbox.json`), numbered from this copy's index (`ids/inbox.json`): an inbox task's
/// number is a task id, from the same count as the weeks' ids, so `mv ID DAY` plans it and the
/// task keeps its id. One this copy has not numbered yet (new, or come from another copy) gets
/// the next id; an entry is never dropped, so an id is never handed out twice.
extension StoreState {
    /// The tasks in the inbox, each with its number, in number order. An entry whose number this
    /// copy has filed in a week is not shown: it was planned here, and the planned task is the
    /// task (a merge may keep the inbox entry another copy changed meanwhile).
    public func inboxTasks() throws(StoreError) -> [InboxTask] {
        let records = try keyedRecords(of: InboxTask.kind).compactMap { $0.base as? InboxTask }
        guard !records.isEmpty else { return [] }
        let known = try inboxIndex()
        let unnumbered = records.filter { known[$0.uid] == nil }.sorted { ($0.created, $0.uid) < ($1.created, $1.uid) }
        for task in unnumbered { try numberInInbox(task) }
        let ids = try inboxIndex()
        var result: [InboxTask] = []
        for task in records {
            guard let id = ids[task.uid], try weekOfTask(id: id) == nil else { continue }
            result.append(task.numbered(id))
        }
        return result.sorted { $0.id < $1.id }
    }

    /// The inbox task with an id, or nil.
    public func inboxTask(id: Int) throws(StoreError) -> InboxTask? {
        guard id > 0, let uid = try inboxIndex().first(where: { $0.value == id })?.key else { return nil }
        return try inboxTasks().first { $0.uid == uid }
    }

    /// Numbers a task put in the inbox: one that has an id (a planned task taken back) keeps it,
    /// any other gets the next.
    func numberInInbox(_ task: InboxTask) throws(StoreError) {
        guard try inboxIndex()[task.uid] == nil else { return }
        let id = task.id > 0 ? task.id : try allocateID()
        // The id is taken in its shard (pointing at no week), so the count goes past it.
        if try weekOfTask(id: id) == nil { try setWeek(nil, forID: id) }
        inboxIDs?[task.uid] = id
        inboxIndexChanged = true
    }

    /// The id this copy gave an inbox entry with this uid, when it is not filed in a week: a task
    /// planned on another copy keeps here the id it had in this copy's inbox.
    func inboxID(of uid: String) throws(StoreError) -> Int? {
        guard let id = try inboxIndex()[uid], try weekOfTask(id: id) == nil else { return nil }
        return id
    }

    /// The index as read (or as numbered since).
    func inboxIndex() throws(StoreError) -> [String: Int] {
        if let inboxIDs { return inboxIDs }
        let ids = try localIDs(in: .inboxIndex)
        inboxIDs = ids
        return ids
    }

    /// The index file to write in this step, when an inbox task was numbered.
    func pendingInboxIndex() throws(StoreError) -> [UInt8]? {
        if dirtyCollections.contains(InboxTask.kind) { _ = try inboxTasks() }
        guard inboxIndexChanged, let inboxIDs else { return nil }
        return try serialise(InboxIndexDocument.encode(inboxIDs))
    }
}
