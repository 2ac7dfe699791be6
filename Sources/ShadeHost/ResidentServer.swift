import CSystemCalls
import ShadePlatform
import ShadeStore

/// The process side of a store's resident process (`shade --resident DIR`): it listens on the
/// store's socket (`ResidentAddress`), takes each command handed over with its standard streams
/// and working directory, and has the command run on them, with the weeks it has already read.
///
/// Between commands it writes the files of what it answered and checkpoints the commit records;
/// it ends after `SHADE_RESIDENT` seconds without a command (ten minutes unless set), when its
/// store is gone, or when its program file is replaced; before it ends, the files hold every
/// change it answered. What a command is and how it runs is the caller's (`run`).
public enum ResidentServer {
    /// How often it looks whether it should end while no command comes, in milliseconds.
    public static let lookEvery: Int32 = 15_000
    /// How long no command must come before it does the work that can wait for a pause (the
    /// checkpoint of commit records: a flush of the whole file system), in milliseconds.
    public static let pauseMilliseconds: Int32 = 1000

    /// Runs one command handed over, on the process's standard streams (the command's), in its
    /// working directory: its arguments as the shell gave them, and the week cache kept between
    /// commands; its exit code.
    public typealias Run = (_ arguments: [[UInt8]], _ cache: WeekCache) -> Int32

    /// How serving ended.
    public enum Ending: Equatable, Sendable {
        /// It served until idle, or until its store or program file changed.
        case served
        /// Another resident process serves the store already.
        case servedElsewhere
        /// Resident processes are off (`SHADE_RESIDENT`).
        case off
        /// The store does not exist, or `XDG_RUNTIME_DIR` names no private directory of the user's.
        case noAddress
        /// Its socket could not be made.
        case cannotListen
    }

