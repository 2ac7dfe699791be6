import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeStore

/// Sharing a planner through git (SPEC §11): the store is a repository, a shared repository (a
/// bare one on a server, a USB stick, a directory) is the meeting point, and each copy's commits
/// are its offline edits. Git moves the files; shade's merge driver (`StoreFileMerge`) merges
/// two versions of a planner file record by record and field by field.
///
/// Nothing another copy sends is trusted (SPEC §14): a sync fetches, passes the fetched commit
/// through the `ArrivalGate`, and only then merges; it stages only the files of shared kinds
/// and checks what it is about to commit; git's rules are shade's own (`.git/info`), whatever
/// the remote's `.gitignore` and `.gitattributes` say. It prints nothing: it returns what it did
/// or throws `SyncError`.
public struct PlannerSync {
    let store: Store
    var git: GitRepository
    let now: Moment
    /// The planner's user, given git's own `user.name` and `user.email` when they were read
    /// already (an empty dictionary when they were not: then they are asked for if needed).
    let identity: (_ gitSettings: [String: String?]) -> (name: String, email: String?)
    /// Adds this copy's user to the planner's members (a change of its own, made before the lock
    /// is held for the sync).
    let registerUser: () throws -> Void
    /// How many days a removal stays in the files before a sync may drop it (SPEC §15).
    let keepRemovalsDays: Int

    /// The branch every copy shares.
    static let branch = "main"
    /// Where the fetched shared branch is kept, named in full: a short name (`origin/main`) is
    /// looked up among tags first, and a remote can send a tag of that name.
    static let trackingRef = "refs/remotes/origin/" + branch

    /// How many times a sync fetches and merges again when another copy pushed in between.
    static let attempts = 5

    /// What routes every shared JSON file through shade's merge driver, and keeps git from
    /// converting or filtering anything. Written to the work tree (it travels, for a plain
    /// `git pull`) and to `.git/info/attributes`, which wins over any `.gitattributes`.
    static let attributes = """
        # Planner files are merged by shade, record by record and field by field (shade sync init
        # sets merge.shade.driver in this copy's .git/config). Written by shade.
        * -filter -text -ident -working-tree-encoding
        *.json merge=shade
        /.gitignore merge=union
        /.gitattributes merge=union

        """

    /// A sync of the planner in `store`, as `identity` says who the user is (given git's
    /// `user.name` and `user.email` when the sync read them with its other settings), at `now`;
    /// git runs with `environment`.
    public init(
        store: Store, identity: @escaping (_ gitSettings: [String: String?]) -> (name: String, email: String?),
        environment: [String: String], now: Moment, registerUser: @escaping () throws -> Void,
        keepRemovalsDays: Int = 90
    ) {
        self.store = store
        self.now = now
        self.keepRemovalsDays = keepRemovalsDays
        self.identity = identity
        self.registerUser = registerUser
        git = GitRepository(root: store.directory, name: "", email: "", environment: environment)
        // What git writes into the store is private to the user, as the store is (SPEC §11).
        umask(0o077)
    }

    /// The gate every fetched commit passes.
    var gate: ArrivalGate { ArrivalGate(git: git) }

    /// The command git runs to merge a planner file: this program, in the store (git runs it in
    /// the work tree's root).
    static var driverCommand: String {
        let path = ExecutablePath.current ?? "shade"
        return "'" + path.replacing("'", with: "'\\''") + "' --store . merge-driver %O %A %B %P"
    }

    // MARK: - sync init

    /// The records that differ between two commits (the first nil: every record of the second).
    func deltas(from old: String?, to new: String) throws -> [StoreFileMerge.RecordDelta] {
        // Each side's versions of the changed planner files (no other file holds records) read
        // in one process.
        let paths = try git.changedFiles(from: old, to: new).filter { SharedPlannerFiles.role(of: $0) == .planner }
        guard !paths.isEmpty else { return [] }
        let before = try old.map { commit throws(SyncError) in try git.files(paths, at: commit) }
        let after = try git.files(paths, at: new)
        var result: [StoreFileMerge.RecordDelta] = []
        for (index, path) in paths.enumerated() {
            result += StoreFileMerge.deltas(path: path, old: before?[index] ?? [], new: after[index])
        }
        return result
    }

