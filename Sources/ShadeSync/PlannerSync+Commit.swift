import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeStore

/// Committing this copy's changes: only planner files, each checked before the commit.
extension PlannerSync {
    /// What `commitLocal` left: the commit checked out, and the one it made, when it made one.
    struct Committed {
        /// The commit made: the one it was made on (nil: the first), and the records it changed.
        struct Made {
            let parent: String?
            let deltas: [StoreFileMerge.RecordDelta]
        }

        /// The commit checked out (nil before the first).
        var head: String?
        var made: Made?
    }

    /// Where this copy notes the last commit whose tree it checked to hold only planner files,
    /// with nothing else staged, at the end of a commit of its own (inside `.git`: never shared).
    private var checkedFile: String { store.directory + "/.git/shade-checked" }

    /// The last commit this copy made (or found holding only planner files, with nothing else
    /// staged) at the end of `commitLocal`; nil when there is none.
    func checkedCommit() throws -> String? {
        try TextFile.read(checkedFile).map { String(decoding: $0, as: UTF8.self).trimmingTrailingNewlines }
    }

    /// Commits what changed in the planner's files since the last commit, with a message naming
    /// it (or `message`); nothing when nothing changed. `known` is git's status when it was
    /// asked already (nothing changed since).
    ///
    /// Only files of the kinds that travel are staged (each by its path, whatever git's ignore
    /// rules say), and what is staged is checked before the commit: a file of this copy's own is never
    /// committed.
    @discardableResult
    func commitLocal(message: String?, status known: GitRepository.Status? = nil) throws -> Committed {
        var status = try known ?? git.status()
        let head = status.head
        let staged: [String]
        if let head, status.staged.isEmpty, !status.unmerged, try checkedCommit() == head {
            // Nothing is staged: the index is HEAD's tree, and HEAD is the commit whose tree this
            // copy checked at the end of its last commit (below) — so git tracks no file but
            // planner files, and there is nothing to take back from the index or to look for in
            // it. What gets staged is what this copy stages now: the changed planner files, each
            // by its path; `git status` above was that check of what was staged before.
            let changed = status.changed.filter { SharedPlannerFiles.role(of: $0) != nil }
            guard !changed.isEmpty else { return Committed(head: head) }
            try stage(changed)
            staged = changed
        } else {
            try unstage(head: head)
            status = try git.status()
            try stage(status.changed.filter { SharedPlannerFiles.role(of: $0) != nil })
            // What git tracks that is no planner file (brought by a plain git pull, or by an earlier
            // shade) leaves the index; the file in the store, this copy's own, stays as it is.
            let tracked = try git.indexEntries().map(\.path).filter { SharedPlannerFiles.role(of: $0) == nil }
            if !tracked.isEmpty {
                try git.require(
                    ["rm", "--cached", "--sparse", "-q", "--ignore-unmatch", "--"]
                        + tracked.map { ":(top,literal)" + $0 },
                    doing: "stop tracking files that are no planner files")
            }
            let untracked = Set(tracked)
            staged = try git.stagedFiles()
            if let stray = staged.first(where: { SharedPlannerFiles.role(of: $0) == nil && !untracked.contains($0) }) {
                try unstage(head: head)
                throw SyncError.failed(
                    "\(stray) was about to be committed, but it is this copy's own file; nothing was committed")
            }
            guard !staged.isEmpty else {
                if let head { try TextFile.writeAtomically(checkedFile, head + "\n") }
                return Committed(head: head)
            }
        }
        // The records the commit changes, each file's version in HEAD read in one process.
        let files = staged.filter { SharedPlannerFiles.role(of: $0) == .planner }
        let old = try head.map { commit throws(SyncError) in try git.files(files, at: commit) }
        var deltas: [StoreFileMerge.RecordDelta] = []
        for (index, path) in files.enumerated() {
            let new = try TextFile.read(store.directory + "/" + path) ?? []
            deltas += StoreFileMerge.deltas(path: path, old: old?[index] ?? [], new: new)
        }
        let text = message ?? Self.message(for: deltas, by: store.author)
        try git.require(["commit", "-q", "--no-verify", "-m", text], doing: "commit the planner's changes")
        let after = try git.currentCommit()
        if let after {
            // Everything staged was checked: the commit's tree holds planner files only.
            try TextFile.writeAtomically(checkedFile, after + "\n")
            try markSettled(after)
        }
        return Committed(head: after, made: Committed.Made(parent: head, deltas: deltas))
    }

    /// Stages the changed planner files, each by its path. A planner file is a plain file (a
    /// link put there by hand, or by a plain git pull, is never committed, nor read to describe
    /// the commit).
    private func stage(_ changed: [String]) throws {
        for path in changed {
            var info = stat()
            if lstat(store.directory + "/" + path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw SyncError.failed(
                    "\(path) is not a plain file (a link?); shade commits only plain planner files: remove it, then sync"
                )
            }
        }
        guard !changed.isEmpty else { return }
        try git.require(
            ["add", "-A", "--"] + changed.map { ":(top,literal)" + $0 }, doing: "stage the planner's changes")
    }

    /// Takes back whatever is staged (by hand, or by an earlier run), so that a commit holds only
    /// what this sync stages; `head` is the commit checked out (nil before the first).
    private func unstage(head: String?) throws {
        if head != nil {
            try git.require(["reset", "-q"], doing: "clear what was staged")
        } else {
            try git.require(["read-tree", "--empty"], doing: "clear what was staged")
        }
    }
}
