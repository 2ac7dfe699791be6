import ShadeCore

extension Store {
    /// Numbers the inbox tasks the inbox index does not know and saves the numbers (the index and
    /// the shards of the ids; no change of the planner), taking `lock` exclusive: inbox tasks
    /// numbered for a read keep the ids just shown, as a week's do.
    func saveInboxNumbering(under lock: FileLock) throws {
        try lock.change(to: .exclusive)
        let commit = AtomicCommit(paths: paths)
        try recoverLocked()
        let state = StoreState(paths: paths)
        _ = try state.inboxTasks()
        guard state.inboxIndexChanged else { return }
        let files = try state.pendingFiles(label: nil, timestamp: "", author: "", createMeta: false)
        try commit.commit(try commit.stage(files), keepingCopies: false)
    }
}
