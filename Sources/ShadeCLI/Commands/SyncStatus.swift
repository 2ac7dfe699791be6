import ShadeCore
import ShadeRendering
import ShadeStore
import ShadeSync

extension Shade {
    /// `sync status`: how this copy's sync stands.
    struct SyncStatus: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "status",
            abstract: "Show the remote, whether auto sync is on, the last sync and its error, and what waits.",
            discussion: """
                pending counts the changes made here that no sync has sent yet (0 after a sync). \
                The remote is shown with any password or token in it as ***.

                Examples:
                  sync status
                  sync status --json
                """,
            flags: [.json("Print {\"remote\", \"auto\", \"last_sync\", \"last_error\", \"pending\"}.")])
        static let startsBackgroundSync = false
        let json: Bool

        func execute(in session: Session) throws {
            let status = try Shade.Sync.planner(session).status()
            if json {
                try session.printJSON(
                    SyncStatusView.json(remote: status.remote, state: status.state, pending: status.pending))
            } else {
                session.print(
                    SyncStatusView.render(
                        remote: status.remote, state: status.state, pending: status.pending,
                        style: try session.renderContext().style))
            }
        }
    }

    /// `sync auto on|off`: whether a saved change syncs in the background.
    struct SyncAuto: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "auto", abstract: "Turn on or off the sync that follows each change saved here.",
            discussion: """
                A setting of this copy (off until turned on). With it on, each change saved here \
                starts a sync in the background: the command answers as fast as without it, and \
                the change is sent within a minute. When the remote cannot be reached, the error \
                is in sync status and the next try waits longer each time (30 seconds, doubled, at \
                most 15 minutes). The planner must be shared (sync init) or linked to a task list \
                (caldav init: then the task list is synced in the background too).

                Examples:
                  sync auto on
                  sync auto off
                """,
            arguments: [.init("switch", valueName: "on|off", help: "on or off.")])
        static let startsBackgroundSync = false
        let on: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            switch arguments.word("switch").lowercased() {
            case "on": on = true
            case "off": on = false
            case let other:
                throw .usage(
                    "sync auto takes on or off, not '\(CommandArguments.quoted(other))'\n  see: help sync auto")
            }
        }

        func execute(in session: Session) throws {
            try Shade.Sync.planner(session).setAuto(on)
            session.print(SyncStatusView.renderAuto(on))
        }
    }

    /// What a change saved with `sync auto` on starts: syncs in the background until nothing made
    /// here waits to be sent (`BackgroundSync`). Not listed by help: shade starts it, detached.
    struct SyncBackground: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "sync-background",
            abstract: "Sync in the background until nothing made here waits (shade starts this).")
        static let settlesMergedPlanner = false
        static let startsBackgroundSync = false

        init(_ arguments: CommandArguments) {}

        func execute(in session: Session) throws {
            let linked = try CalDAVState.read(in: session.store.directory) != nil
            try BackgroundSync.run(
                { try Shade.Sync.planner(session) },
                syncTaskList: linked ? { _ = try Shade.CalDAV.sync(session).run() } : nil)
        }
    }
}
