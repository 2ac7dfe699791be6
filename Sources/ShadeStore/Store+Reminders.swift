import ShadeCore
import ShadeJSON

extension Store {
    /// This copy's record of the reminders it settled (empty when there is none yet).
    public func reminderLedger() throws -> ReminderLedger {
        try read { _ in try readReminderLedger() }
    }

    /// Runs `body` under the exclusive lock with the store's content and its reminder ledger, for
    /// `remind --due`: `save` writes the ledger as one atomic step at once, so that what a
    /// reminder became is on disk before the next one is considered, and two runs at once never
    /// both send one. A store that does not exist has no reminders: `body` is not run.
    public func settlingReminders<T>(
        now: Moment, _ body: (StoreState, ReminderLedger, (ReminderLedger) throws -> Void) throws -> T
    ) throws -> T? {
        guard try exists else { return nil }
        return try write(label: nil, now: now) { state in
            let ledger = try readReminderLedger()
            return try body(state, ledger) { updated in
                let kept = updated.keeping(dueFrom: LocalDateTime(now).adding(minutes: -ReminderAgenda.lookBack))
                let bytes = try state.serialise(ReminderLedgerDocument.encode(kept))
                let commit = AtomicCommit(paths: paths)
                try commit.commit(
                    try commit.stage([(StoreFileKind.reminderLedger.relativePath, bytes)]),
                    keepingCopies: false)
            }
        }
    }

    private func readReminderLedger() throws -> ReminderLedger {
        let kind = StoreFileKind.reminderLedger
        let file = paths.absolute(kind.relativePath)
        guard let bytes = try FileSystem.read(file) else { return ReminderLedger() }
        guard case .reminderLedger(let ledger) = try kind.decode(bytes, file: file) else { return ReminderLedger() }
        return ledger
    }
}
