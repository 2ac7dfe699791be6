import ShadeStore

/// Notices, before a command, that git changed a shared store's files since this copy last
/// looked (a plain `git pull`, a sync from another process): the tasks the merge brought are then
/// settled — moved ones keep their ids, new ones are numbered — before the command reads them.
/// A store that is no repository costs one failed file lookup.
public enum SharedPlannerWatch {
    /// Whether the store at `root` is shared and git moved its branch since this copy last
    /// settled it (then `PlannerSync.settleMerged()` settles it).
    public static func needsSettling(_ root: String) throws -> Bool {
        guard let settled = try TextFile.read(root + "/.git/shade-settled"), let head = headCommit(root) else {
            return false
        }
        return String(decoding: settled, as: UTF8.self).trimmingTrailingNewlines != head
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
