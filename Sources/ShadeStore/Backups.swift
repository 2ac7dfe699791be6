import ShadePlatform

/// One set of saved copies: the files one change replaced, as they were before it.
public struct BackupSet: Sendable, Equatable {
    /// Its number; higher is newer.
    public let number: Int
    /// When the change replaced them (seconds since 1970, the set's creation).
    public let seconds: Int
    /// The files, relative to the store (`weeks/2026/2026-W48.json`).
    public let files: [String]
    /// How many tasks each week file of `files` holds (nil for other files and unreadable ones).
    public let taskCounts: [Int?]
}

/// Keeps the store files each change replaces, as hard links in `backups/NNNNNNNNNN/` (one
/// directory a set, its files named by their path with `~` for `/`: `weeks~2026~2026-W48.json`,
/// so that a set costs one directory), for the last `kept` changes. A replaced file is never
/// written while a set keeps it (every save writes a file no other name shares and renames it over
/// the old; `SpareFiles` writes over none but a file of one name), so a link keeps the old version
/// exactly, at the cost of a directory entry. A pruned set's files and folder become spares.
struct Backups {
    let paths: StorePaths
    /// How many changes' replaced files are kept.
    static let kept = StoreFormat.backupDepth

    var directory: String { paths.backups }

    /// Whether replaced versions of a file are kept: the planner's data, not the undo journal
    /// (whose entries are never replaced) or caches.
    static func keeps(_ relativePath: String) -> Bool {
        StoreFileKind(relativePath: relativePath)?.isBackedUp ?? false
    }

    /// Links each of `targets` (absolute paths) that exists into a new set; returns the set's
    /// directory, or nil when none of them existed yet. Runs under the exclusive lock; `folders`
    /// are the commit's (`LinkFreePath.Folders`); the set's folder is a spare one where `spares`
    /// has one.
    func preserve(
        _ targets: [String], in folders: LinkFreePath.Folders = LinkFreePath.Folders(), spares: SpareFiles? = nil
    ) throws(StoreError) -> Preserved? {
        // A week is kept with its id index as it is now (changed by this change or not), so that
        // `restore` brings the week back with the ids its tasks had; an index is kept only with
        // its week (ids handed out alone are no restore point).
        let replaced = targets.map { String($0.dropFirst(paths.root.count + 1)) }.filter(Backups.keeps)
        var relative: [String] = []
        for path in replaced {
            switch StoreFileKind(relativePath: path) {
            case .weekIndex?: continue
            case .week(let week)?: relative += [path, paths.weekIndexFile(week)]
            default: relative.append(path)
            }
        }
        guard !relative.isEmpty else { return nil }
        let existing = try setNumbers()
        let number = (existing.last ?? 0) + 1
        let set = paths.backupSet(number)
        var made = false
        for path in relative where try FileSystem.exists(paths.absolute(path)) {
            let copy = set + "/" + Backups.flattened(path)
            if !made {
                // The set's folder is a spare one where there is one (`backups/` opened first: a
                // failure there is the change's, not the spare's).
                let parent = spares == nil ? nil : folders.parent(of: set)
                if spares != nil, parent == nil, errno != ENOENT {
                    throw FileSystem.refusal(of: set, operation: "create the directory", errno: errno, folder: true)
                }
                let taken = parent.map { spares?.takeFolder(into: $0.fd, as: $0.name) == true } ?? false
                if !taken { try FileSystem.makeDirectories(set) }
            }
            made = true
            do throws(StoreError) { try FileSystem.link(paths.absolute(path), as: copy, in: folders) } catch {
                if case .io(_, _, ENOENT) = error { continue }
                remove(set)
                throw error
            }
        }
        return made ? Preserved(directory: set, numbers: existing + [number]) : nil
    }

    /// Keeps the whole store as an earlier format wrote it, before its first write in this
    /// format: every file but the caches (the planner, its ids, its change log), linked into `backups/format-N/` (made whole
    /// under another name, then renamed, and flushed with the file system). Never pruned; kept
    /// once — a later write of a store already kept skips it.
    func preserveWholeStore(format: Int) throws(StoreError) {
        let target = paths.upgradeBackup(from: format)
        guard try !FileSystem.exists(target) else { return }
        let partial = target + ".partial"
        remove(partial)
        for file in try StoreFiles(paths: paths).all()
        where StoreFileKind(relativePath: file).map({ $0.scope != .cache }) ?? false {
            let copy = partial + "/" + file
            try FileSystem.makeDirectories(FileSystem.parentDirectory(of: copy))
            do throws(StoreError) { try FileSystem.link(paths.absolute(file), as: copy) } catch {
                if case .io(_, _, ENOENT) = error { continue }
                remove(partial)
                throw error
            }
        }
        try FileSystem.makeDirectories(partial)
        try FileSystem.rename(partial, to: target)
        try FileSystem.syncFileSystem(of: paths.root, reporting: target)
    }

