import ShadePlatform

/// Small file helpers for the command line's own files (configuration, history, unit files) and
/// the files a user names: reached as any program reaches them, links followed (the store's own
/// files go through `FileSystem`, which follows none).
public enum TextFile {
    /// The content of a file, or nil when it does not exist.
    public static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        try FileSystem.read(path, followingLinks: true)
    }

    /// Creates a directory and its parents, private to the user.
    public static func makePrivateDirectory(_ path: String) throws(StoreError) {
        try FileSystem.makeDirectories(path, followingLinks: true)
    }

    /// Writes a whole file atomically (a temporary file beside it, flushed, renamed over it,
    /// the directory flushed): a crash leaves the old file or the new one, never a part.
    public static func writeAtomically(_ path: String, _ text: String, mode: mode_t = 0o600) throws(StoreError) {
        do { try writeAtomically(path, mode: mode) { append in try append(Array(text.utf8)) } } catch let error
            as StoreError
        {
            throw error
        } catch {
            throw .io(operation: "write", path: path, errno: EIO)
        }
    }

    /// A new file beside `path`, made for this write alone: a name no one has (random, and made
    /// with `O_EXCL`, so neither a file nor a link someone placed there is ever opened).
    private static func temporaryFile(beside path: String, mode: mode_t) throws(StoreError) -> (
        fd: Int32, path: String
    ) {
        for _ in 0..<8 {
            let name = path + ".tmp-" + String(UInt64.random(in: 1...UInt64.max), radix: 36)
            let fd = Glibc.open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, name) }
            guard errno == EEXIST else { throw FileSystem.refusal(of: name, operation: "create", errno: errno) }
        }
        throw FileSystem.refusal(of: path + ".tmp-…", operation: "create", errno: EEXIST)
    }

    /// Writes a file a piece at a time, whole or not at all: `body` hands each piece to the
    /// function it is given, which adds it to a temporary file beside `path`; once `body` returns,
    /// that file is flushed and renamed over `path` (the directory flushed). When `body` or a write
    /// fails, the temporary file is removed and `path` left as it was; `body`'s error is thrown
    /// as it is.
    public static func writeAtomically<T>(
        _ path: String, mode: mode_t = 0o600, _ body: (_ append: ([UInt8]) throws -> Void) throws -> T
    ) throws -> T {
        let (fd, temporary) = try temporaryFile(beside: path, mode: mode)
        let result: T
        do {
            defer { close(fd) }
            // Pieces are gathered up to a buffer's worth, so that small ones cost few writes.
            var buffer: [UInt8] = []
            let bufferSize = 1 << 16
            buffer.reserveCapacity(bufferSize)
            result = try body { piece in
                buffer += piece
                if buffer.count >= bufferSize {
                    try FileSystem.writeAll(fd, buffer, path: temporary)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try FileSystem.writeAll(fd, buffer, path: temporary)
            guard fchmod(fd, mode) == 0 else {
                throw StoreError.io(operation: "set the mode of", path: temporary, errno: errno)
            }
            guard fsync(fd) == 0 else { throw StoreError.io(operation: "sync", path: temporary, errno: errno) }
        } catch {
            try? FileSystem.remove(temporary, followingLinks: true)
            throw error
        }
        do {
            try FileSystem.rename(temporary, to: path, followingLinks: true)
        } catch {
            try? FileSystem.remove(temporary, followingLinks: true)
            throw error
        }
        try FileSystem.syncDirectory(FileSystem.parentDirectory(of: path), followingLinks: true)
        return result
    }

    /// Replaces a file by rename without flushing, ignoring failures: for a cache, which a reader
    /// that finds it lost or torn computes again.
    public static func replaceCache(_ path: String, _ bytes: [UInt8]) {
        FileSystem.replaceUnflushed(path, with: bytes, via: path + ".tmp-\(getpid())", followingLinks: true)
    }
}
