#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock on the store's own lock file (never on a file that gets renamed over).
///
/// Readers share it; a writer holds it alone for its whole read-modify-write.
final class FileLock {
    enum Mode {
        case shared, exclusive
    }

    private let fd: Int32
    let path: String
    private(set) var mode: Mode

    /// How long to wait for another process before giving up.
    static let timeoutSeconds = 10

    /// Opens (creating, 0600) the lock file and takes the lock, waiting up to `timeoutSeconds`.
    init(path: String, mode: Mode) throws(StoreError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(operation: "open the lock file", path: path, errno: errno) }
        self.fd = fd
        self.path = path
        self.mode = mode
        do { try acquire(mode) } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(fd) }

    /// Switches between shared and exclusive (not atomically: the lock is briefly released).
    func change(to newMode: Mode) throws(StoreError) {
        guard newMode != mode else { return }
        try acquire(newMode)
        mode = newMode
    }

    private func acquire(_ mode: Mode) throws(StoreError) {
        let operation = (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB
        var waitedMicroseconds = 0
        var pause: UInt32 = 200
        while flock(fd, operation) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .io(operation: "lock", path: path, errno: errno)
            }
            if waitedMicroseconds >= FileLock.timeoutSeconds * 1_000_000 {
                throw .locked(path: path, seconds: FileLock.timeoutSeconds)
            }
            usleep(pause)
            waitedMicroseconds += Int(pause)
            pause = min(pause * 2, 20_000)
        }
    }
}