    // MARK: - sync

    /// What `sync` did.
    public struct Report: Sendable {
        public var sent: [StoreFileMerge.RecordDelta] = []
        public var received: [StoreFileMerge.RecordDelta] = []
        public var conflicts = 0
        /// The remote, its secrets hidden.
        public var remote = ""
        /// The newest entry of the change log when the sync committed: what it sent.
        var sentThrough = 0
    }

    /// Whether the planner is shared (its store a repository: `sync init` was run).
    public var isShared: Bool { git.exists }

    /// How long each git command may take, in seconds (a background sync gives up sooner, so
    /// that its failure shows while the change is fresh).
    public func limitingGit(to seconds: Int) -> PlannerSync {
        var sync = self
        sync.git.timeLimit = seconds
        return sync
    }

    /// Commits this copy's changes, fetches, passes what arrived through the gate, merges and
    /// pushes, again when another copy pushed in between (a bounded number of times). How it went
    /// is noted in the copy's sync state (`sync status`).
    public func run() throws -> Report {
        guard git.exists else {
            throw SyncError.failed(
                "this planner is not shared yet; 'sync init' shares it, 'sync init REMOTE' joins one")
        }
        // How it went is noted while no other sync can note its own.
        return try store.oneSyncAtATime {
            do {
                let report = try runShared()
                try noteSynced(through: report.sentThrough)
                return report
            } catch {
                noteFailure(error)
                throw error
            }
        }
    }

    private func runShared() throws -> Report {
        // One read of the repository's settings: the remote, the merge driver, and git's
        // identity (so that finding out who the user is starts no git of its own).
        let settings = try git.settings()
        guard let remote = settings.remote else {
            throw SyncError.failed(
                "this planner has no remote to sync with; 'sync init REMOTE' joins one (a bare git repository)")
        }
        var sync = self
        sync.git.remoteURL = remote
        sync.adoptIdentity(["user.name": settings.userName, "user.email": settings.userEmail])
        return try sync.syncing(with: remote, driver: settings.driver)
    }

    /// Notes a sync that went through: when, and the newest change of the change log it sent.
    func noteSynced(through newest: Int) throws {
        try SyncState.update(in: store.directory) { state in
            state.lastSync = now.timestamp
            state.lastError = nil
            state.failures = 0
            state.sentThrough = newest
        }
    }

    /// Notes what a sync that failed said (best effort: the failure itself is what is reported).
    func noteFailure(_ error: any Error) {
        _ = try? SyncState.update(in: store.directory) { state in
            state.lastError = SyncError.describing(error)
            state.failures += 1
        }
    }

    /// Commits as the planner's user.
    mutating func adoptIdentity(_ gitSettings: [String: String?]) {
        let user = identity(gitSettings)
        git.name = user.name
        git.email = user.email ?? ""
    }

    /// Where a sync stands between its network steps.
    private struct Step {
        var head: String?
        var theirs: String?
        var local: Committed?
        var upstream: String?
        var newest = 0
    }

