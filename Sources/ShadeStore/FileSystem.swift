internal import CSystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the store needs, each checked and turned into `StoreError`.
public enum FileSystem {
    /// The largest file the store reads (a guard against reading a huge foreign file).
    static let maximumFileSize = 256 * 1024 * 1024

    /// Whether a path exists (as anything). A failure other than "not there" is an error, never a
    /// "no": taking an unreadable file for a missing one would write over it.
    static func exists(_ path: String) throws(StoreError) -> Bool {
        var info = stat()
        if lstat(path, &info) == 0 { return true }
        if errno == ENOENT { return false }
        throw .io(operation: "look up", path: path, errno: errno)
    }

    /// The whole content of a file, or nil when it does not exist.
    static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io(operation: "open", path: path, errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else {
            throw .fileTooLarge(file: path, size: size, limit: maximumFileSize)
        }
        // One byte more than the file holds, for the read that finds its end: a buffer just the
        // file's size would be doubled (a copy of the whole file) only to learn there is no more.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                // The file may have grown since fstat; keep reading until end of file.
                guard bytes.count < maximumFileSize else {
                    throw .fileTooLarge(file: path, size: bytes.count, limit: maximumFileSize)
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
        _ path: String, _ bytes: [UInt8], via temporary: String, mode: mode_t, chunk: Int = Int.max
    ) throws(StoreError) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .io(operation: "create", path: temporary, errno: errno) }
        do throws(StoreError) {
            defer { close(fd) }
            try writeAll(fd, bytes, path: temporary, atMost: chunk)
            guard fchmod(fd, mode) == 0 else { throw .io(operation: "set the mode of", path: temporary, errno: errno) }
            guard fsync(fd) == 0 else { throw .io(operation: "sync", path: temporary, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        do throws(StoreError) {
            try rename(temporary, to: path)
        } catch {
            unlink(temporary)
            throw error
        }
        try syncDirectory(parentDirectory(of: path))
    }

    /// Replaces `target` with `bytes` by writing them to `temporary` and renaming it over
    /// `target` (its directory made first), without a flush and ignoring failures: for a cache,
    /// which a reader that finds it lost or torn computes again.
    static func replaceUnflushed(_ target: String, with bytes: [UInt8], via temporary: String) {
        guard (try? makeDirectories(parentDirectory(of: target))) != nil else { return }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = (try? writeAll(fd, bytes, path: temporary)) != nil
        if close(fd) == 0, written, (try? rename(temporary, to: target)) != nil { return }
        unlink(temporary)
    }

    /// Flushes a directory's entries (a rename or a new file) to disk.
    static func syncDirectory(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .io(operation: "sync", path: path, errno: errno) }
    }

    /// Flushes the whole file system `directory` is on (one `syncfs`: every file written there, and
    /// every directory entry). A failed flush is reported on `reported` (the directory when nil).
    public static func syncFileSystem(of directory: String, reporting reported: String? = nil) throws(StoreError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: directory, errno: errno) }
        defer { close(fd) }
        guard shade_syncfs(fd) == 0 else { throw .io(operation: "sync", path: reported ?? directory, errno: errno) }
    }

    /// Creates a directory and its missing parents, private to the user (0700).
    static func makeDirectories(_ path: String) throws(StoreError) {
        if try exists(path) { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent) }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .io(operation: "create the directory", path: path, errno: errno)
        }
    }

    /// Renames atomically, replacing the target.
    static func rename(_ from: String, to target: String) throws(StoreError) {
        guard Glibc.rename(from, target) == 0 else { throw .io(operation: "rename", path: target, errno: errno) }
    }

    /// Puts `from` in place of `target` in one atomic step, as `rename` does, and removes what
    /// `target` was. Where `target` exists, the two are exchanged (`renameat2(RENAME_EXCHANGE)`)
    /// and the old file, now at `from`, unlinked: ext4 starts writing back a file that a rename
    /// puts over another (its `auto_da_alloc`), which an exchange does not, and the record of the
    /// change is what makes it durable. Falls back to `rename` where there is no target or no
    /// exchange. A failure to unlink the old file leaves it at `from` (a staged name, swept by the
    /// next writer).
    static func replace(_ from: String, with target: String) throws(StoreError) {
        if shade_rename_exchange(from, target) == 0 {
            unlink(from)
            return
        }
        switch errno {
        case ENOENT, EINVAL, ENOSYS, EXDEV: try rename(from, to: target)
        default: throw .io(operation: "rename", path: target, errno: errno)
        }
    }

    /// Removes a file; a missing file is not an error.
    static func remove(_ path: String) throws(StoreError) {
        if unlink(path) != 0, errno != ENOENT { throw .io(operation: "remove", path: path, errno: errno) }
    }

    /// Removes an empty directory; a missing one is not an error.
    static func removeDirectory(_ path: String) throws(StoreError) {
        if rmdir(path) != 0, errno != ENOENT { throw .io(operation: "remove", path: path, errno: errno) }
    }

    /// The names in a directory (without `.` and `..`), or empty when it does not exist. A listing
    /// that fails is an error: a short list would make ids or undo numbers start again.
    static func list(_ path: String) throws(StoreError) -> [String] {
        guard let dir = opendir(path) else {
            if errno == ENOENT { return [] }
            throw .io(operation: "list", path: path, errno: errno)
        }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw .io(operation: "list", path: path, errno: errno) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The directory part of a path.
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}
