import CSystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one-shot side of a store's resident process (`ResidentHelper`): hands a command to it when
/// one listens and the command is one it answers, and starts one after a command ran on its own.
///
/// Handing over never changes what a command does or prints: the resident process runs the same
/// code on the command's own standard input, output, error and working directory, and the
/// command exits with its exit code. Whenever the resident process cannot take the command, the
/// command runs here, as it would with none.
enum ResidentClient {
    /// The commands a resident process answers: quick ones that start no other program and run
    /// no longer than a view or a change takes (help, sync, import, review, config and the
    /// REPL always run on their own).
    static let commands = [
        "add", "done", "undone", "cancel", "rm", "mv", "edit", "star", "unstar", "note", "show", "day", "week", "ls",
        "find", "stats", "chart", "history", "log", "undo",
    ]

    /// The commands among `commands` that change nothing: run again here when a resident process
    /// ended while running one.
    static let views = ["show", "day", "week", "ls", "find", "stats", "chart", "history", "log"]

    /// How long a command waits for a resident process to take it (it may be busy with another
    /// command) before it runs on its own instead, in milliseconds.
    static let takeTimeout: Int32 = 2000

    /// What became of the handing over.
    enum Outcome: Equatable {
        /// The resident process ran the command; its exit code.
        case answered(Int32)
        /// Run the command here; then, with `startsHelper`, start a resident process for the
        /// store (none listens yet).
        case runHere(startsHelper: Bool)
    }

    /// Hands the command (`raw`: every argument; `words`: the command's own, after the options
    /// that choose the store and colour) to the store's resident process when it can.
    static func handOver(raw: [[UInt8]], words: [String], store: String?, environment: ShadeEnvironment)
        -> Outcome
    {
        guard let name = words.first?.lowercased(), commands.contains(name),
            !words.contains(where: { $0 == "-" || $0 == "--store" || $0.hasPrefix("--store=") })
        else { return .runHere(startsHelper: false) }
        let directory = store ?? environment["SHADE_STORE"] ?? environment.defaultStore
        guard let address = ResidentAddress.of(store: directory, environment: environment) else {
            // None yet: the store (or the runtime folder) is made by this command, perhaps.
            return .runHere(startsHelper: ResidentAddress.idleSeconds(environment) != nil)
        }
        let socket = shade_unix_connect(address.socket)
        guard socket >= 0 else { return .runHere(startsHelper: true) }
        defer { close(socket) }
        let here = shade_open_directory_handle(".")
        guard here >= 0 else { return .runHere(startsHelper: false) }
        defer { close(here) }
        let request = ResidentRequest(
            program: ResidentAddress.programStamp(), environment: ResidentAddress.digest(of: environment),
            store: directory, arguments: raw)
        guard send(request.encoded(), with: [0, 1, 2, here], on: socket) else { return .runHere(startsHelper: false) }
        // Taken, or not: until this side says go, the resident process runs nothing.
        guard let reply = readBytes(1, from: socket, timeout: takeTimeout),
            reply == [ResidentRequest.Signal.accepted.rawValue],
            send([ResidentRequest.Signal.go.rawValue], with: [], on: socket)
        else { return .runHere(startsHelper: false) }
        guard let code = readBytes(4, from: socket, timeout: -1) else {
            if views.contains(name) { return .runHere(startsHelper: false) }
            Output.error(
                "error: shade's resident process for this store ended before it finished '\(name)'; 'shade log 1' shows whether the change was made\n"
            )
            return .answered(ExitCode.failure)
        }
        return .answered(Int32(code[0]) | Int32(code[1]) << 8 | Int32(code[2]) << 16 | Int32(code[3]) << 24)
    }

    /// Starts a resident process for the store at `directory` (made by the command that just ran),
    /// detached: a session of its own, standard streams on `/dev/null`. Best effort: a command
    /// never fails for want of one.
    static func startHelper(store directory: String, environment: ShadeEnvironment) {
        guard ResidentAddress.makeFolder(environment),
            let address = ResidentAddress.of(store: directory, environment: environment),
            let program = ResidentAddress.realPath("/proc/self/exe")
        else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        let words: [String] = ["shade", "--resident", address.store]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // A session of its own: no terminal's signal or hang-up reaches it.
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | shade_spawn_setsid_flag())
        var pid = pid_t()
        _ = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
    }

    /// Sends all of `bytes` (the descriptors with the first part).
    static func send(_ bytes: [UInt8], with fds: [Int32], on socket: Int32) -> Bool {
        var offset = 0
        var attached = fds
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                shade_send_with_fds(
                    socket, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, attached,
                    Int32(attached.count))
            }
            guard sent > 0 else { return false }
            offset += sent
            attached = []
        }
        return true
    }

    /// Reads exactly `count` bytes, waiting at most `timeout` milliseconds for each part (-1: as
    /// long as it takes); nil at the end of the stream, on an error, or on time running out.
    static func readBytes(_ count: Int, from socket: Int32, timeout: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            var request = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let got = bytes.withUnsafeMutableBytes { read(socket, $0.baseAddress.map { $0 + offset }, count - offset) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            offset += got
        }
        return bytes
    }
}