    // A sync with nothing to do starts four git processes (SPEC §17): the settings above,
    // `git status` (which also names HEAD), the fetch, and reading the fetched branch.
    //
    // The network is waited for without the store's lock (fetch, then push): only committing,
    // the gate and the merge hold it. A change saved in between stays in the work tree until
    // the next attempt or sync commits it.
    private func syncing(with remote: String, driver: String?) throws -> Report {
        try registerUser()
        let conflictsBefore = try ConflictLog.entries(in: store.directory).count
        var report = Report(remote: RemoteAddress.redacted(remote))
        // Where this copy was before its first commit of this sync, when that is a commit it
        // made (or checked) itself: not one a plain `git pull` or a commit by hand left, which
        // the gate has not seen.
        var start: String?? = nil
        var local: Committed?
        for attempt in 1...Self.attempts {
            // Fetching touches no file of the work tree: it works whatever the last fetch
            // brought, so a copy can always receive a mended remote.
            try fetch(remote)
            let step = try store.exclusively { locked -> Step in
                if attempt == 1 {
                    try locked.checkpoint()
                    try configureRepository(always: false, driver: driver)
                    try writeRules()
                }
                var status = try git.status()
                if try settle(locked: locked, to: status.head) { status = try git.status() }
                if start == nil {
                    start = .some(try status.head.flatMap { head in try checkedCommit() == head ? head : nil })
                }
                var step = Step(upstream: status.upstream)
                let committed = try commitLocal(message: nil, status: status)
                // A later attempt that finds nothing new to commit keeps what the first made.
                if committed.made == nil, let earlier = local, earlier.head == committed.head {
                    step.local = earlier
                } else {
                    step.local = committed
                }
                step.head = committed.head
                let theirs = try git.commit(Self.trackingRef)
                step.theirs = theirs
                // Nothing arrived when the shared branch is where this copy is, or where it was
                // before this sync's own commit (which is built on it), a commit of its own: its
                // files are the ones this copy made, and merging it would change nothing.
                if let theirs, theirs != step.head, theirs != start ?? nil {
                    try gate.inspect(theirs, against: step.head)
                    let merged = try mergeRemote(theirs, head: step.head, locked: locked, unrelated: false)
                    report.received += merged.received
                    if let committed = merged.committed {
                        step.local = committed
                        step.head = committed.head
                    }
                }
                // With what arrived merged: the history this copy knows best shows who synced past
                // which removal.
                if attempt == 1, try compactTombstones(locked: locked) > 0 {
                    let compacted = try commitLocal(message: "shade: dropped removals every member has synced past")
                    step.local = compacted
                    step.head = compacted.head
                }
                step.newest = try locked.read { state in try state.changesMadeHere(after: Int.max).newest }
                return step
            }
            local = step.local
            let pushed = try push(
                remote: remote, theirs: step.theirs, head: step.head, local: step.local, upstream: step.upstream)
            if pushed.done {
                report.sent = pushed.sent
                report.sentThrough = step.newest
                report.conflicts = try ConflictLog.entries(in: store.directory).count - conflictsBefore
                return report
            }
        }
        throw SyncError.failed(
            "could not send to \(RemoteAddress.redacted(remote)): other copies kept sending in between; your changes are kept, run 'sync' again"
        )
    }

    func fetch(_ remote: String) throws {
        // The shared branch alone, no tags: nothing else a remote holds is taken.
        let result = try git.run([
            "fetch", "-q", "--no-tags", "origin", "+refs/heads/\(Self.branch):\(Self.trackingRef)",
        ])
        if !result.succeeded, result.errors.contains("couldn't find remote ref") {
            // A remote with no shared branch yet (or no more): this copy's is sent as it is.
            _ = try git.run(["update-ref", "-d", Self.trackingRef])
            return
        }
        guard result.succeeded else {
            throw SyncError.failed(
                "could not reach \(RemoteAddress.redacted(remote)) (\(result.reason)); nothing was sent or received, your changes are kept"
            )
        }
    }

    /// A commit message that names what changed: `shade: ana: 1 added, 2 changed`, then a line per
    /// record (`added task “Buy milk” (UID)`).
    static func message(for deltas: [StoreFileMerge.RecordDelta], by author: String) -> String {
        let counts = [RecordChange.Action.add, .change, .remove].compactMap { action -> String? in
            let count = deltas.filter { $0.action == action }.count
            guard count > 0 else { return nil }
            return "\(count) "
                + action.pastTense
        }
        let subject =
            "shade: \(author.isEmpty ? "someone" : author): "
            + (counts.isEmpty ? "tidied" : counts.joined(separator: ", "))
        let lines = deltas.prefix(50).map { delta in
            let verb = delta.action.pastTense
            return "\(verb) \(delta.kind) “\(delta.title)” (\(delta.key))"
        }
        let more = deltas.count > 50 ? ["… and \(deltas.count - 50) more"] : []
        return ([subject, ""] + lines + more).joined(separator: "\n")
    }

