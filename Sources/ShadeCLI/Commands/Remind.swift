import ShadeCore
import ShadeHost
import ShadeJSON
import ShadePlatform
import ShadeRendering
import ShadeStore

extension Shade {
    /// `remind`: reminders — send the due ones, list them, install the timer that sends them.
    enum Reminders {
        static let group = CommandGroup(
            name: "remind",
            abstract: "Send due reminders, list them, or install the timer that sends them.",
            discussion: """
                A task gets a reminder with remind:WHEN on add or edit: 15m, 1h, 2h30m or 1d before \
                the task (before its time, or before its slot starts when it has none), HH:MM on \
                the task's day, or slot (when its slot starts); remind:none takes it off. A default \
                for new tasks is set in config.json: {"reminders": {"default": "15m"}}.

                remind --due sends each reminder whose moment has come, once: it runs the command in \
                SHADE_NOTIFY_CMD (default notify-send --app-name=shade --; words split at spaces, never a shell) with the \
                task's title and a line saying when it is as two more arguments. A reminder found \
                more than 12 hours late is marked missed, not sent. remind install has systemd run \
                remind --due every 5 minutes and at each slot's start. While the REPL is open, a \
                reminder that comes due is printed above the prompt.

                Examples:
                  remind --due
                  remind --due --dry-run
                  remind ls
                  remind install
                  remind install --print
                """,
            commands: [RemindDue.self, RemindList.self, RemindInstall.self])

        /// The notification command's words: `SHADE_NOTIFY_CMD` split at blanks, else `notify-send`
        /// (named as the sender, and told with `--` that a title starting with `-` is no option).
        static func notifyCommand(_ environment: ShadeEnvironment) -> [String] {
            let words = (environment["SHADE_NOTIFY_CMD"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.isEmpty ? ["notify-send", "--app-name=shade", "--"] : words.map(String.init)
        }
    }

    struct RemindDue: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "due",
            abstract: "Send every reminder whose moment has come and that was not sent yet (remind --due).",
            discussion: """
                Each reminder is sent once: what became of it is saved before the next is \
                considered, and a run at the same time as another waits for it. One found more than \
                12 hours late is marked missed instead. A reminder the command fails to deliver is \
                not marked, and is tried again by the next run; the exit status is then 1. \
                Without --due (and without --dry-run) remind lists, as remind ls.

                Examples:
                  remind --due
                  remind --due --dry-run --json
                """,
            flags: [
                .init(name: "due", help: "Send the due reminders."),
                .init(name: "dry-run", help: "Only list what would be sent and marked missed."),
                .json("Print what was sent, marked missed and not delivered as JSON."),
            ])
        let due: Bool
        let dryRun: Bool
        let json: Bool

