import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeStore

/// Joining: making the store a repository with shade's own git rules, and its first sync.
extension PlannerSync {
    /// What `sync init` did.
    public struct Started: Sendable {
        /// What was done, as `--json` names it.
        public enum Action: String, Sendable {
            /// A new shared planner.
            case created
            /// This store joined the one at the remote.
            case joined
            /// It was shared already (its settings written again).
            case configured
        }

        public var action: Action
        /// The remote, its secrets hidden.
        public var remote: String?
        public var received: [StoreFileMerge.RecordDelta] = []
        public var sent: [StoreFileMerge.RecordDelta] = []
    }

    /// Makes the store a repository (or joins the planner at `remote`), writes the merge
    /// settings and ignore rules, and commits the planner as it is.
    /// `keys`: for an encrypted remote (`gcrypt::URL`), every member's GnuPG key.
    public func start(remote: String?, keys: [String] = []) throws -> Started {
        var sync = self
        sync.git.remoteURL = remote
        sync.adoptIdentity([:])
        // What can be told before the store becomes a repository is told first.
        if let remote, !keys.isEmpty, !EncryptedRemote.isEncrypted(remote) {
            throw SyncError.failed("--key is for an encrypted remote, written gcrypt::URL")
        }
        if let remote, keys.isEmpty, EncryptedRemote.isEncrypted(remote), !git.exists {
            throw SyncError.failed(
                "an encrypted remote needs every member's GnuPG key: sync init \(RemoteAddress.redacted(remote)) --key ID [--key ID…]"
            )
        }
        let fingerprints = keys.isEmpty ? [] : try EncryptedRemote.fingerprints(of: keys, environment: git.environment)
        let started = try store.oneSyncAtATime { try sync.starting(remote: remote, keys: fingerprints) }
        if started.remote != nil {
            // Joined (or sent) at a remote: a first sync that went through.
            try noteSynced(through: try store.read { state in try state.changesMadeHere(after: Int.max).newest })
        }
        return started
    }

    private func starting(remote: String?, keys: [String]) throws -> Started {
        let root = store.directory
        // A store with nothing in it yet joins by taking the shared planner as it is.
        let hasPlanner = try store.exists || TextFile.read(root + "/.gitignore") != nil
        if hasPlanner || remote == nil { try registerUser() }
        return try store.exclusively { locked in
            try locked.checkpoint()
            var started = Started(
                action: git.exists ? .configured : .created, remote: remote.map(RemoteAddress.redacted))
            if !git.exists {
                try git.require(
                    ["init", "-q", "--shared=0600", "-b", Self.branch], doing: "make the store a repository")
            }
            try configureRepository(always: true)
            let existing = try git.remote()
            if let remote, let existing, existing != remote {
                throw SyncError.failed(
                    "this planner is shared with \(RemoteAddress.redacted(existing)) already; run 'sync' to sync with it"
                )
            }
            if let remote, existing == nil {
                try git.require(["remote", "add", "origin", remote], doing: "add the remote")
            }
            if let url = remote ?? existing {
                if EncryptedRemote.isEncrypted(url) {
                    if !keys.isEmpty {
                        try EncryptedRemote.configure(git, keys: keys)
                    } else if try EncryptedRemote.keys(git).isEmpty {
                        if existing == nil { _ = try git.run(["remote", "remove", "origin"]) }
                        throw SyncError.failed(
                            "an encrypted remote needs every member's GnuPG key: sync init \(RemoteAddress.redacted(url)) --key ID [--key ID…]"
                        )
                    }
                } else if !keys.isEmpty {
                    if existing == nil { _ = try git.run(["remote", "remove", "origin"]) }
                    throw SyncError.failed("--key is for an encrypted remote, written gcrypt::URL")
                }
            } else if !keys.isEmpty {
                throw SyncError.failed("--key is for an encrypted remote, written gcrypt::URL")
            }
            guard let remote = remote ?? existing else {
                try writeRules()
                try commitLocal(message: "shade: start sharing this planner")
                return started
            }
            started.remote = RemoteAddress.redacted(remote)
            let shared: String?
            do {
                try fetch(remote)
                shared = try git.commit(Self.trackingRef)
                if let shared { try gate.inspect(shared, against: try git.commit("HEAD")) }
            } catch {
                // A remote that cannot be reached, or holds what may not come in, is not kept:
                // 'sync init' with the right one (or once it is mended) works.
                if existing == nil {
                    _ = try git.run(["remote", "remove", "origin"])
                    _ = try git.run(["update-ref", "-d", Self.trackingRef])
                }
                throw error
            }
            let head = try git.commit("HEAD")
            if let shared, head == nil, !hasPlanner {
                // An empty store joins: it starts as the shared planner is (its planner files only:
                // the rules, the sparse checkout among them, are in place first).
                try writeRules()
                try git.require(["checkout", "-q", "-f", "-B", Self.branch, shared], doing: "take the shared planner")
                _ = try locked.commit(label: "sync init", now: now) { state in
                    try MemberOperations.register(
                        name: git.name, email: git.email.isEmpty ? nil : git.email, in: state)
                }
                try writeRules()
                try commitLocal(message: "shade: start sharing this planner")
                try settle(locked: locked, everything: true)
                started.action = .joined
                started.received = try deltas(from: nil, to: shared)
            } else {
                try writeRules()
                try commitLocal(message: "shade: start sharing this planner")
                if let shared {
                    started.action = .joined
                    started.received = try mergeRemote(
                        shared, head: try git.commit("HEAD"), locked: locked, unrelated: true
                    ).received
                }
            }
            started.sent = try push(
                remote: remote, theirs: shared, head: try git.commit("HEAD"), local: nil, upstream: nil
            ).sent
            return started
        }
    }

