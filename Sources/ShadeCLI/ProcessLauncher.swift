#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs another program — the notification command, `systemctl` — with its arguments as they
/// are, never through a shell, and waits for it for a bounded time.
///
/// Its standard input is `/dev/null` and its standard output goes to shade's standard error, so
/// that nothing it prints can mix with a view or a `--json` document.
enum ProcessLauncher {
    /// How a run ended.
    enum Outcome: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran past the time limit and was killed.
        case timedOut
        /// It could not be started (the `errno` of `posix_spawnp`: `ENOENT` when not found).
        case notStarted(Int32)

        /// Whether it exited with status 0.
        var succeeded: Bool { self == .exited(0) }

        /// What happened, for a message: `exited with status 1`, `was not found`, …
        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was ended by signal \(signal)"
            case .timedOut: "did not finish within \(ProcessLauncher.timeLimit) seconds and was stopped"
            case .notStarted(let code) where code == ENOENT: "was not found"
            case .notStarted(let code): "could not be started (\(String(cString: strerror(code))))"
            }
        }
    }

    /// How long a program may run before it is killed, in seconds.
    static let timeLimit = 15

    /// Runs `arguments[0]` (looked up in `PATH` when it has no slash) with `arguments`.
    static func run(_ arguments: [String], environment: [String: String]? = nil) -> Outcome {
        guard let program = arguments.first, !program.isEmpty else { return .notStarted(ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { variables in variables.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        // A process group of its own, so that at the time limit whatever it started goes too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid = pid_t()
        let started: Int32 =
            if let envp {
                posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            } else {
                posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
            }
        guard started == 0 else { return .notStarted(started) }
        return wait(for: pid)
    }

    /// Runs `arguments[0]` as `run` does, and returns what it printed on standard output (at most
    /// 64 KiB; its errors go nowhere): for asking another program a value, as `git config` is.
    static func output(_ arguments: [String], environment: [String: String]? = nil) -> (
        outcome: Outcome, output: [UInt8]
    ) {
        guard let program = arguments.first, !program.isEmpty else { return (.notStarted(ENOENT), []) }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (.notStarted(errno), []) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The child keeps only its standard output of the pipe.
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { variables in variables.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid = pid_t()
        let started: Int32 =
            if let envp {
                posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            } else {
                posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
            }
        close(ends[1])
        guard started == 0 else {
            close(ends[0])
            return (.notStarted(started), [])
        }
        // Read until it closes its output (or the time limit: then `wait` stops it).
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var request = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        let deadline = timeLimit * 100
        var waited = 0
        while output.count < 65_536, waited < deadline {
            let ready = poll(&request, 1, 10)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 {
                waited += 1
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[..<count]
        }
        // Closed before the wait, so that a program with more to say ends rather than blocks.
        close(ends[0])
        return (wait(for: pid), output)
    }

    /// Waits for `pid`, killing it at the time limit.
    private static func wait(for pid: pid_t) -> Outcome {
        var status: Int32 = 0
        // Looked at after 0.1 ms, then twice as long each time up to every 10 ms: a program that
        // is done (git, asked a setting) is reaped at once, a slow one costs no busy loop.
        var step: UInt32 = 100
        var waited = 0
        while waited < timeLimit * 1_000_000 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return outcome(status) }
            if result < 0, errno != EINTR { return .notStarted(errno) }
            usleep(step)
            waited += Int(step)
            step = min(step * 2, 10_000)
        }
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return .timedOut
    }

    private static func outcome(_ status: Int32) -> Outcome {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
