#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's size and modification time: enough to tell that a file changed since it was summed up
/// (by shade or by a hand edit).
struct FileStamp: Hashable, Sendable {
    let size: Int64
    let modifiedNanoseconds: Int64

    /// The stamp of the file at `path`, or nil when there is no file.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(
            size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