        init(_ arguments: CommandArguments) {
            due = arguments.flag("due")
            dryRun = arguments.flag("dry-run")
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            guard due || dryRun else {
                try RemindList(json: json).execute(in: session)
                return
            }
            let now = try session.now()
            let minute = LocalDateTime(now)
            let command = Reminders.notifyCommand(session.environment)
            let dates = ReminderAgenda.taskDates(
                dueFrom: minute.adding(minutes: -ReminderAgenda.lookBack), through: minute)
            // What to do with each reminder that may be due, and the ledger it was decided by, read
            // in one step.
            func settling() throws -> (
                actions: [(alert: ReminderAlert, action: ReminderAgenda.Action)], ledger: ReminderLedger
            ) {
                let (tasks, ledger) = try session.read { state in
                    (try state.tasks(from: dates.first, through: dates.last), try state.reminderLedger())
                }
                let alerts = ReminderAgenda.alerts(for: tasks, schedule: session.schedule)
                return (ReminderAgenda.settle(alerts, ledger: ledger, now: minute), ledger)
            }
            var sent: [ReminderAlert] = []
            var missed: [ReminderAlert] = []
            var failed: [(alert: ReminderAlert, outcome: ProcessLauncher.Outcome)] = []
            if dryRun {
                for (alert, action) in try settling().actions {
                    if action == .send { sent.append(alert) } else { missed.append(alert) }
                }
                try report(
                    sent: sent, missed: missed, failed: failed, command: command, sentAt: now.timestamp, in: session)
                return
            }
            do {
                _ = try session.store.settlingReminders(now: now) { save in
                    let decided = try settling()
                    var ledger = decided.ledger
                    var unsaved = false
                    for (alert, action) in decided.actions {
                        switch action {
                        case .markMissed:
                            missed.append(alert)
                            ledger.record(
                                .init(uid: alert.task.uid, due: alert.due, outcome: .missed, settled: now.timestamp))
                            unsaved = true
                        case .send:
                            // What came before is on disk before this one goes out.
                            if unsaved { try save(ledger) }
                            unsaved = false
                            let message = ReminderAgenda.notification(
                                for: alert, now: minute, schedule: session.schedule)
                            let outcome = ProcessLauncher.run(command + [message.title, message.body])
                            guard outcome.succeeded else {
                                failed.append((alert, outcome))
                                continue
                            }
                            sent.append(alert)
                            ledger.record(
                                .init(uid: alert.task.uid, due: alert.due, outcome: .sent, settled: now.timestamp))
                            try save(ledger)
                        }
                    }
                    if unsaved { try save(ledger) }
                }
            } catch {
                // Say what did go out before the failure, then the failure.
                if !sent.isEmpty {
                    try? report(
                        sent: sent, missed: [], failed: [], command: command, sentAt: now.timestamp, in: session)
                }
                throw error
            }
            try report(
                sent: sent, missed: missed, failed: failed, command: command, sentAt: now.timestamp, in: session)
        }

        private func report(
            sent: [ReminderAlert], missed: [ReminderAlert],
            failed: [(alert: ReminderAlert, outcome: ProcessLauncher.Outcome)], command: [String], sentAt: String,
            in session: Session
        ) throws {
            if json {
                func rows(_ alerts: [ReminderAlert], _ state: ReminderAgenda.State) -> JSONValue {
                    .array(alerts.map { ReminderList.json(.init(alert: $0, state: state)) })
                }
                try session.printJSON([
                    "dry_run": .bool(dryRun), "sent": rows(sent, dryRun ? .due : .sent(sentAt)),
                    "missed": rows(missed, .missed), "failed": rows(failed.map(\.alert), .due),
                ])
            } else {
                func line(_ verb: SafeText, _ task: PlannerTask) -> SafeText {
                    verb + " \(task.id) · \(session.placement(task)) · \(session.shownTitle(task))"
                }
                for alert in sent { session.print(line(dryRun ? "would send" : "sent", alert.task)) }
                for alert in missed {
                    session.print(
                        line(dryRun ? "would mark missed" : "missed", alert.task) + " (due \(alert.due), over 12 h ago)"
                    )
                }
                if sent.isEmpty, missed.isEmpty, failed.isEmpty { session.print("no reminder is due") }
            }
            guard let first = failed.first else { return }
            let program = command[0]
            let hint: SafeText =
                first.outcome == .notStarted(ENOENT)
                ? (program == "notify-send"
                    ? "install it (Debian: apt-get install libnotify-bin) or set SHADE_NOTIFY_CMD"
                    : "check SHADE_NOTIFY_CMD")
                : "it is tried again by the next remind --due"
            throw CommandError.failed(
                "\(failed.count) reminder(s) not delivered: '\(program)' \(first.outcome.description) (task \(first.alert.task.id))\n  \(hint)"
            )
        }
    }

