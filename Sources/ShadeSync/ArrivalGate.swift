import ShadeCore
import ShadeStore

/// The one door for arriving bytes (SPEC §14): a fetched commit's tree is inspected before
/// anything of it reaches the working tree or the store — every path must be of a kind the
/// store's registry shares (`SharedPlannerFiles`), every entry a regular file or a folder on the
/// way to one (no symbolic link, no submodule, no executable), every file within the size limit,
/// and every file that differs from what this copy holds read through the store's own codecs.
/// Nothing is checked out to look: git lists the tree and hands out each file's bytes.
struct ArrivalGate {
    let git: GitRepository

    /// Passes `commit` or throws `SyncError.refused` naming the first path that may not come
    /// in. `known` is a commit of this copy's own (its `HEAD`): the files it holds as they are
    /// were read before, so only the others are read again.
    func inspect(_ commit: String, against known: String?) throws(SyncError) {
        let entries = try git.tree(commit)
        guard entries.count <= Self.maximumEntries else {
            throw .refused(
                path: "its tree",
                reason: "holds \(entries.count) files and folders, over the limit of \(Self.maximumEntries)",
                sender: nil)
        }
        var changed: Set<String>?
        if let known { changed = Set(try git.changedFiles(from: known, to: commit)) }
        var unread: [GitRepository.TreeEntry] = []
        for entry in entries {
            try check(entry, in: commit)
            if entry.type == "blob", changed?.contains(entry.path) ?? true { unread.append(entry) }
        }
        if let known, let changed { try checkRemovals(changed, by: commit, from: known, entries: entries) }
        // Read in batches, so that what is held at once stays bounded.
        var batch: [GitRepository.TreeEntry] = []
        var batchBytes = 0
        for (index, entry) in unread.enumerated() {
            batch.append(entry)
            batchBytes += entry.size ?? 0
            if batchBytes >= Self.batchBytes || index == unread.count - 1 {
                for (one, bytes) in zip(batch, try git.blobs(batch.map(\.object))) {
                    try read(one, bytes, in: commit)
                }
                batch = []
                batchBytes = 0
            }
        }
    }

    /// The most files and folders a planner's tree may hold: a week file for every week of two
    /// centuries, and room to spare.
    static let maximumEntries = 20_000

    /// How many bytes of arrived files are read at once, at most (one file may be larger).
    static let batchBytes = 64 * 1024 * 1024

    /// shade never removes a planner file (a task goes with a tombstone in its week's file, which
    /// the merge and the conflict log see): one that the commit both copies share held and
    /// `commit` lacks was removed by hand, and would take its tasks with it unrecorded.
    private func checkRemovals(
        _ changed: Set<String>, by commit: String, from known: String, entries: [GitRepository.TreeEntry]
    ) throws(SyncError) {
        let present = Set(entries.map(\.path))
        let missing = changed.filter { !present.contains($0) && SharedPlannerFiles.role(of: $0) == .planner }
        guard !missing.isEmpty, let base = try git.mergeBase(known, commit) else { return }
        let shared = Set(try git.changedFiles(from: nil, to: base))
        if let removed = missing.sorted().first(where: shared.contains) {
            throw refusal(
                removed,
                "was removed; shade never removes a planner file (a task is removed with a tombstone, which every copy merges)",
                in: commit)
        }
    }

    /// The kind, mode and size of one entry.
    private func check(_ entry: GitRepository.TreeEntry, in commit: String) throws(SyncError) {
        let role = SharedPlannerFiles.role(of: entry.path)
        switch (entry.mode, entry.type) {
        case ("120000", _):
            throw refusal(entry.path, "is a symbolic link; a planner holds only regular files", in: commit)
        case ("160000", _), (_, "commit"):
            throw refusal(entry.path, "is a submodule (a gitlink); a planner holds only regular files", in: commit)
        case (_, "tree"):
            // A folder is judged by what it holds: a file of no kind under it is named itself.
            return
        case ("100644", "blob"):
            break
        case ("100755", _):
            throw refusal(entry.path, "is an executable file; a planner holds only plain files", in: commit)
        default:
            throw refusal(entry.path, "is a git entry of mode \(entry.mode), not a plain file", in: commit)
        }
        guard let role, role != .folder else {
            throw refusal(
                entry.path,
                "is no planner file (a planner shares shade.json, its collections such as goals.json, weeks/YEAR/YEAR-Www.json, .gitignore and .gitattributes)",
                in: commit)
        }
        let limit = role == .rules ? SharedPlannerFiles.maximumRulesSize : SharedPlannerFiles.maximumFileSize
        if let size = entry.size, size > limit {
            throw refusal(entry.path, "is \(size) bytes, over the limit of \(limit) bytes for such a file", in: commit)
        }
    }

    /// One file's bytes, read as the store would read them.
    private func read(_ entry: GitRepository.TreeEntry, _ bytes: [UInt8], in commit: String) throws(SyncError) {
        switch SharedPlannerFiles.role(of: entry.path) {
        case .planner:
            do { try SharedPlannerFiles.read(bytes, path: entry.path) } catch {
                // The diagnosis alone: the store's advice on mending a file of its own is not for this.
                throw refusal(entry.path, "does not read: " + error.message.firstLine(), in: commit)
            }
        case .rules:
            guard String(validating: bytes, as: UTF8.self) != nil, !bytes.contains(0) else {
                throw refusal(entry.path, "is not text (invalid UTF-8 or a NUL byte)", in: commit)
            }
        case .folder, nil:
            throw refusal(entry.path, "is no planner file", in: commit)
        }
    }

    private func refusal(_ path: String, _ reason: SafeText, in commit: String) -> SyncError {
        .refused(path: path, reason: reason, sender: git.author(of: path, upTo: commit))
    }
}
