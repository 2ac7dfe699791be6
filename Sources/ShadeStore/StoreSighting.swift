/// What a long-lived session saw of the store when it last let go of the exclusive lock, having
/// finished all a crashed process may have left (and found the store of the current format): the
/// lock's count of holders alone (`FileLock`), the identities of the files and directories
/// recovery reads, and the redo log. While the lock file still names the session its watcher with
/// the same count — no one else has held the lock alone since — and those identities are the same,
/// no one else can have written, crashed or not, and the session's next change skips the checks
/// of what a crash left (`Store.prepareForWrite`). A sighting serves once.
struct StoreSighting: Sendable {
    let directory: String
    /// The lock file's count as the session's hold left it.
    let count: UInt64
    let identities: [WeekCache.Identity?]
    /// The redo log as the hold left it (every frame applied), nil when the store has none.
    let redo: RedoLog.Tail?
    /// The id the store would hand out next as the hold left it (nil when it could not be told):
    /// while the sighting holds, no one else has handed one out, so the session's next change
    /// starts from it without looking for the last id shard again.
    let nextID: Int?

    /// The files and directories whose change would mean recovery has work to do: the store
    /// directory (an earlier shade's `commit.json`), the commit journal and its log, the store
    /// file, the redo log and its marker.
    private static func watched(_ paths: StorePaths) -> [String] {
        [
            paths.root, paths.journal, paths.commitLog, paths.meta, paths.redoLog,
            paths.absolute(RedoPosition.relativePath),
        ]
    }

    /// The store at `paths` as it is now, under the exclusive lock held as `lock`, with every frame
    /// of `redo` applied and `nextID` the id it hands out next; the lock file names the session
    /// its watcher. Nil when the lock's count cannot be relied on.
    init?(of paths: StorePaths, lock: FileLock, redo: RedoLog.Tail?, nextID: Int?) {
        // A change left unfinished (its files not all in place) is finished by the next step's
        // recovery, which a sighting would skip.
        guard redo?.waiting.isEmpty ?? true, (try? AtomicCommit(paths: paths).hasPendingCommit) == false,
            let count = lock.count, lock.becomeWatcher()
        else { return nil }
        self.directory = paths.root
        self.count = count
        self.identities = Self.watched(paths).map(WeekCache.Identity.of)
        self.redo = redo
        self.nextID = nextID
    }

    /// Whether the store at `paths` is still as sighted, now that `lock` holds it alone: no one
    /// else has held it alone in between, and the files are the same.
    func holds(_ paths: StorePaths, lock: FileLock) -> Bool {
        guard directory == paths.root, lock.isWatcher, lock.countBefore == count else { return false }
        return Self.watched(paths).map(WeekCache.Identity.of) == identities
    }
}
