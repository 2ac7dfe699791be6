internal import CSystemCalls
import ShadePlatform

/// The few POSIX file operations the store needs, each checked and turned into `StoreError`.
///
/// A path of the store is opened, listed, created, renamed and removed through `LinkFreePath`:
/// no link inside the store is followed, and a file is used only when `fstat` says it is a
/// regular one (a FIFO or a device is never read, so never blocks). `followingLinks` is for the
/// files a user names outside the store (configuration, history, an import), reached as any
/// program would.
public enum FileSystem {
    /// The largest file the store reads (a guard against reading a huge foreign file).
    static let maximumFileSize = 256 * 1024 * 1024

    /// Whether a path exists (as anything, a link included). A failure other than "not there" is
    /// an error, never a "no": taking an unreadable file for a missing one would write over it.
    /// It only tells: whatever then opens, lists, creates or renames the path goes through
    /// `LinkFreePath`, which refuses a link on the way.
    static func exists(_ path: String) throws(StoreError) -> Bool {
        var info = stat()
        if lstat(path, &info) == 0 { return true }
        if errno == ENOENT { return false }
        throw .io(operation: "look up", path: path, errno: errno)
    }

    /// The whole content of a file, or nil when it does not exist. A store file that is not a
    /// regular file is refused at once, before a byte is read (`O_NONBLOCK`: opening a FIFO does
    /// not wait for a writer).
    static func read(_ path: String, followingLinks: Bool = false, limit: Int = maximumFileSize) throws(StoreError)
        -> [UInt8]?
    {
        let fd = open(path, O_RDONLY | (followingLinks ? 0 : O_NONBLOCK), followingLinks: followingLinks)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw refusal(of: path, operation: "open", errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
        if !followingLinks, info.st_mode & S_IFMT != S_IFREG {
            throw .notRegularFile(path: path, found: LinkFreePath.describe(info.st_mode & S_IFMT))
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw .fileTooLarge(file: path, size: size, limit: limit)
        }
        // One byte more than the file holds, for the read that finds its end: a buffer just the
        // file's size would be doubled (a copy of the whole file) only to learn there is no more.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file may have grown since fstat; keep reading until end of file.
                guard bytes.count < limit else {
                    throw .fileTooLarge(file: path, size: bytes.count, limit: limit)
                }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "read", path: path, errno: errno)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Writes every byte to `fd`, retrying short writes and interruptions.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String, atMost chunk: Int = Int.max)
        throws(StoreError)
    {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + written }, min(buffer.count - written, chunk))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "write", path: path, errno: errno)
            }
            written += count
        }
    }

    /// Replaces `path` with `bytes` durably: written in full to `temporary` (with `mode`), flushed,
    /// renamed over `path`, the directory flushed. A crash leaves the old file or the new one.
    /// `chunk` bounds each `write` (see `RedoLog.create`).
    static func writeAtomically(
        _ path: String, _ bytes: [UInt8], via temporary: String, mode: mode_t, chunk: Int = Int.max,
        followingLinks: Bool = false
    ) throws(StoreError) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: mode, followingLinks: followingLinks)
        guard fd >= 0 else { throw refusal(of: temporary, operation: "create", errno: errno) }
        do throws(StoreError) {
            defer { close(fd) }
            try writeAll(fd, bytes, path: temporary, atMost: chunk)
            guard fchmod(fd, mode) == 0 else { throw .io(operation: "set the mode of", path: temporary, errno: errno) }
            guard fsync(fd) == 0 else { throw .io(operation: "sync", path: temporary, errno: errno) }
        } catch {
            try? remove(temporary, followingLinks: followingLinks)
            throw error
        }
        do throws(StoreError) {
            try rename(temporary, to: path, followingLinks: followingLinks)
        } catch {
            try? remove(temporary, followingLinks: followingLinks)
            throw error
        }
        try syncDirectory(parentDirectory(of: path), followingLinks: followingLinks)
    }

    /// Replaces `target` with `bytes` by writing them to `temporary` and renaming it over
    /// `target` (its directory made first), without a flush and ignoring failures: for a cache,
    /// which a reader that finds it lost or torn computes again.
    static func replaceUnflushed(
        _ target: String, with bytes: [UInt8], via temporary: String, followingLinks: Bool = false
    ) {
        guard (try? makeDirectories(parentDirectory(of: target), followingLinks: followingLinks)) != nil else {
            return
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600, followingLinks: followingLinks)
        guard fd >= 0 else { return }
        let written = (try? writeAll(fd, bytes, path: temporary)) != nil
        if close(fd) == 0, written, (try? rename(temporary, to: target, followingLinks: followingLinks)) != nil {
            return
        }
        try? remove(temporary, followingLinks: followingLinks)
    }

    /// Flushes a directory's entries (a rename or a new file) to disk.
    static func syncDirectory(_ path: String, followingLinks: Bool = false) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY, followingLinks: followingLinks)
        guard fd >= 0 else { throw refusal(of: path, operation: "open", errno: errno, folder: true) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .io(operation: "sync", path: path, errno: errno) }
    }

    /// Flushes the whole file system `directory` is on (one `syncfs`: every file written there, and
    /// every directory entry). A failed flush is reported on `reported` (the directory when nil).
    public static func syncFileSystem(of directory: String, reporting reported: String? = nil) throws(StoreError) {
        let fd = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        guard shade_syncfs(fd) == 0 else { throw .io(operation: "sync", path: reported ?? directory, errno: errno) }
    }

    /// Creates a directory and its missing parents, private to the user (0700). One that is there
    /// is taken as it is: what then opens a path through it refuses a link.
    static func makeDirectories(_ path: String, followingLinks: Bool = false) throws(StoreError) {
        if try exists(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent, followingLinks: followingLinks) }
        let made = inParent(of: path, followingLinks: followingLinks) { directory, name in
            mkdirat(directory, name, 0o700)
        }
        if made != 0, errno != EEXIST {
            throw refusal(of: path, operation: "create the directory", errno: errno, folder: true)
        }
    }

    /// Renames atomically, replacing the target, which must be a regular file if it exists (a
    /// link, a FIFO or a folder there is refused).
    static func rename(
        _ from: String, to target: String, followingLinks: Bool = false, in folders: LinkFreePath.Folders? = nil
    ) throws(StoreError) {
        var refused: StoreError?
        let renamed = inParents(of: from, and: target, followingLinks: followingLinks, in: folders) {
            fromDirectory, fromName, toDirectory, toName in
            if !followingLinks, let found = replaceable(toName, in: toDirectory) {
                refused = .notRegularFile(path: target, found: found)
                return -1
            }
            return renameat(fromDirectory, fromName, toDirectory, toName)
        }
        if let refused { throw refused }
        guard renamed == 0 else { throw refusal(of: target, operation: "rename", errno: errno) }
    }

    /// What is at `name` in an open directory when it is something a rename may not replace (all
    /// but a regular file); nil when it is a regular file or nothing.
    private static func replaceable(_ name: String, in directory: Int32) -> String? {
        let type = LinkFreePath.kind(of: name, in: directory)
        return type == 0 || type == S_IFREG ? nil : LinkFreePath.describe(type)
    }

    /// Puts `from` in place of `target` in one atomic step, as `rename` does, and removes what
    /// `target` was. Where `target` exists, the two are exchanged (`renameat2(RENAME_EXCHANGE)`)
    /// and the old file, now at `from`, unlinked: ext4 starts writing back a file that a rename
    /// puts over another (its `auto_da_alloc`), which an exchange does not, and the record of the
    /// change is what makes it durable. Falls back to `rename` where there is no target or no
    /// exchange. A failure to unlink the old file leaves it at `from` (a staged name, swept by the
    /// next writer).
    /// The target must be a regular file if it exists. `folders` keeps the folders a run of
    /// calls shares open (`LinkFreePath.Folders`). With `oldFile`, the old file is handed to it
    /// (its folder, open, and its name there) instead of unlinked.
    static func replace(
        _ from: String, with target: String, in folders: LinkFreePath.Folders? = nil,
        oldFile: ((Int32, String) -> Void)? = nil
    ) throws(StoreError) {
        var refused: StoreError?
        let replaced = LinkFreePath.inParents(of: from, and: target, in: folders) {
            fromDirectory, fromName, toDirectory, toName in
            let type = LinkFreePath.kind(of: toName, in: toDirectory)
            guard type == 0 || type == S_IFREG else {
                refused = .notRegularFile(path: target, found: LinkFreePath.describe(type))
                return -1
            }
            if type == S_IFREG, shade_rename_exchange_at(fromDirectory, fromName, toDirectory, toName) == 0 {
                if let oldFile { oldFile(fromDirectory, fromName) } else { unlinkat(fromDirectory, fromName, 0) }
                return 0
            }
            guard type == 0 || [EINVAL, ENOSYS, EXDEV].contains(errno) else { return -1 }
            return renameat(fromDirectory, fromName, toDirectory, toName)
        }
        if let refused { throw refused }
        guard replaced == 0 else { throw refusal(of: target, operation: "rename", errno: errno) }
    }

    /// Removes a file; a missing file is not an error.
    static func remove(_ path: String, followingLinks: Bool = false, in folders: LinkFreePath.Folders? = nil)
        throws(StoreError)
    {
        let removed = inParent(of: path, followingLinks: followingLinks, in: folders) { directory, name in
            unlinkat(directory, name, 0)
        }
        if removed != 0, errno != ENOENT { throw refusal(of: path, operation: "remove", errno: errno) }
    }

    /// Removes an empty directory; a missing one is not an error.
    static func removeDirectory(_ path: String) throws(StoreError) {
        let removed = LinkFreePath.inParent(of: path) { directory, name in unlinkat(directory, name, AT_REMOVEDIR) }
        if removed != 0, errno != ENOENT { throw refusal(of: path, operation: "remove", errno: errno, folder: true) }
    }

    /// Makes `copy` a second name of the file at `path` (a hard link; a link there is linked as
    /// the link it is, never followed).
    static func link(_ path: String, as copy: String, in folders: LinkFreePath.Folders? = nil) throws(StoreError) {
        let linked = LinkFreePath.inParents(of: path, and: copy, in: folders) {
            fromDirectory, fromName, toDirectory, toName in
            linkat(fromDirectory, fromName, toDirectory, toName, 0)
        }
        guard linked == 0 else { throw refusal(of: path, operation: "keep a copy of", errno: errno) }
    }

    /// The names in a directory (without `.` and `..`), or empty when it does not exist. A listing
    /// that fails is an error: a short list would make ids or undo numbers start again.
    static func list(_ path: String) throws(StoreError) -> [String] {
        var names: [String] = []
        try forEachName(in: path) { names.append(String(decoding: $0, as: UTF8.self)) }
        return names
    }

    /// Calls `body` with the name of each entry of a folder but `.` and `..` (none when the folder
    /// is not there).
    private static func forEachName(in path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
        throws(StoreError)
    {
        let fd = LinkFreePath.open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else {
            if errno == ENOENT { return }
            throw refusal(of: path, operation: "list", errno: errno, folder: true)
        }
        defer { close(fd) }
        // (Not zeroed first: only what the kernel wrote is read.)
        let failure = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32 * 1024) { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return EINVAL }
            while true {
                let count = Int(shade_read_directory(fd, base, UInt(buffer.count)))
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if count == 0 { return nil }
                // Each record: inode and offset (8 bytes each), its length (2), its type (1), its name.
                var offset = 0
                while offset + 19 < count {
                    let length = Int(UnsafeRawPointer(base + offset + 16).loadUnaligned(as: UInt16.self))
                    guard length > 19, offset + length <= count else { break }
                    var end = offset + 19
                    while end < offset + length, base[end] != 0 { end += 1 }
                    let name = UnsafeBufferPointer(start: base + offset + 19, count: end - offset - 19)
                    if !name.elementsEqual(".".utf8), !name.elementsEqual("..".utf8) { body(name) }
                    offset += length
                }
            }
        }
        if let failure { throw .io(operation: "list", path: path, errno: failure) }
    }

    /// The error for a call on a store path that failed with `code`: where a link (or anything but
    /// a folder on the way) stopped it, what it is and where; else the system's reason.
    /// With `folder`, `path` names a folder.
    static func refusal(of path: String, operation: String, errno code: Int32, folder: Bool = false) -> StoreError {
        if code == ELOOP || code == ENOTDIR, let refused = LinkFreePath.firstRefused(in: path, folder: folder) {
            return refused.folder
                ? .notFolder(path: refused.path, found: refused.found)
                : .notRegularFile(path: refused.path, found: refused.found)
        }
        return .io(operation: operation, path: path, errno: code)
    }

    /// Opens `path` as `LinkFreePath` does, or, following links, as `open` does (close-on-exec).
    private static func open(_ path: String, _ flags: Int32, mode: mode_t = 0, followingLinks: Bool) -> Int32 {
        followingLinks ? Glibc.open(path, flags | O_CLOEXEC, mode) : LinkFreePath.open(path, flags, mode: mode)
    }

    /// As `LinkFreePath.inParent`; following links, `body` gets the working directory and the
    /// whole path (no folder is opened).
    private static func inParent(
        of path: String, followingLinks: Bool, in folders: LinkFreePath.Folders? = nil,
        _ body: (Int32, String) -> Int32
    ) -> Int32 {
        followingLinks ? body(AT_FDCWD, path) : LinkFreePath.inParent(of: path, in: folders, body)
    }

    /// As `LinkFreePath.inParents`; following links, with the working directory and whole paths.
    private static func inParents(
        of first: String, and second: String, followingLinks: Bool, in folders: LinkFreePath.Folders? = nil,
        _ body: (Int32, String, Int32, String) -> Int32
    ) -> Int32 {
        followingLinks
            ? body(AT_FDCWD, first, AT_FDCWD, second)
            : LinkFreePath.inParents(of: first, and: second, in: folders, body)
    }

    /// The directory part of a path.
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}
