import ShadeCore
import ShadeJSON
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
                """,
            commands: [SyncNow.self, SyncInit.self])

        /// The sync of the session's planner, as its user, at its clock.
        static func planner(_ session: Session) throws -> PlannerSync {
            PlannerSync(
                store: session.store, name: session.identity.name, email: session.identity.email,
                environment: session.environment.variables, now: try session.now(),
                registerUser: { _ = try session.registerCurrentUser(label: "sync") })
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
            flags: [.json("Print {\"sent\": [uids], \"received\": [uids], \"conflicts\": N}.")])
        let json: Bool

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            let report = try Shade.Sync.planner(session).run()
            if json {
                try session.printJSON([
                    "sent": .array(Self.uids(report.sent)), "received": .array(Self.uids(report.received)),
                    "conflicts": .int(Int64(report.conflicts)),
                ])
                return
            }
            let style = try session.renderContext().style
            session.print(
                "synced with \(report.remote): sent \(Self.count(report.sent)), received \(Self.count(report.received))"
                    + (report.conflicts > 0
                        ? style.bold(
                            " · \(report.conflicts) conflict\(report.conflicts == 1 ? "" : "s") (see: conflicts)")
                        : ""))
            for delta in report.received.prefix(10) {
                session.print("  ↓ " + Self.line(delta))
            }
            if report.received.count > 10 { session.print("  … and \(report.received.count - 10) more") }
        }

        /// Each uid once, in order.
        static func uids(_ deltas: [StoreFileMerge.RecordDelta]) -> [JSONValue] {
            var seen: Set<String> = []
            return deltas.filter { seen.insert($0.key).inserted }.map { .string($0.key) }
        }

        static func count(_ deltas: [StoreFileMerge.RecordDelta]) -> String {
            let count = Set(deltas.map(\.key)).count
            return count == 1 ? "1 change" : "\(count) changes"
        }

        /// `added task “Buy milk”`.
        static func line(_ delta: StoreFileMerge.RecordDelta) -> SafeText {
            let verb = delta.action.pastTense
            return "\(verb) \(delta.kind.rawValue) “" + DisplayWidth.truncate(SafeText(escaping: delta.title), to: 50)
                + "”"
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
                it is empty. Running it again writes the settings again.

                Examples:
                  sync init
                  sync init ~/shared/planner.git
                  sync init ssh://host/srv/planner.git
                """,
            flags: [.json("Print {\"action\", \"remote\", \"sent\", \"received\"}.")],
            arguments: [.init("remote", valueName: "REMOTE", help: "The shared repository to join.", arity: .optional)])
        let json: Bool
        let remote: String?

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            remote = arguments.optionalWord("remote")
        }

        func execute(in session: Session) throws {
            let started = try Shade.Sync.planner(session).start(remote: remote)
            if json {
                try session.printJSON([
                    "action": .string(started.action.rawValue), "remote": .optional(started.remote),
                    "sent": .array(SyncNow.uids(started.sent)), "received": .array(SyncNow.uids(started.received)),
                ])
                return
            }
            let place = "\(session.store.directory)"
            switch started.action {
            case .joined:
                session.print(
                    "joined the planner at \(started.remote ?? ""): received \(SyncNow.count(started.received))")
            case .configured:
                session.print("\(place) is shared already; its settings are written again")
            case .created:
                session.print("\(place) is now a shared planner (a git repository)")
            }
            if started.remote == nil {
                session.print(
                    "  to meet other copies: sync init REMOTE (for instance a bare repository: git init --bare)")
            } else if started.action != .joined {
                session.print("  sent \(SyncNow.count(started.sent)) to \(started.remote ?? "")")
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

    /// `conflicts`: the values merges on this copy overwrote.
    struct Conflicts: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "conflicts",
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
            flags: [.json("Print {\"conflicts\": [{\"uid\", \"field\", \"kept\", \"lost\", \"kept_by\", …}]}.")],
            arguments: [.init("count", valueName: "N", help: "How many (default 20).", arity: .optional)])
        let json: Bool
        let count: Int?

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            count = try arguments.optionalCount("count")
        }

        func execute(in session: Session) throws {
            let all = try ConflictLog.entries(in: session.store.directory)
            let entries = Array(all.suffix(json && count == nil ? all.count : count ?? 20).reversed())
            if json {
                try session.printJSON(["conflicts": .array(entries.map(Self.json))])
                return
            }
            guard !entries.isEmpty else {
                session.print("no conflicts: no merge here overwrote a value")
                return
            }
            let style = try session.renderContext().style
            for entry in entries {
                let conflict = entry.conflict
                let name = DisplayWidth.truncate(SafeText(escaping: conflict.title), to: 40)
                session.print(
                    style.dim("\(Log.shownTime(entry.merged))") + " \(conflict.kind.rawValue) “" + name + "” · "
                        + style.bold(SafeText(escaping: conflict.field)))
                session.print(
                    "  kept " + Self.shown(conflict.kept) + style.dim(" (\(Self.who(conflict.keptStamp)))" as SafeText))
                session.print(
                    "  lost " + Self.shown(conflict.lost) + style.dim(" (\(Self.who(conflict.lostStamp)))" as SafeText))
            }
        }

        static func who(_ stamp: FieldStamp) -> String {
            (stamp.by.isEmpty ? "someone" : stamp.by) + ", " + Log.shownTime(stamp.at)
        }

        static func shown(_ value: JSONValue) -> SafeText {
            switch value {
            case .null: "—"
            case .string(let text): "“" + DisplayWidth.truncate(SafeText(escaping: text), to: 60) + "”"
            case .bool(let flag): flag ? "yes" : "no"
            default:
                SafeText(
                    escaping: (try? JSONWriter.string(value, layout: .compact)) ?? "")
            }
        }

        static func json(_ entry: ConflictLog.Entry) -> JSONValue {
            let conflict = entry.conflict
            return [
                "uid": .string(conflict.key), "kind": .string(conflict.kind.rawValue), "title": .string(conflict.title),
                "field": .string(conflict.field), "kept": conflict.kept, "lost": conflict.lost,
                "kept_by": .string(conflict.keptStamp.by), "lost_by": .string(conflict.lostStamp.by),
                "kept_at": .string(conflict.keptStamp.at), "lost_at": .string(conflict.lostStamp.at),
                "merged": .string(entry.merged), "file": .string(conflict.file),
            ]
        }
    }
}
