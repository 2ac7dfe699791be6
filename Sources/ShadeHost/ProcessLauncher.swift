import CSystemCalls
import ShadePlatform
import Synchronization

/// Runs another program — the notification command, `systemctl`, git — with its arguments as
/// they are, never through a shell, and waits for it for a bounded time.
///
/// Its standard input is `/dev/null`; what it prints goes to shade's standard error (so that it
/// can never mix with a view or a `--json` document), or is collected for the caller.
public enum ProcessLauncher {
    /// How a run ended.
    public enum Outcome: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran past the time limit and was killed.
        case timedOut
        /// It could not be started (the `errno` of `posix_spawnp`: `ENOENT` when not found).
        case notStarted(Int32)

        /// Whether it exited with status 0.
        public var succeeded: Bool { self == .exited(0) }

        /// What happened, for a message: `exited with status 1`, `was not found`, …
        public var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was ended by signal \(signal)"
            case .timedOut: "did not finish within \(ProcessLauncher.timeLimit) seconds and was stopped"
            case .notStarted(let code) where code == ENOENT: "was not found"
            case .notStarted(let code): "could not be started (\(String(cString: strerror(code))))"
            }
        }
    }

    /// How long a program may run before it is killed, in seconds (unless the caller says).
    public static let timeLimit = 15

    /// Runs `arguments[0]` (looked up in `PATH` when it has no slash) with `arguments`; what it
    /// prints goes to shade's standard error.
    public static func run(_ arguments: [String], environment: [String: String]? = nil) -> Outcome {
        let pid = spawn(arguments, environment: environment) { actions in
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        switch pid {
        case .failure(let error): return .notStarted(error.code)
        case .success(let pid): return wait(for: pid, limit: Double(timeLimit))
        }
    }

    /// What a program printed, collected by `collect`.
    public struct Printed: Sendable {
        /// How the run ended.
        public let outcome: Outcome
        /// What it printed on standard output.
        public let output: [UInt8]
        /// What it printed on standard error.
        public let errors: [UInt8]

        /// The reason a failed run gives: its first `fatal:` or `error:` line (git's way), else
        /// the last line it printed.
        public var reason: String {
            let lines = String(decoding: errors.isEmpty ? output : errors, as: UTF8.self).split(separator: "\n")
            for line in lines {
                for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
                    return String(line.dropFirst(prefix.count))
                }
            }
            return lines.last.map(String.init) ?? outcome.description
        }
    }

    /// Runs `arguments[0]` as `run` does, collecting what it prints on standard output and on
    /// standard error (both read as they come, so neither pipe fills): for asking another
    /// program a value (`git config`), or running git for a sync. Killed after `limit` seconds.
    /// `input` names a file to be its standard input (else `/dev/null`).
    public static func collect(
        _ arguments: [String], environment: [String: String]? = nil, limit: Int = timeLimit, input: String? = nil
    ) -> Printed {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { return Printed(outcome: .notStarted(errno), output: [], errors: []) }
        guard pipe(&errors) == 0 else {
            close(output[0])
            close(output[1])
            return Printed(outcome: .notStarted(errno), output: [], errors: [])
        }
        let ends = output + errors
        let pid = spawn(arguments, environment: environment) { actions in
            if let input { posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0) }
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[3], 2)
            // The child keeps only its ends of the pipes, as its standard output and error.
            for fd in ends { posix_spawn_file_actions_addclose(&actions, fd) }
        }
        close(ends[1])
        close(ends[3])
        defer {
            close(ends[0])
            close(ends[2])
        }
        switch pid {
        case .failure(let error): return Printed(outcome: .notStarted(error.code), output: [], errors: [])
        case .success(let pid):
            // One deadline for reading and waiting: a program that hangs is stopped at `limit`.
            let deadline = seconds() + Double(limit)
            let printed = drain([ends[0], ends[2]], until: deadline)
            return Printed(
                outcome: wait(for: pid, limit: max(0, deadline - seconds())), output: printed[0], errors: printed[1])
        }
    }

    /// Starts a program and leaves it running on its own, never waited for: in a session of its
    /// own (no terminal's signal or hang-up reaches it), every standard stream on `/dev/null`.
    /// Best effort. For a process about to exit (its child is then not left a zombie of it).
    public static func detach(_ arguments: [String], environment: [String: String]? = nil) {
        // A long-lived process (the REPL, a resident one) detaches more than one: those that
        // ended since are reaped first, so that none is left a zombie for long.
        detached.withLock { children in
            children.removeAll { child in waitpid(child, nil, WNOHANG) != 0 }
        }
        let started = spawn(arguments, environment: environment, ownSession: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if case .success(let pid) = started { detached.withLock { $0.append(pid) } }
    }

    /// The processes `detach` started that may not have been reaped yet.
    private static let detached = Mutex<[pid_t]>([])

    /// An `errno` a spawn failed with.
    struct SpawnError: Error {
        let code: Int32
    }

    /// Starts a program, standard input `/dev/null`, every signal at its default and none
    /// blocked (whatever shade ignores, such as a resident process's `SIGPIPE`), in a process
    /// group of its own (so that at the time limit whatever it started goes too), or with
    /// `ownSession` in a session of its own; `setUp` adds what its output becomes.
    private static func spawn(
        _ arguments: [String], environment: [String: String]?, ownSession: Bool = false,
        _ setUp: (inout posix_spawn_file_actions_t) -> Void
    ) -> Result<pid_t, SpawnError> {
        guard let program = arguments.first, !program.isEmpty else { return .failure(SpawnError(code: ENOENT)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        setUp(&actions)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { variables in variables.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownSession {
            shade_spawnattr_reset_signals(&attributes, shade_spawn_setsid_flag())
        } else {
            shade_spawnattr_reset_signals(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid = pid_t()
        let started: Int32 =
            if let envp {
                posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            } else {
                posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
            }
        return started == 0 ? .success(pid) : .failure(SpawnError(code: started))
    }

    /// Reads the pipes until the program closes them (or `limit` seconds pass: then `wait` stops
    /// it), whichever has something to read.
    private static func drain(_ fds: [Int32], until deadline: Double) -> [[UInt8]] {
        var collected = [[UInt8]](repeating: [], count: fds.count)
        var open = [Bool](repeating: true, count: fds.count)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.contains(true) {
            let left = deadline - seconds()
            guard left > 0 else { break }
            var requests = fds.indices.map { pollfd(fd: open[$0] ? fds[$0] : -1, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&requests, nfds_t(requests.count), Int32(min(left * 1000, 1000)) + 1)
            if ready <= 0 { continue }
            for index in fds.indices where open[index] && requests[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += buffer[..<count]
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        return collected
    }

    /// Waits for `pid`, killing it (and its group) after `limit` seconds.
    private static func wait(for pid: pid_t, limit: Double) -> Outcome {
        var status: Int32 = 0
        // Looked at after 0.1 ms, then twice as long each time up to every 10 ms: a program that
        // is done (git, asked a setting) is reaped at once, a slow one costs no busy loop.
        var step: UInt32 = 100
        var waited = 0
        // Looked at once at least: a program that is done when the time is up is reaped, not killed.
        repeat {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return outcome(status) }
            if result < 0, errno != EINTR { return .notStarted(errno) }
            guard Double(waited) < limit * 1_000_000 else { break }
            usleep(step)
            waited += Int(step)
            step = min(step * 2, 10_000)
        } while true
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return .timedOut
    }

    /// The monotonic clock, in seconds.
    private static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func outcome(_ status: Int32) -> Outcome {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
