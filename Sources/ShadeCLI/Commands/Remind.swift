import ShadeCore
import ShadeHost
import ShadeRendering

extension Shade {
    /// `remind`: reminders — send the due ones, list them, install the timer that sends them.
    enum Reminders {
        static let group = CommandGroup(
            name: "remind",
            abstract: "Send due reminders, list them, or install the timer that sends them.",
            discussion: """
                A task gets a reminder with remind:WHEN on add or edit: 15m, 1h, 2h30m or 1d before \
                the task (before its time, or before its slot starts when it has none), HH:MM on \
                the task's day, or slot (when its slot starts); up to five with commas \
                (remind:1d,15m), each sent once at its own moment; remind:none takes them off. A default \
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
            let delivery = ReminderDelivery(
                store: session.store, schedule: session.schedule,
                notifier: DesktopNotifier(environment: session.environment)
            ) { first, last in
                try session.read { state in (try state.tasks(from: first, through: last), try state.reminderLedger()) }
            }
            let outcome: ReminderDelivery.Outcome
            if dryRun {
                outcome = try delivery.preview(now: now)
            } else {
                do { outcome = try delivery.deliver(now: now) } catch {
                    // Say what did go out before the failure, then the failure.
                    if !error.sent.isEmpty {
                        try? show(
                            ReminderDeliveryReport(
                                dryRun: false, sent: error.sent, missed: [], failed: [], sentAt: now.timestamp),
                            in: session)
                    }
                    throw error.error
                }
            }
            try show(
                ReminderDeliveryReport(
                    dryRun: dryRun, sent: outcome.sent, missed: outcome.missed, failed: outcome.failed.map(\.alert),
                    sentAt: now.timestamp), in: session)
            if let undelivered = outcome.undelivered(by: delivery.notifier) { throw CommandError(undelivered) }
        }

        private func show(_ report: ReminderDeliveryReport, in session: Session) throws {
            if json {
                try session.printJSON(report.json())
            } else {
                let text = report.text()
                if !text.isEmpty { session.print(text) }
            }
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
                try session.printJSON(ReminderList.json(rows))
            } else if rows.isEmpty {
                session.print(ReminderList.none)
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
            let units = try ReminderUnits(
                store: session.store.directory, environment: session.environment, schedule: session.schedule)
            try UnitInstall.run(
                try units.files(), timer: ReminderUnits.timerName,
                doing: "reminders are sent every 5 minutes and at each slot's start", printOnly: printOnly, in: session)
        }
    }
}
