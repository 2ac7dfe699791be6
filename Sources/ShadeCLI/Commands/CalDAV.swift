import ShadeCore
import ShadeRendering
import ShadeStore
import ShadeSync

extension Shade {
    /// `caldav`: the planner on a phone or a calendar app, through a task list on a CalDAV server.
    enum CalDAV {
        static let group = CommandGroup(
            name: "caldav",
            abstract: "Link the planner to a task list on a CalDAV server, for a phone or a calendar app.",
            discussion: """
                Once linked, sync syncs with the task list both ways, with or without a git remote: \
                tasks from four weeks ago on go out as VTODOs (as export --format ics writes them), \
                and what a phone's task app makes, changes, completes or deletes there comes in, \
                field by field, by the rule of a git sync (the later change wins, the other goes to \
                conflicts). The password comes from SHADE_CALDAV_PASSWORD, else from the file \
                caldav.password_file names in config.json (mode 0600); shade never writes it \
                anywhere and never prints it. Repeating tasks are not synced with the list yet.

                Examples:
                  caldav init https://dav.example.org/ana/tasks/ --user ana
                  caldav init https://dav.example.org/ --calendar Tasks --user ana
                  caldav status
                  caldav off
                """,
            commands: [CalDAVStatus.self, CalDAVInit.self, CalDAVOff.self])

        /// The password, from the environment or the file the settings name.
        static func password(_ session: Session) throws -> String {
            var file = session.caldavPasswordFile
            if let named = file, named.hasPrefix("~/") {
                file = (session.environment["HOME"] ?? "") + "/" + named.dropFirst(2)
            }
            return try CalDAVPassword.read(environment: session.environment.variables, file: file)
        }

        /// The CalDAV sync of the session's planner.
        static func sync(_ session: Session) throws -> CalDAVSync {
            CalDAVSync(
                store: session.store, now: try session.now(), schedule: session.schedule,
                password: try password(session), author: session.identity.name)
        }
    }

    struct CalDAVInit: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "init", abstract: "Link the planner to the task list at URL (or the one named --calendar there).",
            discussion: """
                URL is the task list's own collection URL, or the server's with --calendar NAME (the \
                list is found among the user's calendars by its name). The server is asked once, \
                with the password, to check the link; nothing is sent until the next sync. Linking \
                again replaces the link.

                Examples:
                  caldav init https://dav.example.org/ana/tasks/ --user ana
                  caldav init https://dav.example.org/ --calendar Tasks --user ana
                """,
            flags: [.json("Print {\"url\", \"calendar\", \"user\", \"items\"}.")],
            options: [
                .init(name: "calendar", valueName: "NAME", help: "The task list's name, found on the server at URL."),
                .init(name: "user", valueName: "NAME", help: "Who signs in."),
            ],
            arguments: [.init("url", valueName: "URL", help: "The task list's URL (or the server's, with --calendar).")]
        )
        static let startsBackgroundSync = false
        let json: Bool
        let url: String
        let calendar: String?
        let user: String?

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            url = arguments.word("url")
            calendar = arguments.option("calendar")
            user = arguments.option("user")
        }

        func execute(in session: Session) throws {
            // The URL is looked at before the password is asked for.
            try CalDAVSync.checkURL(url)
            let linked = try CalDAVSync.link(
                url: url, calendar: calendar, user: user, password: try Shade.CalDAV.password(session),
                store: session.store.directory)
            let shown = RemoteAddress.redacted(linked.state.url)
            if json {
                try session.printJSON(CalDAVView.jsonLinked(linked.state, url: shown, items: linked.items))
            } else {
                session.print(CalDAVView.renderLinked(url: shown, items: linked.items))
            }
        }
    }

    struct CalDAVStatus: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "status", abstract: "Show the task list the planner is linked to, its last sync and its error.",
            discussion: "Examples:\n  caldav status\n  caldav status --json",
            flags: [.json("Print {\"url\", \"calendar\", \"user\", \"last_sync\", \"last_error\"}.")])
        static let startsBackgroundSync = false
        let json: Bool

        func execute(in session: Session) throws {
            let state = try CalDAVState.read(in: session.store.directory)
            let url = state.map { RemoteAddress.redacted($0.url) }
            if json {
                try session.printJSON(CalDAVView.jsonStatus(state, url: url))
            } else {
                session.print(CalDAVView.renderStatus(state, url: url, style: try session.renderContext().style))
            }
        }
    }

    struct CalDAVOff: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "off", abstract: "Unlink the planner from its task list (the list keeps its tasks).",
            discussion: "Examples:\n  caldav off")
        static let startsBackgroundSync = false

        init(_ arguments: CommandArguments) {}

        func execute(in session: Session) throws {
            let state = try CalDAVState.read(in: session.store.directory)
            try CalDAVState.write(nil, in: session.store.directory)
            session.print(CalDAVView.renderUnlinked(url: state.map { RemoteAddress.redacted($0.url) }))
        }
    }
}