    /// A set just made, and the numbers of every set there is now (so that pruning needs no
    /// second listing).
    struct Preserved {
        let directory: String
        let numbers: [Int]
    }

    /// Removes the oldest sets beyond `kept` (best effort: an extra old set does no harm); with
    /// `spares`, their files and folders are kept there to be written again rather than removed.
    func prune(_ preserved: Preserved?, into spares: SpareFiles? = nil) {
        guard let numbers = preserved?.numbers else { return }
        for number in numbers.dropLast(Backups.kept) {
            let set = paths.backupSet(number)
            if let spares { retire(set, into: spares) } else { remove(set) }
        }
    }

    /// Lets go of a set into `spares`: its files, then its emptied folder (a folder in it, of a
    /// set an earlier shade kept, is removed).
    private func retire(_ set: String, into spares: SpareFiles) {
        let folder = LinkFreePath.open(set, LinkFreePath.pathOnly | O_DIRECTORY)
        guard folder >= 0 else { return remove(set) }
        defer { close(folder) }
        var emptied = true
        for name in (try? FileSystem.list(set)) ?? [] {
            if LinkFreePath.kind(of: name, in: folder) == S_IFDIR {
                remove(set + "/" + name)
            } else {
                spares.retire(name, in: folder)
            }
            emptied = emptied && LinkFreePath.kind(of: name, in: folder) == 0
        }
        if emptied { spares.retireFolder(set) } else { remove(set) }
    }

    /// The sets there are, oldest first.
    func sets() throws(StoreError) -> [BackupSet] {
        try setNumbers().map { number throws(StoreError) in
            let root = paths.backupSet(number)
            var info = stat()
            let seconds = lstat(root, &info) == 0 ? Int(info.st_mtim.tv_sec) : 0
            // Only files of the store's kinds are ever brought back (`restore` writes where the
            // registry says, never where a name in a set points).
            let files = try files(under: root, prefix: "").filter { StoreFileKind(relativePath: $0) != nil }.sorted()
            let counts = files.map { file -> Int? in
                guard let kind = StoreFileKind(relativePath: file), case .week = kind,
                    let bytes = try? FileSystem.read(path(of: file, in: number)),
                    case .week(let week) = try? kind.decode(bytes, file: path(of: file, in: number))
                else { return nil }
                return week.tasks.count
            }
            return BackupSet(number: number, seconds: seconds, files: files, taskCounts: counts)
        }
    }

    /// The path of a file in a set (sets of an earlier shade kept the store's directories).
    func path(of file: String, in number: Int) -> String {
        let flat = paths.backupSet(number) + "/" + Backups.flattened(file)
        return (try? FileSystem.exists(flat)) == true ? flat : paths.backupSet(number) + "/" + file
    }

    /// A store file's name in a set: its path with `~` for `/`.
    static func flattened(_ relativePath: String) -> String {
        String(relativePath.map { $0 == "/" ? "~" : $0 })
    }

    private func setNumbers() throws(StoreError) -> [Int] {
        try FileSystem.list(directory).compactMap { $0.utf8.count == 10 ? Int($0) : nil }.sorted()
    }

    private func files(under root: String, prefix: String) throws(StoreError) -> [String] {
        var result: [String] = []
        for name in try FileSystem.list(root + (prefix.isEmpty ? "" : "/" + prefix)) {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if name.hasSuffix(".json") {
                result.append(String(relative.map { $0 == "~" ? "/" : $0 }))
            } else if FileStamp.status(of: root + "/" + relative).map({ $0.st_mode & S_IFMT == S_IFDIR }) == true {
                // A folder of a set an earlier shade kept; anything else (a link among them) is
                // no store file and is neither listed nor followed.
                result += try files(under: root, prefix: relative)
            }
        }
        return result
    }

    /// Removes a set's directory tree (best effort).
    func remove(_ root: String) {
        for name in (try? FileSystem.list(root)) ?? [] {
            let path = root + "/" + name
            if (try? FileSystem.remove(path)) == nil { remove(path) }
        }
        try? FileSystem.removeDirectory(root)
    }
}