    struct RemindList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "ls",
            abstract: "The reminders of the last 12 hours and the next 7 days, each with its state.",
            discussion: """
                States: pending (its moment has not come), due (it has, and remind --due will send \
                it), sent, missed (found more than 12 hours late). Nothing is sent.

                Examples:
                  remind ls
                  remind ls --json
                """,
            flags: [.json("Print the reminders as JSON: {\"reminders\": [...]}.")])
        let json: Bool

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
        }

        init(json: Bool) {
            self.json = json
        }

        func execute(in session: Session) throws {
            let now = LocalDateTime(try session.now())
            let first = now.adding(minutes: -ReminderAgenda.lateLimit)
            let last = now.adding(minutes: Reminder.longestLead)
            let dates = ReminderAgenda.taskDates(dueFrom: first, through: last)
            let (tasks, ledger) = try session.read { state in
                (try state.tasks(from: dates.first, through: dates.last), try state.reminderLedger())
            }
            let rows = ReminderAgenda.alerts(for: try session.applyStandingFilter(tasks), schedule: session.schedule)
                .filter { $0.due >= first && $0.due <= last }
                .map { ReminderList.Row(alert: $0, state: ReminderAgenda.state(of: $0, ledger: ledger, now: now)) }
            if json {
                try session.printJSON(["reminders": .array(rows.map(ReminderList.json))])
            } else if rows.isEmpty {
                session.print(
                    "no reminders from 12 hours ago to 7 days ahead; add one with remind:15m (see: help remind)")
            } else {
                session.print(ReminderList.render(rows, context: try session.renderContext()))
            }
        }
    }

    struct RemindInstall: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "install",
            abstract: "Have systemd send reminders: write and enable a user service and timer.",
            discussion: """
                Writes shade-remind.service and shade-remind.timer to $XDG_CONFIG_HOME/systemd/user \
                (else ~/.config/systemd/user): the service runs this very shade binary with remind \
                --due on this store, the timer starts it every 5 minutes and at each slot's start, \
                and catches up after the machine was off. When a user systemd is running, it runs \
                systemctl --user daemon-reload and enable --now shade-remind.timer; when not, it says \
                how to enable it later. --print only prints the two files.

                Examples:
                  remind install
                  remind install --print
                """,
            flags: [.init(name: "print", help: "Print the two unit files; write and enable nothing.")])
        let printOnly: Bool

        init(_ arguments: CommandArguments) {
            printOnly = arguments.flag("print")
        }

        func execute(in session: Session) throws {
            let environment = session.environment
            let units = ReminderUnits(
                executable: try Self.executablePath(), store: ShadeEnvironment.absolute(session.store.directory),
                notifyCommand: environment["SHADE_NOTIFY_CMD"], schedule: session.schedule)
            let directory =
                (environment["XDG_CONFIG_HOME"] ?? (environment["HOME"] ?? ".") + "/.config") + "/systemd/user"
            let files = [
                (ReminderUnits.serviceName, try units.service()), (ReminderUnits.timerName, units.timer()),
            ]
            if printOnly {
                session.print(
                    SafeText(
                        escaping: files.map { "# \(directory)/\($0.0)\n\($0.1)" }.joined(separator: "\n"),
                        keepingLineBreaks: true))
                return
            }
            do {
                try TextFile.makePrivateDirectory(directory)
                for (name, text) in files { try TextFile.writeAtomically(directory + "/" + name, text, mode: 0o644) }
            } catch { throw CommandError.failed(error.message) }
            for (name, _) in files { session.print("wrote \(directory)/\(name)") }
            guard Self.userSystemdIsRunning(environment) else {
                session.print(
                    "no user systemd is running here, so the timer is not enabled yet; in a session that has one:\n  systemctl --user daemon-reload && systemctl --user enable --now \(ReminderUnits.timerName)"
                )
                return
            }
            for arguments in [["daemon-reload"], ["enable", "--now", ReminderUnits.timerName]] {
                let outcome = ProcessLauncher.run(["systemctl", "--user"] + arguments)
                guard outcome.succeeded else {
                    throw CommandError.failed(
                        "systemctl --user \(arguments.joined(separator: " ")) \(outcome.description); the unit files are written\n  try it by hand: systemctl --user enable --now \(ReminderUnits.timerName)"
                    )
                }
            }
            session.print(
                "enabled \(ReminderUnits.timerName): reminders are sent every 5 minutes and at each slot's start")
        }

        /// Whether this login has a user systemd to talk to (its private socket exists).
        static func userSystemdIsRunning(_ environment: ShadeEnvironment) -> Bool {
            guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
            var info = stat()
            return stat(runtime + "/systemd/private", &info) == 0
        }

        /// The running binary's absolute path.
        static func executablePath() throws(CommandError) -> String {
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { throw .failed("could not find the path of the running shade binary") }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

    }
}
