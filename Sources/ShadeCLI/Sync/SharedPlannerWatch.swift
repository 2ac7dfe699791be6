import ShadeStore

/// Notices, before a command, that git changed a shared store's files since this copy last
/// looked (a plain `git pull`, a sync from another process): the tasks the merge brought are then
/// settled — moved ones keep their ids, new ones are numbered — before the command reads them.
/// A store that is no repository costs one failed file lookup.
enum SharedPlannerWatch {
    static func settleIfMerged(_ session: Session) throws {
        let root = session.store.directory
        guard let settled = try TextFile.read(root + "/.git/shade-settled"),
            let head = headCommit(root)
        else { return }
        guard String(decoding: settled, as: UTF8.self).trimmingTrailingNewlines != head else { return }
        let sync = try PlannerSync(session: session, now: try session.now())
        try session.store.exclusively { locked in try sync.settle(locked: locked) }
    }

    /// The commit `.git/HEAD` names, read from git's files (no process): the branch's ref file,
    /// else its line in `packed-refs`.
    static func headCommit(_ root: String) -> String? {
        guard let head = try? TextFile.read(root + "/.git/HEAD") else { return nil }
        let text = String(decoding: head, as: UTF8.self).trimmingTrailingNewlines
        guard text.hasPrefix("ref: ") else { return text }
        let ref = String(text.dropFirst(5))
        if let bytes = try? TextFile.read(root + "/.git/" + ref) {
            return String(decoding: bytes, as: UTF8.self).trimmingTrailingNewlines
        }
        guard let packed = try? TextFile.read(root + "/.git/packed-refs") else { return nil }
        for line in String(decoding: packed, as: UTF8.self).split(separator: "\n") where line.hasSuffix(" " + ref) {
            return String(line.prefix { $0 != " " })
        }
        return nil
    }
}
