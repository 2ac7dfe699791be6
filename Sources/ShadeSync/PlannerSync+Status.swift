import ShadeCore
import ShadeStore

/// How this copy's sync stands (`sync status`), and the switch of its background sync.
extension PlannerSync {
    /// What `sync status` shows.
    public struct Status: Equatable, Sendable {
        /// The remote's URL, its secrets hidden; nil when the planner is not shared or has none.
        public var remote: String?
        /// Auto on or off, the last sync and the last error.
        public var state: SyncState
        /// The changes made here that no sync has sent yet.
        public var pending: Int
    }

    /// How this copy's sync stands: the sync state, the remote (one git process, for a shared
    /// planner), and the changes of the change log made here since the last sync that went
    /// through.
    public func status() throws -> Status {
        let state = try SyncState.read(in: store.directory)
        let remote = git.exists ? try git.settings().remote.map(RemoteAddress.redacted) : nil
        var pending = try pendingChanges(after: state.sentThrough)
        // A change the log no longer tells apart (one taken back while a sync was sending) still
        // waits when git has planner changes not committed, or commits not sent.
        if pending == 0, remote != nil, try hasUnsent() { pending = 1 }
        return Status(remote: remote, state: state, pending: pending)
    }

    /// Whether git holds something of the planner the remote does not: a planner file changed
    /// since the last commit, or commits the fetched branch does not hold.
    func hasUnsent() throws -> Bool {
        let status = try git.status()
        if !status.staged.isEmpty || status.changed.contains(where: { SharedPlannerFiles.role(of: $0) != nil }) {
            return true
        }
        guard let head = status.head else { return false }
        guard let theirs = try git.commit(Self.trackingRef) else { return true }
        guard theirs != head else { return false }
        return try git.mergeBase(head, theirs) != head
    }

    /// The changes of the change log made here after entry `sentThrough` (all of them when the
    /// log was started anew since).
    func pendingChanges(after sentThrough: Int) throws -> Int {
        guard try store.exists else { return 0 }
        return try store.read { state in
            let since = try state.changesMadeHere(after: sentThrough)
            return since.newest < sentThrough ? try state.changesMadeHere(after: 0).count : since.count
        }
    }

    /// Whether the planner is shared through git or linked to a CalDAV task list.
    public func hasSomethingToSyncWith() throws -> Bool {
        try git.exists || CalDAVState.read(in: store.directory) != nil
    }

    /// Turns the background sync on or off; a planner must be shared, or linked to a task list,
    /// to turn it on.
    public func setAuto(_ on: Bool) throws {
        if on, !(try hasSomethingToSyncWith()) { throw SyncError.nothingToSyncWith }
        try SyncState.update(in: store.directory) { $0.auto = on }
    }
}
