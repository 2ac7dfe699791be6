import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeStore

/// Settling arrivals: what a merge brought becomes tasks with ids of this copy.
extension PlannerSync {
    /// Where this copy notes the commit whose tasks it last settled (inside `.git`: never shared).
    private var settledFile: String { store.directory + "/.git/shade-settled" }

    /// Notes that `head`, a commit of this copy's own, has nothing left to settle.
    func markSettled(_ head: String) throws {
        try TextFile.writeAtomically(settledFile, head + "\n")
    }

    /// Settles what a plain `git pull` (or a sync of another process) merged since this copy last
    /// looked, under the store's lock.
    public func settleMerged() throws {
        try store.exclusively { locked in _ = try settle(locked: locked) }
    }

    /// Settles the tasks a merge (this sync's, or a plain `git pull`) brought: moved tasks keep
    /// their ids, a task found in two weeks is made one, new tasks are numbered, conflicts of
    /// that are logged. `new` is the commit checked out (asked when not given). Returns whether
    /// the store's files were written.
    @discardableResult
    func settle(locked: LockedStore, from old: String? = nil, to new: String? = nil, everything: Bool = false) throws
        -> Bool
    {
        guard let new = try new ?? git.commit("HEAD") else { return false }
        let previous =
            everything
            ? nil
            : try old
                ?? TextFile.read(settledFile).map { String(decoding: $0, as: UTF8.self).trimmingTrailingNewlines }
        if previous == new { return false }
        // A merge's weeks: those either side changed since the base (a task one side moved and
        // the other changed where it was is in two weeks, one of them unchanged here).
        let parents = try git.parents(of: new)
        let base = parents.count == 2 ? try git.mergeBase(parents[0], parents[1]) : nil
        // What came from the other side: the merged branch, or the commit taken as it was.
        let arrived = parents.count == 2 ? parents[1] : new
        var files = try git.changedFiles(from: previous, to: new)
        if let base { files += try git.changedFiles(from: base, to: new) }
        if !files.isEmpty {
            let git = self.git
            let arrivals = try locked.write(label: nil, now: now) { state in
                try state.settleArrivals(
                    afterChangesTo: files, now: now.timestamp,
                    base: { path in base.flatMap { try? git.file(path, at: $0) } },
                    // A copy that joins starts as the planner is: nothing of it is a change here.
                    earlier: previous.map { commit in { path in try? git.file(path, at: commit) } },
                    sender: { path in git.author(of: path, upTo: arrived, nameOnly: true) })
            }
            try ConflictLog.append(arrivals.conflicts, merged: now.timestamp, in: store.directory)
        }
        try TextFile.writeAtomically(settledFile, new + "\n")
        return !files.isEmpty
    }
}
