import ShadePlatform

/// Files and folders a change no longer needs, kept in `.spare/` to be written again instead of
/// removed.
///
/// Removing the last name of a file whose blocks have reached the disk is dear on ext4: 0.25 to
/// 0.4 ms on the machines shade is measured on (mounted with `discard`), and removing a folder
/// 0.15 to 0.3 ms. A change pruned its oldest set of saved copies (a week, its id index, their
/// folder) for about 0.8 ms, an eighth of `shade --version`. Writing over a file that is there
/// costs less than making one. So what a change lets go of is moved here instead (a rename), and
/// a later change stages a file in it: written from its start, over blocks it has, and cut to
/// the new content only within its last block (a spare is taken when it is no longer than the
/// content, or ends in the same 4 KiB block as the content would: no block is freed), or makes a
/// set of saved copies in a folder from here. Taking a spare a little longer matters: a change
/// log entry of an `add` is a few bytes shorter than one of a `done`, and with none to take, the
/// full pool removed a file at each `add` (0.38 ms, strace).
///
/// Only what nothing else can see is written: a regular file of this user's with one name (its
/// name here), opened without following a link and made private (0600) as a new file is; an
/// empty folder of this user's that is private to them. Anything else
/// found here loses its name here and is never written. A spare is no data: it is this copy's
/// own (a shared planner's `.gitignore` keeps every root entry but the planner's out), no reader
/// lists it (the store's listing skips names that begin with a dot), and a staged spare is a
/// staged file like any other (the commit record carries its content; recovery sweeps it).
/// Every call runs under the store's exclusive lock, and each is best effort: what cannot be kept
/// is removed, what cannot be taken is made anew.
final class SpareFiles {
    let paths: StorePaths
    /// How many files are kept; a file let go of when as many are kept is removed.
    static let capacity = 8
    /// How many folders are kept.
    static let folderCapacity = 2
    /// How a spare's name begins, a folder's and a file's.
    static let folderPrefix = "spare-folder-"
    static let filePrefix = "spare-file-"

    /// The names in `.spare/`, listed when first needed and kept up to date by this object.
    private var names: [String]?
    /// The size of each spare file found fit, as first looked at: nothing else writes to `.spare/`
    /// while this object lives (the store's exclusive lock), and a spare taken is looked at again
    /// once open. So each is looked at once a commit, not once for each file the commit stages.
    /// (Made at its full size: a dictionary of strings that grows, or is copied, asks the runtime
    /// for its storage's type by name, 0.36M instructions.)
    private var sizes = [String: Int](minimumCapacity: 2 * SpareFiles.capacity)
    /// `.spare/` and the folders spares move between, each opened once for this object's life
    /// (one commit, under the exclusive lock).
    private let folders = LinkFreePath.Folders()

    init(paths: StorePaths) {
        self.paths = paths
    }

    private var directory: String { paths.spares }

    private func listed() -> [String] {
        if let names { return names }
        let found = (try? FileSystem.list(directory)) ?? []
        names = found
        return found
    }

    /// The spare files' names, and the spare folders'.
    private var files: [String] { listed().filter { !$0.hasPrefix(SpareFiles.folderPrefix) } }
    private var spareFolders: [String] { listed().filter { $0.hasPrefix(SpareFiles.folderPrefix) } }

    /// `.spare/`, open (made when it is not there yet); nil when it cannot be.
    private func spareFolder() -> Int32? {
        if let (fd, _) = folders.parent(of: directory + "/" + SpareFiles.filePrefix) { return fd }
        guard (try? FileSystem.makeDirectories(directory)) != nil else { return nil }
        return folders.parent(of: directory + "/" + SpareFiles.filePrefix)?.fd
    }

    /// Lets go of the file at `name` in the open folder `folder`: moved here when it is a file no
    /// other name shares and there is room, else removed. A file with another name (a saved copy
    /// still keeps it) only loses this one.
    func retire(_ name: String, in folder: Int32) {
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, SpareFiles.writable(info),
            files.count < SpareFiles.capacity, let here = spareFolder()
        {
            let spare = SpareFiles.filePrefix + SpareFiles.freshName()
            if renameat(folder, name, here, spare) == 0 {
                names?.append(spare)
                return
            }
        }
        unlinkat(folder, name, 0)
    }

