import ShadeCore
import ShadeStore

/// `remind --due`: settles every reminder whose moment has come — sends it through the desktop
/// notifier, or marks it missed when it is over 12 hours late — and records what became of each
/// in the store's reminder ledger, one at a time, so that a reminder is sent once.
///
/// The loop runs under the reminders' own lock (`Store.settlingReminders`): what became of the
/// reminders before one is on disk before it goes out, and a run at the same time as another
/// waits for it. A reminder the notifier fails to deliver is not recorded: the next run tries it
/// again.
public struct ReminderDelivery {
    /// Reads the tasks of the days from `first` through `last` and the reminder ledger, in one
    /// step (through the caller's open batch of changes, if any).
    public typealias Reading = (_ first: CivilDate, _ last: CivilDate) throws -> (
        tasks: [PlannerTask], ledger: ReminderLedger
    )

    /// A reminder the notifier did not deliver, and how its run ended.
    public struct Undelivered: Sendable {
        /// The reminder.
        public let alert: ReminderAlert
        /// How the notification command's run ended.
        public let outcome: ProcessLauncher.Outcome
    }

    /// What a run did (or, for a preview, would do), each list in moment order.
    public struct Outcome: Sendable {
        /// Sent (or, for a preview, to be sent).
        public var sent: [ReminderAlert] = []
        /// Marked missed (or to be).
        public var missed: [ReminderAlert] = []
        /// Not delivered: tried again by the next run.
        public var failed: [Undelivered] = []

        /// Why the run did not deliver everything, when it did not.
        public func undelivered(by notifier: DesktopNotifier) -> HostError? {
            guard let first = failed.first else { return nil }
            return .remindersNotDelivered(
                count: failed.count, program: notifier.program, outcome: first.outcome, task: first.alert.task.id)
        }
    }

    /// A run that stopped on an error (the store's, most often) after some reminders went out.
    public struct Interrupted: Error {
        /// What was sent before the error.
        public let sent: [ReminderAlert]
        /// The error the run stopped on.
        public let error: any Error
    }

    /// The store whose reminders are settled.
    public let store: Store
    /// The slot boundaries, for when a reminder is due.
    public let schedule: SlotSchedule
    /// What sends a reminder.
    public let notifier: DesktopNotifier
    private let read: Reading

    /// A delivery from the store, the slot boundaries, the notifier, and how tasks and the ledger
    /// are read.
    public init(store: Store, schedule: SlotSchedule, notifier: DesktopNotifier, read: @escaping Reading) {
        self.store = store
        self.schedule = schedule
        self.notifier = notifier
        self.read = read
    }

    /// What a run at `now` would send and mark missed; nothing is sent or recorded.
    public func preview(now: Moment) throws -> Outcome {
        var outcome = Outcome()
        for (alert, action) in try settling(now: LocalDateTime(now)).actions {
            if action == .send { outcome.sent.append(alert) } else { outcome.missed.append(alert) }
        }
        return outcome
    }

    /// Sends the reminders due at `now` and records each. Throws `Interrupted` when an error
    /// stops the run (what was sent before it is recorded).
    public func deliver(now: Moment) throws(Interrupted) -> Outcome {
        let minute = LocalDateTime(now)
        var outcome = Outcome()
        do {
            _ = try store.settlingReminders(now: now) { save in
                let decided = try settling(now: minute)
                var ledger = decided.ledger
                var unsaved = false
                for (alert, action) in decided.actions {
                    switch action {
                    case .markMissed:
                        outcome.missed.append(alert)
                        ledger.record(
                            .init(uid: alert.task.uid, due: alert.due, outcome: .missed, settled: now.timestamp))
                        unsaved = true
                    case .send:
                        // What came before is on disk before this one goes out.
                        if unsaved { try save(ledger) }
                        unsaved = false
                        let message = ReminderAgenda.notification(for: alert, now: minute, schedule: schedule)
                        let sent = notifier.send(title: message.title, body: message.body)
                        guard sent.succeeded else {
                            outcome.failed.append(Undelivered(alert: alert, outcome: sent))
                            continue
                        }
                        outcome.sent.append(alert)
                        ledger.record(
                            .init(uid: alert.task.uid, due: alert.due, outcome: .sent, settled: now.timestamp))
                        try save(ledger)
                    }
                }
                if unsaved { try save(ledger) }
            }
        } catch {
            throw Interrupted(sent: outcome.sent, error: error)
        }
        return outcome
    }

    /// What to do with each reminder that may be due, and the ledger it was decided by, read in
    /// one step.
    private func settling(now minute: LocalDateTime) throws -> (
        actions: [(alert: ReminderAlert, action: ReminderAgenda.Action)], ledger: ReminderLedger
    ) {
        let dates = ReminderAgenda.taskDates(dueFrom: minute.adding(minutes: -ReminderAgenda.lookBack), through: minute)
        let (tasks, ledger) = try read(dates.first, dates.last)
        let alerts = ReminderAgenda.alerts(for: tasks, schedule: schedule)
        return (ReminderAgenda.settle(alerts, ledger: ledger, now: minute), ledger)
    }
}