    /// Writes the repository's own settings (the merge driver, which a clone does not carry):
    /// always for `sync init`; for a sync, only when the driver is not this binary's (it moved),
    /// as the settings the sync read say (`driver`).
    func configureRepository(always: Bool, driver: String? = nil) throws {
        chmod(store.directory + "/.git", 0o700)
        if !always, driver == Self.driverCommand { return }
        let settings = [
            ("merge.shade.name", "shade planner merge (record by record, field by field)"),
            ("merge.shade.driver", Self.driverCommand), ("core.sharedRepository", "0600"),
            ("pull.rebase", "false"),
        ]
        for (key, value) in settings {
            try git.require(["config", key, value], doing: "set \(key)")
        }
    }

    /// Writes the ignore rules (made from the store's registry) and the merge attributes, when
    /// they are not as they should be: into `.git/info`, where git reads them before any file of
    /// the work tree and where nothing a remote sends can reach, and into the work tree's
    /// `.gitignore` and `.gitattributes` (for a plain `git pull` on another copy).
    func writeRules() throws {
        let root = store.directory
        try TextFile.makePrivateDirectory(root + "/.git/info")
        let rules = [
            (".git/info/exclude", SharedPlannerFiles.ignoreRules), (".git/info/attributes", Self.attributes),
            (".gitignore", SharedPlannerFiles.ignoreRules), (".gitattributes", Self.attributes),
        ]
        for (name, text) in rules {
            let current = try TextFile.read(root + "/" + name).map { String(decoding: $0, as: UTF8.self) }
            if current != text { try TextFile.writeAtomically(root + "/" + name, text) }
        }
        // Only planner files are checked out, by a sync or by a plain git pull alike.
        let sparse = root + "/.git/info/sparse-checkout"
        let current = try TextFile.read(sparse).map { String(decoding: $0, as: UTF8.self) }
        if current != SharedPlannerFiles.checkoutPatterns {
            try TextFile.writeAtomically(sparse, SharedPlannerFiles.checkoutPatterns)
            try git.require(["config", "core.sparseCheckout", "true"], doing: "check out planner files only")
            if try git.commit("HEAD") != nil {
                try git.require(["read-tree", "-mu", "HEAD"], doing: "check out planner files only")
            }
        }
    }
}
