import ShadeCore
import ShadeStore

/// Compacting tombstones (SPEC §15): a removal older than `keepRemovalsDays` that every known
/// member has synced past is dropped from its file. Without it, every removal would stay in the
/// files for good.
///
/// A member has synced past a removal when their newest commit in this copy's history holds its
/// tombstone: they merged the removal. A member with no commit here, or whose newest commit holds
/// the record or neither (it predates the record: their copy may have received it since without
/// committing), keeps the tombstone: dropped while a copy still holds the record, that copy's
/// next change of it would bring the record back. Commits name their authors as git lets anyone
/// name them: a member who forges another's name can make a tombstone go early, which costs
/// no more than the removal itself (a change after it brings the task back, as any member can). The merge drops a
/// tombstone one side dropped and the other kept as it was (`RecordMerge`), so every copy ends
/// without it.
extension PlannerSync {
    /// Drops what can be dropped, under the store's lock; returns how many tombstones went.
    /// Looked at once a day at most (the copy's sync state notes the day), and never on the day
    /// the copy first syncs.
    func compactTombstones(locked: LockedStore) throws -> Int {
        let today = now.date.description
        let state = try SyncState.read(in: store.directory)
        guard state.compactedOn != today else { return 0 }
        try SyncState.update(in: store.directory) { $0.compactedOn = today }
        guard state.compactedOn != nil else { return 0 }
        // The files that hold any tombstone, found by git in the commit checked out (its files
        // are what this copy holds, its changes committed or not being added to them).
        let listed = try git.run(["grep", "-l", "-F", "\"removed\": {", "HEAD", "--", "*.json"])
        let files = listed.output.split(separator: "\n").compactMap { line -> String? in
            let path = line.hasPrefix("HEAD:") ? String(line.dropFirst(5)) : String(line)
            return SharedPlannerFiles.role(of: path) == .planner ? path : nil
        }
        guard !files.isEmpty else { return 0 }
        let cutoff = "\(now.date.adding(days: -keepRemovalsDays))T00:00:00+00:00"
        let candidates = try locked.read { state in try state.tombstones(in: files, removedBefore: cutoff) }
        guard !candidates.isEmpty else { return 0 }
        let members = try locked.read { state in try state.keyedRecords(of: Member.kind) }.map(\.base.key)
        guard !members.isEmpty else { return 0 }
        // Each member's newest commit, by the name git commits record (the member's name).
        var newest: [String: String] = [:]
        for line in try git.run(["log", "--format=%H%x09%an", "HEAD"]).output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if parts.count == 2, newest[parts[1]] == nil { newest[parts[1]] = parts[0] }
        }
        var commits: Set<String> = []
        for member in members {
            guard let commit = newest[member] else { return 0 }
            commits.insert(commit)
        }
        let paths = Array(Set(candidates.map(\.file))).sorted()
        var versions: [String: [[UInt8]]] = [:]
        for commit in commits { versions[commit] = try git.files(paths, at: commit) }
        let droppable = candidates.filter { tombstone in
            guard let index = paths.firstIndex(of: tombstone.file) else { return false }
            // Evidence, not absence: the member's newest commit holds the tombstone (a commit
            // that predates the record holds neither, and says nothing of their copy now).
            return commits.allSatisfy { commit in
                guard let bytes = versions[commit]?[index],
                    let standing = SharedPlannerFiles.standing(of: tombstone.key, in: bytes, path: tombstone.file)
                else { return false }
                return !standing.holds && standing.removed != nil
            }
        }
        guard !droppable.isEmpty else { return 0 }
        try locked.write(label: nil, now: now) { state in try state.drop(droppable) }
        return droppable.count
    }
}
