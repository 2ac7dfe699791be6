#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program with its arguments as they are (never through a shell) and collects what it
/// prints: what `sync` runs git with. Its standard input is `/dev/null`.
enum ChildProcess {
    /// How a run ended, and what it printed.
    struct Result: Sendable {
        /// The exit status (128 + the signal for a run a signal ended); nil when it did not start.
        let status: Int32?
        /// The `errno` of a program that could not be started (`ENOENT`: not found).
        let startError: Int32
        let output: String
        let errors: String

        var succeeded: Bool { status == 0 }

        /// The last line of what it printed on standard error (or standard output), for a message.
        var lastLine: String {
            let text = errors.isEmpty ? output : errors
            return text.split(separator: "\n").last.map(String.init) ?? ""
        }
    }

    /// Runs `arguments[0]` (looked up in `PATH`) with `environment` added to shade's own.
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> Result {
        guard let program = arguments.first, !program.isEmpty else {
            return Result(status: nil, startError: ENOENT, output: "", errors: "")
        }
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0 else { return Result(status: nil, startError: errno, output: "", errors: "") }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0])
            close(outputPipe[1])
            return Result(status: nil, startError: errno, output: "", errors: "")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for fd in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        for (key, value) in environment { variables[key] = value }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawnp(&pid, program, &actions, nil, argv, envp)
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        guard started == 0 else { return Result(status: nil, startError: started, output: "", errors: "") }
        let (output, errors) = drain(outputPipe[0], errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which are macros Swift does not import.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Result(
            status: code, startError: 0, output: String(decoding: output, as: UTF8.self),
            errors: String(decoding: errors, as: UTF8.self))
    }

    /// Reads both pipes to their end, whichever has something to read.
    private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var open = [true, true]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.contains(true) {
            var fds = [
                pollfd(fd: open[0] ? first : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open[1] ? second : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in 0..<2 where open[index] && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    open[index] = false
                }
            }
        }
        return (collected[0], collected[1])
    }
}
