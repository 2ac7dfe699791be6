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
    static let timeoutSeconds = 30

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

    /// Takes the lock only when no other process holds it; nil when one does (or the lock file
    /// cannot be opened).
    init?(trying path: String, mode: Mode) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.path = path
        self.mode = mode
    }

    deinit { close(fd) }

    /// Switches between shared and exclusive (not atomically: the lock is briefly released).
    func change(to newMode: Mode) throws(StoreError) {
        guard newMode != mode else { return }
        try acquire(newMode)
        mode = newMode
    }

    private func acquire(_ mode: Mode) throws(StoreError) {
        let operation = mode == .shared ? LOCK_SH : LOCK_EX
        if flock(fd, operation | LOCK_NB) == 0 { return }
        guard errno == EWOULDBLOCK || errno == EINTR else { throw .io(operation: "lock", path: path, errno: errno) }
        // Wait in the kernel's queue rather than polling; an alarm ends the wait.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(SIGALRM, &action, &previous)
        defer {
            alarm(0)
            sigaction(SIGALRM, &previous, nil)
        }
        let deadline = time(nil) + time_t(FileLock.timeoutSeconds)
        while true {
            let remaining = deadline - time(nil)
            guard remaining > 0 else { throw .locked(path: path, seconds: FileLock.timeoutSeconds) }
            alarm(UInt32(remaining))
            if flock(fd, operation) == 0 { return }
            guard errno == EINTR else { throw .io(operation: "lock", path: path, errno: errno) }
        }
    }
}