    /// Merges the fetched branch into this copy's (through the merge driver), settles the tasks
    /// it brought, and commits what settling changed; `before` is the commit checked out. Returns
    /// the records that came in, and what was committed (nil when `theirs` was merged already).
    func mergeRemote(_ theirs: String, head before: String?, locked: LockedStore, unrelated: Bool) throws
        -> (received: [StoreFileMerge.RecordDelta], committed: Committed?)
    {
        if let before, try git.mergeBase(before, theirs) == theirs { return ([], nil) }
        if before == nil {
            // Nothing here yet: this copy starts from the remote's planner.
            try git.require(["checkout", "-q", "-B", Self.branch, theirs], doing: "take the shared planner")
        } else {
            var arguments = [
                "-c", "merge.shade.driver=\(Self.driverCommand)", "merge", "-q", "--no-edit", "-m",
                "shade: \(store.author.isEmpty ? "someone" : store.author) merged the shared planner",
            ]
            if unrelated { arguments.append("--allow-unrelated-histories") }
            let result = try git.run(arguments + [theirs])
            guard result.succeeded else {
                let unmerged = try git.run(["diff", "--name-only", "--diff-filter=U"]).output
                    .split(separator: "\n").map(String.init)
                _ = try git.run(["merge", "--abort"])
                let reason =
                    result.errors.split(separator: "\n").first { $0.contains("cannot merge") }
                    .map(String.init) ?? result.reason
                let files = unmerged.isEmpty ? "" : " " + unmerged.joined(separator: ", ")
                throw SyncError.failed(
                    "could not merge\(files): \(reason); nothing was changed here, both versions are kept in git"
                )
            }
        }
        guard let after = try git.commit("HEAD") else { return ([], nil) }
        try settle(locked: locked, from: before, to: after)
        // The rule files are shade's own again, whatever the merge brought.
        try writeRules()
        let committed = try commitLocal(message: "shade: settled the tasks the merge brought")
        return (try deltas(from: before, to: after), committed)
    }

    /// Pushes this copy's branch, `head`; `done` false when another copy pushed first (fetch
    /// and merge again). Returns the records sent. `local` is this copy's last commit (when it
    /// is `head` and was made on `theirs`, the records it changed are the ones sent);
    /// `upstream` the branch's upstream as `git status` named it.
    func push(remote: String, theirs: String?, head: String?, local: Committed?, upstream: String?) throws -> (
        done: Bool, sent: [StoreFileMerge.RecordDelta]
    ) {
        guard let head else { return (true, []) }
        if let theirs, theirs == head { return (true, []) }
        let result = try git.run(["push", "-q", "origin", "HEAD:refs/heads/" + Self.branch])
        guard result.succeeded else {
            let text = result.errors
            if text.contains("rejected") || text.contains("fetch first") || text.contains("cannot lock ref")
                || text.contains("non-fast-forward")
            {
                return (false, [])
            }
            throw SyncError.failed(
                "could not send to \(RemoteAddress.redacted(remote)) (\(result.reason)); your changes are kept and go at the next sync"
            )
        }
        if upstream != "origin/" + Self.branch {
            _ = try git.run(["branch", "-q", "--set-upstream-to=" + Self.trackingRef])
        }
        if let theirs, let local, local.head == head, let made = local.made, made.parent == theirs {
            return (true, made.deltas)
        }
        let base = try theirs.flatMap { commit throws(SyncError) in try git.mergeBase(commit, head) }
        return (true, try deltas(from: base, to: head))
    }

}
