import ShadePlatform

/// An advisory lock on the store's own lock file (never on a file that gets renamed over).
///
/// Readers share it; a writer holds it alone for its whole read-modify-write.
///
/// The file also tells a long-lived session whether anyone else has held the lock alone since it
/// last did (only a holder alone changes the store: `StoreSighting`). It holds a count and a
/// watcher, `"17 5b3e…\n"`: the session that last kept a sighting of the store names itself the
/// watcher, and every other holder alone counts itself (writes the count one higher) as soon as it
/// has the lock, before it changes anything. So the watcher finds the count as it left it exactly
/// when no one else has held the lock alone since. Only the watcher's own holds leave the count
/// as it is (they take its sighting, whatever they do: `Store.prepareForWrite`), which spares
/// each of its changes a write.
final class FileLock {
    enum Mode {
        case shared, exclusive
    }

    /// The lock file, open for this holder (a copy of it keeps no lock once this one is released).
    let fd: Int32
    let path: String
    private(set) var mode: Mode
    /// The session this holder is (`WeekCache.watcher`), nil for a holder that keeps no sighting.
    private let watcher: UInt64?
    /// The count the file held when this lock was last taken alone (nil before, or when it could
    /// not be read or written: nothing may then rely on it).
    private(set) var countBefore: UInt64?
    /// The count the file holds now that this holder has it alone (nil as `countBefore`).
    private(set) var count: UInt64?
    /// Whether the file named this holder's session the watcher when the lock was last taken alone.
    private(set) var isWatcher = false

    /// How long to wait for another process before giving up.
    static let timeoutSeconds = 30

    /// Opens (creating, 0600) the lock file and takes the lock, waiting up to `timeoutSeconds`;
    /// `watcher` names the session taking it, when it keeps sightings of the store.
    init(path: String, mode: Mode, watcher: UInt64? = nil) throws(StoreError) {
        let fd = try FileLock.open(path)
        self.fd = fd
        self.path = path
        self.mode = mode
        self.watcher = watcher
        do { try acquire(mode) } catch {
            close(fd)
            throw error
        }
        if mode == .exclusive { countHolder() }
    }

    /// Takes the lock only when no other process holds it; nil when one does (or the lock file
    /// cannot be opened).
    init?(trying path: String, mode: Mode, watcher: UInt64? = nil) {
        guard let fd = try? FileLock.open(path) else { return nil }
        guard flock(fd, (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.path = path
        self.mode = mode
        self.watcher = watcher
        if mode == .exclusive { countHolder() }
    }

    /// Opens (creating, 0600) the lock file, a regular file of the store (`LinkFreePath`: a link
    /// there is not followed, so no file elsewhere is made or locked).
    private static func open(_ path: String) throws(StoreError) -> Int32 {
        let fd = LinkFreePath.open(path, O_RDWR | O_CREAT, mode: 0o600)
        guard fd >= 0 else { throw FileSystem.refusal(of: path, operation: "open the lock file", errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegularFile(path: path, found: LinkFreePath.describe(info.st_mode & S_IFMT))
        }
        return fd
    }

    /// Lets the lock go before the file is closed: a lock belongs to the open file, which a
    /// child process being started in another thread holds a copy of until it runs its program,
    /// so closing alone could leave the store locked for that moment (a REPL's pause, trying the
    /// lock right after a change let it go, then found it held and did nothing).
    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Switches between shared and exclusive (not atomically: the lock is briefly released).
    func change(to newMode: Mode) throws(StoreError) {
        guard newMode != mode else { return }
        try acquire(newMode)
        mode = newMode
        if newMode == .exclusive { countHolder() }
    }

    /// Names this holder's session the watcher (a holder alone, whose session keeps a sighting of
    /// the store as this hold leaves it). False when the file could not be written.
    func becomeWatcher() -> Bool {
        guard mode == .exclusive, let watcher, let count else { return false }
        // No one else writes the file while this holder has the lock alone: as taken, it is.
        if isWatcher { return true }
        return write(count: count, watcher: watcher)
    }

    /// Reads the count and, unless this holder's session is the watcher, writes it one higher (no
    /// flush: the count is for processes running now). A file of another content starts again
    /// from 1, and nothing relies on this hold's count then.
    private func countHolder() {
        (countBefore, count, isWatcher) = (nil, nil, false)
        guard let content = read() else { return }
        let found = Self.parse(content)
        if let watcher, let before = found.count, found.watcher == watcher {
            (countBefore, count, isWatcher) = (before, before, true)
            return
        }
        let next = (found.count ?? 0) &+ 1
        guard write(count: next, watcher: found.watcher) else { return }
        if let before = found.count { (countBefore, count) = (before, next) }
    }

    private func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return read < 0 ? nil : Array(buffer.prefix(read))
    }

    private func write(count: UInt64, watcher: UInt64?) -> Bool {
        // Padded to the longest content, so that a shorter one leaves nothing of a longer one.
        var text = "\(count)" + (watcher.map { " " + String($0, radix: 16) } ?? "")
        text += String(repeating: " ", count: max(0, 40 - text.utf8.count)) + "\n"
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == bytes.count
    }

    /// The count and watcher of the file's content; an empty file counts 0.
    static func parse(_ content: [UInt8]?) -> (count: UInt64?, watcher: UInt64?) {
        guard let content else { return (nil, nil) }
        if content.isEmpty { return (0, nil) }
        // Split on ASCII blanks and read the digits byte by byte: every change of a session reads
        // this line, and going through `String` took a few µs of it.
        let fields = content.split { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        guard let first = fields.first, let count = number(first, radix: 10) else { return (nil, nil) }
        return (count, fields.count > 1 ? number(fields[1], radix: 16) : nil)
    }

    /// The number a field of ASCII digits (of `radix`, 10 or 16) spells; nil when it is empty,
    /// holds anything else, or is too large.
    private static func number(_ field: ArraySlice<UInt8>, radix: UInt64) -> UInt64? {
        guard !field.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in field {
            let digit: UInt64
            switch byte {
            case 0x30...0x39: digit = UInt64(byte - 0x30)
            case 0x61...0x66 where radix == 16: digit = UInt64(byte - 0x61 + 10)
            case 0x41...0x46 where radix == 16: digit = UInt64(byte - 0x41 + 10)
            default: return nil
            }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
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
