import ShadeCore
import ShadeHost
import ShadeRendering
import ShadeStore
import ShadeSync

extension Shade {
    /// `sync`: sharing the planner through git.
    enum Sync {
        static let group = CommandGroup(
            name: "sync",
            abstract: "Share the planner through git: sync with the other copies, or start sharing.",
            discussion: """
                A shared planner is a git repository: each copy (a laptop, a desktop, another \
                person) is a store of its own, and a shared repository (a bare repository on a \
                server, a USB stick, a directory) is where they meet. Edit offline as much as you \
                like; sync commits your changes, fetches the others', merges them record by record \
                and field by field (the later change of a field wins; the value it overwrote goes \
                to the conflict log, see conflicts), and sends the result. Ids are this copy's own: \
                tasks that arrive get new ones, ids you have seen never change.

                Examples:
                  sync init
                  sync init ~/shared/planner.git
                  sync
                  sync --json
                  sync status
                  sync auto on
                """,
            commands: [SyncNow.self, SyncInit.self, SyncStatus.self, SyncAuto.self, SyncInstall.self])

        /// The sync of the session's planner, as its user, at its clock.
        static func planner(_ session: Session) throws -> PlannerSync {
            PlannerSync(
                store: session.store,
                identity: { gitSettings in
                    // What the sync read of git's settings answers for git (no process of its own).
                    session.identity.learn(gitSettings: gitSettings)
                    return (session.identity.name, session.identity.email)
                },
                environment: session.environment.variables, now: try session.now(),
                registerUser: { _ = try session.registerCurrentUser(label: "sync") },
                keepRemovalsDays: session.keepRemovalsDays)
        }
    }

