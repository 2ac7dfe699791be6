import ShadeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Weeks a long-lived session (the REPL) has read, kept while their files stay the same, so that
/// repeated views do not parse the same week again. A file replaced by another process (or a
/// hand edit) has another identity and is read afresh.
public final class WeekCache: @unchecked Sendable {
    /// What identifies one version of a file: inode, size and modification time.
    struct Identity: Hashable {
        let inode: UInt64
        let stamp: FileStamp

        static func of(_ path: String) -> Identity? {
            FileStamp.status(of: path).map { Identity(inode: UInt64($0.st_ino), stamp: FileStamp($0)) }
        }
    }

    private var entries: [ISOWeek: (identity: Identity, tasks: [PlannerTask])] = [:]
    private let capacity: Int

    /// A cache of at most `capacity` weeks.
    public init(capacity: Int = 64) { self.capacity = capacity }

    func tasks(_ week: ISOWeek, identity: Identity) -> [PlannerTask]? {
        guard let entry = entries[week], entry.identity == identity else { return nil }
        return entry.tasks
    }

    func store(_ week: ISOWeek, identity: Identity, tasks: [PlannerTask]) {
        if entries.count >= capacity, entries[week] == nil { entries.removeAll(keepingCapacity: true) }
        entries[week] = (identity, tasks)
    }
}
