import ShadeCore
import ShadeJSON

extension Store {
    /// Runs `body`, for `remind --due`, holding the reminders' own lock (`reminders.lock`), so that
    /// two runs at once never both settle one reminder, but not the store's: the notification
    /// command may take its time without holding up any other command. `body` reads the store (and
    /// the ledger, `StoreState.reminderLedger()`) as it likes; `save` writes the ledger as one
    /// atomic step at once (under the store's lock for that moment), so that what became of a
    /// reminder is on disk before the next is considered. A store that does not exist has no
    /// reminders: `body` is not run.
    public func settlingReminders<T>(now: Moment, _ body: ((ReminderLedger) throws -> Void) throws -> T) throws -> T? {
        guard try exists else { return nil }
        let lock = try FileLock(path: paths.remindersLock, mode: .exclusive)
        return try withExtendedLifetime(lock) {
            try body { updated in
                let kept = updated.keeping(dueFrom: LocalDateTime(now).adding(minutes: -ReminderAgenda.lookBack))
                try write(label: nil, now: now) { state in
                    let bytes = try state.serialise(ReminderLedgerDocument.encode(kept))
                    let commit = AtomicCommit(paths: paths)
                    try commit.commit(
                        try commit.stage([(StoreFileKind.reminderLedger.relativePath, bytes)]), keepingCopies: false)
                }
            }
        }
    }
}

extension StoreState {
    /// This copy's record of the reminders it settled (empty when there is none yet).
    public func reminderLedger() throws(StoreError) -> ReminderLedger {
        let kind = StoreFileKind.reminderLedger
        let file = paths.absolute(kind.relativePath)
        guard let bytes = try FileSystem.read(file),
            case .reminderLedger(let ledger) = try kind.decode(bytes, file: file)
        else { return ReminderLedger() }
        return ledger
    }
}
