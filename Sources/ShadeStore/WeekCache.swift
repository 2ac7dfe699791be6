import ShadeCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Weeks a long-lived session (the REPL) has read, kept while their files stay the same, so that
/// repeated views do not parse the same week again. A file replaced by another process (or a
/// hand edit) has another identity and is read afresh.
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
    }

    private let entries = Mutex<[ISOWeek: Entry]>([:])
    private let capacity: Int

    /// A cache of at most `capacity` weeks.
    public init(capacity: Int = 64) { self.capacity = capacity }

    func tasks(_ week: ISOWeek, identity: WeekIdentity) -> (
        tasks: [PlannerTask], removed: [String: FieldStamp], indexed: Bool
    )? {
        entries.withLock { entries in
            guard let entry = entries[week], entry.identity == identity else { return nil }
            return (entry.tasks, entry.removed, entry.indexed)
        }
    }

    func store(
        _ week: ISOWeek, identity: WeekIdentity, tasks: [PlannerTask], removed: [String: FieldStamp], indexed: Bool
    ) {
        entries.withLock { entries in
            if entries.count >= capacity, entries[week] == nil { entries.removeAll(keepingCapacity: true) }
            entries[week] = Entry(identity: identity, tasks: tasks, removed: removed, indexed: indexed)
        }
    }
}
