import ShadePlatform

/// A file's size and modification time: enough to tell that a file changed since it was summed up
/// (by shade or by a hand edit).
struct FileStamp: Hashable, Sendable {
    let size: Int64
    let modifiedNanoseconds: Int64

    /// The stamp of the file at `path`, or nil when there is no file.
    static func of(_ path: String) -> FileStamp? { status(of: path).map(FileStamp.init) }

    /// The stamp in a file status.
    init(_ info: stat) {
        self.init(
            size: Int64(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    init(size: Int64, modifiedNanoseconds: Int64) {
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    /// The status of the file at `path` (a link's own, never what it points at), or nil when there
    /// is none. A status only tells whether to read a file again; the read itself refuses a link
    /// (`FileSystem.read`).
    static func status(of path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }
}

/// What identifies one version of a file or a folder: its stamp and its inode. Every write of a
/// store file puts a new file in place (a new inode); every file renamed into a folder, or
/// removed from it, gives the folder a new modification time.
struct FileVersion: Hashable {
    let file: FileStamp
    let inode: Int64

    /// The version of the file or folder at `path`, or nil when there is none.
    static func of(_ path: String) -> FileVersion? {
        FileStamp.status(of: path).map { FileVersion(file: FileStamp($0), inode: Int64(bitPattern: UInt64($0.st_ino))) }
    }

    /// Whether the version is old enough to be told apart from the next: a file system stamps
    /// with a coarse clock, so a folder changed again within the same tick keeps its time. A
    /// version younger than a second is not relied on.
    var isSettled: Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - file.modifiedNanoseconds > 1_000_000_000
    }
}
