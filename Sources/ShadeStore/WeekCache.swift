import ShadeCore
import ShadePlatform
import Synchronization

/// Weeks, id shards and keyed collections (categories, repeat series, …) a long-lived session (the
/// REPL) has read, kept while their files stay the same, so that repeated commands do not parse
/// the same files again. A file replaced by another process (or a hand edit) has another identity
/// and is read afresh. It also keeps what the session last saw of the store as a whole
/// (`StoreSighting`), under the name the session goes by in the lock file (`watcher`).
///
/// Its entries sit behind a lock, so one cache may be shared by sessions on several threads.
public final class WeekCache: Sendable {
    /// What identifies one version of a file: inode, size and modification time.
    struct Identity: Hashable, Sendable {
        let inode: UInt64
        let stamp: FileStamp

        static func of(_ path: String) -> Identity? {
            FileStamp.status(of: path).map { Identity(inode: UInt64($0.st_ino), stamp: FileStamp($0)) }
        }
    }

    /// What identifies one version of a week as read: its file and its id index (either may be
    /// replaced by another process).
    struct WeekIdentity: Hashable, Sendable {
        let file: Identity
        let index: Identity?
    }

    private struct Entry: Sendable {
        let identity: WeekIdentity
        let tasks: [PlannerTask]
        /// The week file's tombstones.
        let removed: [String: FieldStamp]
        /// Whether its file was of format 3 (ids in the index) rather than an earlier format.
        let indexed: Bool
        /// Its tasks' uids and where each id lies (`WeekKeys`).
        let keys: WeekKeys
    }

    private let entries = Mutex<[ISOWeek: Entry]>([:])
    /// Id shards by number: the identity of the file read and its entries.
    private let shards = Mutex<[Int: (identity: Identity, entries: [ISOWeek?])]>([:])
    /// The weeks (and their keys) of steps acknowledged by the redo log, and the log each was
    /// written to, kept until the session's next pause: freeing a week of thousands of tasks, or
    /// closing a file just written, is work the answer need not wait for.
    private let retired = Mutex<[Retired]>([])
    /// Keyed collections (categories, repeat series, …) by kind: the identity of the file read, its
    /// records and its tombstones.
    private let collections = Mutex<[RecordKind: Collection]>([:])
    private let lastShardNumber = Mutex<Int?>(nil)
    /// What the session saw of its store when it last let go of the lock (`StoreSighting`).
    private let sighting = Mutex<StoreSighting?>(nil)
    /// Who the session is, as the lock file's watcher (`FileLock`): a number drawn at random.
    let watcher = UInt64.random(in: 1...UInt64.max)
    private let capacity: Int
    /// Whether a change the redo log acknowledges leaves its weeks here as their files hold them
    /// (the change then edits a copy), so that writing its files after the answer parses none of
    /// them again. For an owner whose next command may come at once (a store's resident process,
    /// answering one-shot commands from scripts): the copy costs the answer a little, and saves
    /// the parse that would compete with the next command. A session whose pauses are a person's
    /// typing (the REPL) changes its weeks in place and parses them again while it waits.
    public let keepsWeeksAsFilesHoldThem: Bool

    /// A cache of at most `capacity` weeks (and as many id shards); see `keepsWeeksAsFilesHoldThem`.
    public init(capacity: Int = 64, keepsWeeksAsFilesHoldThem: Bool = false) {
        self.capacity = capacity
        self.keepsWeeksAsFilesHoldThem = keepsWeeksAsFilesHoldThem
    }

    func tasks(_ week: ISOWeek, identity: WeekIdentity) -> (
        tasks: [PlannerTask], removed: [String: FieldStamp], indexed: Bool, keys: WeekKeys
    )? {
        entries.withLock { entries in
            guard let entry = entries[week], entry.identity == identity else { return nil }
            return (entry.tasks, entry.removed, entry.indexed, entry.keys)
        }
    }