    struct SyncNow: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "now", abstract: "Commit your changes, fetch and merge the others', and send the result.",
            discussion: """
                Without a network or a remote, it says so and exits 1; nothing else is affected \
                and your changes are kept for the next sync.

                Examples:
                  sync
                  sync --json
                """,
            flags: [
                .json("Print {\"sent\": [uids], \"received\": [uids], \"conflicts\": N}."),
                .init(name: "quiet", help: "Print nothing when all went well (what sync install's timer runs)."),
            ])
        static let startsBackgroundSync = false
        let json: Bool
        let quiet: Bool

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            quiet = arguments.flag("quiet")
        }

        func execute(in session: Session) throws {
            let planner = try Shade.Sync.planner(session)
            let linked = try CalDAVState.read(in: session.store.directory) != nil
            // With a git remote, a task list, or both; with neither, the git side says what to do.
            let report = planner.isShared || !linked ? try planner.run() : nil
            let caldav = linked ? try Shade.CalDAV.sync(session).run() : nil
            if quiet, !json { return }
            let sent = (report?.sent ?? []) + (caldav?.sent ?? [])
            let received = (report?.received ?? []) + (caldav?.received ?? [])
            let conflicts = (report?.conflicts ?? 0) + (caldav?.conflicts ?? 0)
            if json {
                try session.printJSON(SyncReportView.json(sent: sent, received: received, conflicts: conflicts))
                return
            }
            let style = try session.renderContext().style
            var lines: [SafeText] = []
            if let report {
                lines.append(
                    SyncReportView.render(
                        remote: report.remote, sent: report.sent, received: report.received,
                        conflicts: report.conflicts, style: style))
            }
            if let caldav {
                lines.append(
                    CalDAVView.renderSynced(
                        url: caldav.url, sent: caldav.sent, received: caldav.received, conflicts: caldav.conflicts,
                        skipped: caldav.skipped, style: style))
            }
            session.print(lines.joined(separator: "\n"))
        }
    }

    struct SyncInstall: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "install", abstract: "Have systemd sync the planner every 5 minutes: write and enable a user timer.",
            discussion: """
                Writes shade-sync.service and shade-sync.timer to $XDG_CONFIG_HOME/systemd/user \
                (else ~/.config/systemd/user): the service runs this very shade binary with sync \
                --quiet on this store, the timer starts it every 5 minutes and catches up after the \
                machine was off. When a user systemd is running, it runs systemctl --user \
                daemon-reload and enable --now shade-sync.timer; when not, it says how to enable it \
                later. --print only prints the two files. The planner must be shared (sync init).

                Examples:
                  sync install
                  sync install --print
                """,
            flags: [.init(name: "print", help: "Print the two unit files; write and enable nothing.")])
        let printOnly: Bool

        init(_ arguments: CommandArguments) {
            printOnly = arguments.flag("print")
        }

        func execute(in session: Session) throws {
            guard try Shade.Sync.planner(session).hasSomethingToSyncWith() else { throw SyncError.nothingToSyncWith }
            try UnitInstall.run(
                try SyncUnits(store: session.store.directory).files(), timer: SyncUnits.timerName,
                doing: "the planner syncs every 5 minutes", printOnly: printOnly, in: session)
        }
    }

    struct SyncInit: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "init", abstract: "Share this planner: make its store a git repository, or join the one at REMOTE.",
            discussion: """
                Writes .gitattributes (planner files merge through shade) and .gitignore (ids, \
                change log, backups, caches, locks and the conflict log stay with this copy), sets \
                the merge driver in the repository's own config, and commits the planner. With \
                REMOTE (a path or URL of a git repository, such as a bare one made by git init \
                --bare), the planner there is merged with this one, or this one is sent there when \
                it is empty. Running it again writes the settings again. A remote written \
                gcrypt::URL is encrypted (git-remote-gcrypt): it holds only ciphertext, readable by \
                the GnuPG keys given with --key, every member's (import their public keys first).

                Examples:
                  sync init
                  sync init ~/shared/planner.git
                  sync init ssh://host/srv/planner.git
                  sync init gcrypt::ssh://host/srv/planner.git --key ana@example.org --key ben@example.org
                """,
            flags: [.json("Print {\"action\", \"remote\", \"sent\", \"received\"}.")],
            options: [
                .init(
                    name: "key", valueName: "ID",
                    help: "For a gcrypt:: remote: a member's GnuPG key (fingerprint, key id or email); once for each.")
            ],
            arguments: [.init("remote", valueName: "REMOTE", help: "The shared repository to join.", arity: .optional)])
        static let startsBackgroundSync = false
        let json: Bool
        let remote: String?
        let keys: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            remote = arguments.optionalWord("remote")
            keys = arguments.optionValues("key")
        }

        func execute(in session: Session) throws {
            let started = try Shade.Sync.planner(session).start(remote: remote, keys: keys)
            let start = SyncReportView.Start(started.action)
            if json {
                try session.printJSON(
                    SyncReportView.json(start, remote: started.remote, sent: started.sent, received: started.received))
            } else {
                session.print(
                    SyncReportView.render(
                        start, place: "\(session.store.directory)", remote: started.remote, sent: started.sent,
                        received: started.received))
            }
        }
    }

    /// What git runs to merge a planner file (`merge.shade.driver`): `%O %A %B %P`. Writes the
    /// merged file over `%A` and exits 0, or leaves it and exits 1 when a version does not read
    /// (git then keeps both). Not listed by help: git calls it.
    struct MergeDriver: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "merge-driver", abstract: "Merge three versions of a planner file (git calls this).",
            arguments: [
                .init("base", valueName: "BASE", help: "The version both sides last shared."),
                .init("ours", valueName: "OURS", help: "This copy's version, replaced by the merge."),
                .init("theirs", valueName: "THEIRS", help: "The other copy's version."),
                .init("path", valueName: "PATH", help: "The file's path in the store."),
            ])
        static let settlesMergedPlanner = false
        static let startsBackgroundSync = false
        let base: String
        let ours: String
        let theirs: String
        let path: String

        init(_ arguments: CommandArguments) {
            base = arguments.word("base")
            ours = arguments.word("ours")
            theirs = arguments.word("theirs")
            path = arguments.word("path")
        }

        func execute(in session: Session) throws {
            try ShadeSync.MergeDriver.merge(
                base: base, ours: ours, theirs: theirs, path: path, now: try session.now(),
                storeDirectory: session.store.directory)
        }
    }

    /// `conflicts`: the values merges on this copy overwrote, and putting one back.
    enum Conflicts {
        static let group = CommandGroup(
            name: "conflicts",
            abstract: "List the values merges overwrote, or put one back.",
            discussion: """
                Examples:
                  conflicts
                  conflicts 5
                  conflicts restore 1
                """,
            commands: [ConflictsList.self, ConflictsRestore.self])
    }

    /// `conflicts [list]`: the values merges on this copy overwrote.
    struct ConflictsList: PlannerCommand {
        static let grammar = NewestEntries.grammar(
            name: "list",
            abstract: "List the values merges overwrote: fields both copies changed, removals against changes.",
            discussion: """
                Newest first. Each line names the record, the field, the value kept and the value \
                lost, who changed each and when. The log is this copy's own: it lists what the \
                merges made here overwrote.

                Examples:
                  conflicts
                  conflicts 5
                  conflicts --json
                """,
            json: "Print {\"conflicts\": [{\"uid\", \"field\", \"kept\", \"lost\", \"kept_by\", …}]}.",
            count: "How many (default 20).")
        let newest: NewestEntries

        init(_ arguments: CommandArguments) throws(CommandError) { newest = try NewestEntries(arguments) }

        func execute(in session: Session) throws {
            let all = try ConflictLog.entries(in: session.store.directory)
            // --json without a count lists them all.
            let shown = newest.json && newest.count == nil ? all.count : newest.count ?? 20
            let entries = Array(all.suffix(shown).reversed())
            if newest.json {
                try session.printJSON(ConflictView.json(entries))
            } else if entries.isEmpty {
                session.print(ConflictView.empty)
            } else {
                session.print(ConflictView.render(entries, style: try session.renderContext().style))
            }
        }
    }
}

extension SyncReportView.Start {
    /// How `sync init` shows what it did.
    init(_ action: PlannerSync.Started.Action) {
        switch action {
        case .created: self = .created
        case .joined: self = .joined
        case .configured: self = .configured
        }
    }
}