    /// Serves the store at `store` until idle, running each command handed over with `run`.
    public static func serve(store: String, environment: ShadeEnvironment, run: Run) -> Ending {
        // What it answers for is the program file as it was when it started.
        let program = ResidentAddress.programStamp()
        // Nothing of whoever started it is kept: not a pipe that someone waits to see closed.
        shade_close_from(3)
        signal(SIGPIPE, SIG_IGN)
        guard let idleSeconds = ResidentAddress.idleSeconds(environment) else { return .off }
        guard ResidentAddress.makeFolder(environment),
            let address = ResidentAddress.of(store: store, environment: environment)
        else { return .noAddress }
        // One per store: whoever holds the lock is it.
        let lock = open(address.lock, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else { return .servedElsewhere }
        unlink(address.socket)
        let mask = umask(0o077)
        let listener = shade_unix_listen(address.socket, 64)
        umask(mask)
        guard listener >= 0 else { return .cannotListen }
        let nothing = open("/dev/null", O_RDWR | O_CLOEXEC)
        let root = shade_open_directory_handle("/")
        _ = fchdir(root)
        let helper = State(
            address: address, program: program,
            digest: ResidentAddress.digest(of: environment), cache: WeekCache(keepsWeeksAsFilesHoldThem: true),
            nothing: nothing, root: root)
        // The redo log its changes go to is made now, before the first command comes.
        var recordsSeen = helper.idleStore.workWhileIdle(recordsSeen: nil)
        var idleSince = MonotonicClock.seconds
        var pauseWork = false
        while true {
            var request = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let left = Int32(
                max(0, min(Double(lookEvery), (Double(idleSeconds) - (MonotonicClock.seconds - idleSince)) * 1000)))
            let ready = poll(&request, 1, pauseWork ? pauseMilliseconds : left + 1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 {
                if pauseWork {
                    // Commands have paused: the commit records are checkpointed now.
                    recordsSeen = helper.idleStore.workWhileIdle(recordsSeen: recordsSeen)
                    pauseWork = false
                    continue
                }
                if MonotonicClock.seconds - idleSince >= Double(idleSeconds) || !helper.shouldStay() { break }
                continue
            }
            let connection = shade_accept(listener)
            guard connection >= 0 else { continue }
            let stays = helper.answer(connection, run: run)
            close(connection)
            guard stays else { break }
            // The files of what it answered are written now, after the answer (as the REPL
            // writes them while it waits for a line): the command that comes next was started
            // meanwhile, and has a process to start before it asks.
            helper.idleStore.writeAcknowledgedFiles()
            pauseWork = true
            idleSince = MonotonicClock.seconds
        }
        // New commands find no socket (and run on their own) before the files are brought up to date.
        unlink(address.socket)
        close(listener)
        helper.idleStore.applyRedoLogBeforeLeaving()
        return .served
    }
    /// What the resident process keeps between commands.
    struct State {
        let address: ResidentAddress
        /// `ResidentAddress.programStamp()` when it started.
        let program: String
        /// `ResidentAddress.digest(of:)` of its environment.
        let digest: UInt64
        let cache: WeekCache
        /// `/dev/null`, its standard streams between commands.
        let nothing: Int32
        /// `/`, its working directory between commands.
        let root: Int32

        /// The store as the work between commands reaches it (by its real path).
        var idleStore: Store {
            Store(directory: address.store, cache: cache, defersFiles: true, author: { "" })
        }

        /// Whether to go on waiting: the store is still there, and the program file the same.
        func shouldStay() -> Bool {
            ResidentAddress.realPath(address.store) == address.store && ResidentAddress.programStamp() == program
        }

        /// Answers one connection, running its command with `run`; false when the resident
        /// process should end (its program file was replaced).
        func answer(_ connection: Int32, run: Run) -> Bool {
            guard shade_peer_uid(connection) == Int(getuid()) else { return true }
            var fds = [Int32](repeating: -1, count: 4)
            var received: Int32 = 0
            defer { for index in 0..<Int(received) { close(fds[index]) } }
            guard let request = readRequest(connection, fds: &fds, received: &received), received == 4 else {
                return true
            }
            guard request.program == program else {
                _ = ResidentRequest.send([ResidentRequest.Signal.declined.rawValue], with: [], on: connection)
                return false
            }
            // The store as the command names it, from where the command runs.
            guard fchdir(fds[3]) == 0 else { return true }
            defer { _ = fchdir(root) }
            guard request.environment == digest, ResidentAddress.realPath(request.store) == address.store else {
                _ = ResidentRequest.send([ResidentRequest.Signal.declined.rawValue], with: [], on: connection)
                return true
            }
            guard ResidentRequest.send([ResidentRequest.Signal.accepted.rawValue], with: [], on: connection),
                ResidentRequest.receive(1, from: connection, timeout: ResidentConnection.takeTimeout)
                    == [ResidentRequest.Signal.go.rawValue]
            else { return true }
            for fd: Int32 in 0...2 { _ = dup2(fds[Int(fd)], fd) }
            let code = run(request.arguments, cache)
            // Nothing of the command's streams is kept once it is done: whoever reads them sees
            // them end when the command does.
            for fd: Int32 in 0...2 { _ = dup2(nothing, fd) }
            _ = ResidentRequest.send(ResidentRequest.littleEndian(UInt32(bitPattern: code)), with: [], on: connection)
            return true
        }

        /// Reads one request and the descriptors sent with it (at most a second for each part).
        private func readRequest(_ connection: Int32, fds: inout [Int32], received: inout Int32) -> ResidentRequest? {
            var buffer = [UInt8](repeating: 0, count: 65536)
            var bytes: [UInt8] = []
            var expected: Int?
            while expected.map({ bytes.count < 4 + $0 }) ?? true {
                var request = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                guard poll(&request, 1, 1000) > 0 else { return nil }
                var count: Int32 = 0
                let got = buffer.withUnsafeMutableBytes { raw in
                    fds.withUnsafeMutableBufferPointer { carried in
                        shade_receive_with_fds(
                            connection, raw.baseAddress, raw.count, carried.baseAddress, received == 0 ? 4 : 0, &count)
                    }
                }
                if received == 0 { received = count }
                guard got > 0 else { return nil }
                bytes += buffer[..<got]
                if expected == nil, bytes.count >= 4 {
                    guard let length = ResidentRequest.length(of: Array(bytes[..<4])) else { return nil }
                    expected = length
                }
            }
            guard let length = expected, bytes.count == 4 + length else { return nil }
            return ResidentRequest(body: Array(bytes[4...]))
        }
    }
}
