import Foundation
import ShadeTestSupport

/// A shade REPL on a pseudo-terminal of its own (as at a real terminal, it answers a change once
/// its frame is flushed and writes the files after), typed to a line at a time.
final class TerminalREPL {
    let pid: pid_t
    private let master: Int32
    private var bytes: [UInt8] = []
    private var ended = false
    private var reaped = false

    // Linux's terminal ioctls (their C macros do not import into Swift).
    private static let unlockTerminal: UInt = 0x4004_5431  // TIOCSPTLCK
    private static let terminalNumber: UInt = 0x8004_5430  // TIOCGPTN

    /// Starts shade's REPL on `shade`'s store, through `via` when given (another program's argv,
    /// which names shade last: strace and its options, as `ShadeProcess.run(raw:…viaExecutable:)`).
    init(_ shade: ShadeProcess, via wrapper: [String] = []) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, Self.unlockTerminal, &unlock) == 0, ioctl(master, Self.terminalNumber, &number) == 0,
            ioctl(master, UInt(TIOCSWINSZ), &size) == 0
        else {
            Glibc.close(master)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // The terminal is the session's own: opened first after setsid, it becomes its controlling one.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        InheritedDescriptors.closeAllButStandardStreams(&actions)
        let command = wrapper.isEmpty ? [ShadeProcess.binary] : wrapper + [ShadeProcess.binary]
        let argv = command.map { strdup($0) }
        let envp = shade.environment.merging(["TERM": "dumb"]) { $1 }.map { strdup("\($0.key)=\($0.value)") }
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let code = CleanSpawn.withAttributes(flags: CleanSpawn.newSession) {
            posix_spawn(&child, command[0], &actions, &$0, argv + [nil], envp + [nil])
        }
        guard code == 0 else {
            Glibc.close(master)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        pid = child
    }

    /// What the terminal has shown so far, line ends as `\n`.
    var shown: String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    }

    /// How many prompts the terminal has shown (each ends in `› `).
    var prompts: Int {
        readAvailable(waiting: 0)
        return shown.components(separatedBy: "› ").count - 1
    }

    func type(_ line: String) {
        let text = Array((line + "\n").utf8)
        _ = text.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits (up to 20 s) until the terminal has shown `count` prompts.
    func waitForPrompts(_ count: Int) -> Bool { waitFor { $0.components(separatedBy: "› ").count > count } }

    /// Waits (up to 20 s) until what the terminal has shown passes `test`.
    func waitFor(_ test: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !test(shown) {
            guard !ended, Date() < deadline else { return false }
            readAvailable(waiting: 1)
        }
        return true
    }

    /// Waits (up to 20 s) until the session has ended of itself (after `exit`), and reaps it.
    func waitForEnd() -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !ended && Date() < deadline { readAvailable(waiting: 10) }
        let endedItself = ended
        kill()
        return endedItself
    }

    /// Kills the session with SIGKILL, waits for it, and reads what it had shown (for up to 5 s:
    /// the terminal ends once nothing holds it open).
    func kill() {
        if !reaped {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
        let deadline = Date().addingTimeInterval(5)
        while !ended && Date() < deadline { readAvailable(waiting: 10) }
    }

    func close() {
        kill()
        Glibc.close(master)
    }

    /// Reads what the terminal holds, waiting up to `milliseconds` for the first of it; marks the
    /// end once the session's side is closed and everything is read.
    private func readAvailable(waiting milliseconds: Int32) {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        var wait = milliseconds
        while !ended, poll(&poller, 1, wait) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 {
                if count < 0 && errno == EINTR { continue }
                ended = true
                return
            }
            bytes += buffer[0..<count]
            wait = 0
        }
        // Without data, a session that is gone has ended.
        if !ended && poller.revents & Int16(POLLHUP) != 0 { ended = true }
    }
}