    /// Keeps a week as its files now are; `keys` are its tasks' (made here when not given).
    func store(
        _ week: ISOWeek, identity: WeekIdentity, tasks: [PlannerTask], removed: [String: FieldStamp], indexed: Bool,
        keys: WeekKeys? = nil
    ) {
        let entry = Entry(
            identity: identity, tasks: tasks, removed: removed, indexed: indexed, keys: keys ?? WeekKeys(tasks))
        entries.withLock { entries in
            if entries.count >= capacity, entries[week] == nil { entries.removeAll(keepingCapacity: true) }
            entries[week] = entry
        }
    }

    /// Drops a week about to be changed in a step, so that the step's copy of its tasks is the
    /// only one and is changed in place (a week of thousands of tasks is not copied for one).
    /// The week is offered again once its file is written.
    func forget(_ week: ISOWeek) {
        entries.withLock { entries in _ = entries.removeValue(forKey: week) }
    }

    /// The last id shard found, a hint checked before use (`StoreState.allocateID`).
    var lastShard: Int? {
        get { lastShardNumber.withLock { $0 } }
        set { lastShardNumber.withLock { $0 = newValue } }
    }

    /// Keeps what the session saw of its store as it lets go of the lock, for its next change.
    func keep(_ seen: StoreSighting?) {
        sighting.withLock { $0 = seen }
    }

    /// What the session last saw of its store, taken (a sighting serves once).
    func takeSighting() -> StoreSighting? {
        sighting.withLock { seen in
            defer { seen = nil }
            return seen
        }
    }

    func shard(_ number: Int, identity: Identity) -> [ISOWeek?]? {
        shards.withLock { shards in
            guard let entry = shards[number], entry.identity == identity else { return nil }
            return entry.entries
        }
    }

    func store(shard number: Int, identity: Identity, entries: [ISOWeek?]) {
        shards.withLock { shards in
            if shards.count >= capacity, shards[number] == nil { shards.removeAll(keepingCapacity: true) }
            shards[number] = (identity, entries)
        }
    }

    /// One keyed collection as its file held it.
    struct Collection: Sendable {
        let identity: Identity
        let records: [AnyKeyedRecord]
        let removed: [String: FieldStamp]
    }

    /// A keyed collection as read from its file, while the file is the one read.
    func collection(_ kind: RecordKind, identity: Identity) -> Collection? {
        collections.withLock { collections in
            guard let entry = collections[kind], entry.identity == identity else { return nil }
            return entry
        }
    }

    /// Keeps a keyed collection as its file (of `identity`) holds it.
    func store(
        collection kind: RecordKind, identity: Identity, records: [AnyKeyedRecord], removed: [String: FieldStamp]
    ) {
        let entry = Collection(identity: identity, records: records, removed: removed)
        collections.withLock { $0[kind] = entry }
    }

    /// What a step held of its weeks, and the redo log it was written to, to be let go later.
    private struct Retired: Sendable {
        let weeks: [ISOWeek: [PlannerTask]]
        let keys: [ISOWeek: WeekKeys]
        let redo: RedoLog.Tail?
    }

    /// Keeps the weeks of a step, their keys and its redo log (closed when let go) until
    /// `releaseRetired` (at most a few steps' worth: a session that never pauses frees the oldest
    /// as it goes).
    func retire(_ weeks: [ISOWeek: [PlannerTask]], keys: [ISOWeek: WeekKeys], redo: RedoLog.Tail?) {
        let dropped = retired.withLock { retired -> [Retired] in
            retired.append(Retired(weeks: weeks, keys: keys, redo: redo))
            return retired.count > 8 ? [retired.removeFirst()] : []
        }
        _ = dropped  // freed here, outside the lock
    }

    /// Frees the weeks kept by `retire`.
    func releaseRetired() {
        let dropped = retired.withLock { retired in
            defer { retired.removeAll() }
            return retired
        }
        _ = dropped  // freed here, outside the lock
    }
}