    /// Lets go of the file at `path`, as `retire(_:in:)` does.
    func retire(_ path: String) {
        _ = LinkFreePath.inParent(of: path, in: folders) { folder, name in
            retire(name, in: folder)
            return 0
        }
    }

    /// Lets go of an emptied folder: moved here when there is room, else removed.
    func retireFolder(_ path: String) {
        if spareFolders.count < SpareFiles.folderCapacity, spareFolder() != nil {
            let spare = SpareFiles.folderPrefix + SpareFiles.freshName()
            if (try? FileSystem.rename(path, to: directory + "/" + spare, in: folders)) != nil {
                names?.append(spare)
                return
            }
        }
        try? FileSystem.removeDirectory(path)
    }

    /// A spare to stage `size` bytes in, moved to `path` and open for writing from its start, and
    /// its length: the longest no longer than `size`, else the shortest that ends in the same
    /// 4 KiB block as `size` bytes (the caller cuts it to its content: `AtomicCommit.stage`). Nil
    /// when there is none (a spare found unfit is removed).
    func take(as path: String, size: Int) -> (fd: Int32, length: Int)? {
        guard !files.isEmpty, let folder = folders.parent(of: directory + "/" + SpareFiles.filePrefix)?.fd else {
            return nil
        }
        var best: (name: String, size: Int)?
        var longer: (name: String, size: Int)?
        for name in files {
            var length = sizes[name] ?? -1
            if length < 0 {
                var info = stat()
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, SpareFiles.writable(info) else {
                    forget(name, in: folder)
                    continue
                }
                length = Int(info.st_size)
                sizes[name] = length
            }
            if length <= size {
                if length > best?.size ?? -1 { best = (name, length) }
            } else if SpareFiles.lastBlock(of: length) == SpareFiles.lastBlock(of: size),
                length < longer?.size ?? .max
            {
                longer = (name, length)
            }
        }
        guard let best = best ?? longer else { return nil }
        names?.removeAll { $0 == best.name }
        let fd = openat(folder, best.name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        // Told again of what is open, which no rename since can change; private to the user, as
        // a file made anew is, whatever mode the file it was had.
        var info = stat()
        let moved =
            fstat(fd, &info) == 0 && SpareFiles.writable(info) && Int(info.st_size) == best.size
            && fchmod(fd, 0o600) == 0
            && LinkFreePath.inParent(of: path, in: folders) { staging, stagedName in
                renameat(folder, best.name, staging, stagedName)
            } == 0
        guard moved else {
            close(fd)
            unlinkat(folder, best.name, 0)
            return nil
        }
        return (fd, best.size)
    }

    /// An empty folder of this user's, private to them, moved to `name` in the open folder
    /// `folder` (a set of saved copies); false when there is none (one found unfit is removed).
    func takeFolder(into folder: Int32, as name: String) -> Bool {
        for spare in spareFolders {
            names?.removeAll { $0 == spare }
            let path = directory + "/" + spare
            let status = FileStamp.status(of: path)
            guard let status, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == SpareFiles.user,
                status.st_mode & 0o077 == 0, (try? FileSystem.list(path))?.isEmpty == true
            else {
                if status.map({ $0.st_mode & S_IFMT == S_IFDIR }) == true {
                    Backups(paths: paths).remove(path)
                } else {
                    try? FileSystem.remove(path)
                }
                continue
            }
            let moved = LinkFreePath.inParent(of: path, in: folders) { here, spareName in
                renameat(here, spareName, folder, name)
            }
            if moved == 0 { return true }
        }
        return false
    }

    /// The 4 KiB block (from 1) `length` bytes end in; 0 for none.
    private static func lastBlock(of length: Int) -> Int { (length + 4095) / 4096 }

    /// Whether a file may be written over as a spare: a regular file of this user's that no other
    /// name shares.
    private static func writable(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1 && info.st_uid == user
    }

    /// This process's user (asked of the system once).
    private static let user = geteuid()

    private func forget(_ name: String, in folder: Int32) {
        unlinkat(folder, name, 0)
        names?.removeAll { $0 == name }
    }

    /// A name no spare has: 64 random bits.
    private static func freshName() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }
}
