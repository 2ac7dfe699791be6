import CSystemCalls
import ShadePlatform

/// The one-shot side of a store's resident process (`ResidentServer`), as the process sees it:
/// handing a command over its socket, with the command's standard streams and working
/// directory, and starting a resident process.
public enum ResidentConnection {
    /// How long a command waits for a resident process to take it (it may be busy with another
    /// command) before it runs on its own instead, in milliseconds.
    public static let takeTimeout: Int32 = 2000

    /// What became of handing a command over.
    public enum HandOver: Equatable, Sendable {
        /// The resident process ran the command; its exit code.
        case answered(Int32)
        /// There is no address to hand it to: resident processes are off, there is no private
        /// runtime directory, or the store does not exist yet.
        case noAddress
        /// No resident process listens for the store.
        case notListening
        /// One listens, but did not take the command (another program, environment or store, or
        /// busy past `takeTimeout`): nothing of it ran.
        case notTaken
        /// The resident process took the command and ended before it said how it ended.
        case endedEarly
    }

    /// Hands the command `arguments` (every argument, as the shell gave them) on the store at
    /// `directory` to the store's resident process, when one listens and takes it.
    public static func handOver(_ arguments: [[UInt8]], store directory: String, environment: ShadeEnvironment)
        -> HandOver
    {
        guard let address = ResidentAddress.of(store: directory, environment: environment) else { return .noAddress }
        let socket = shade_unix_connect(address.socket)
        guard socket >= 0 else { return .notListening }
        defer { close(socket) }
        let here = shade_open_directory_handle(".")
        guard here >= 0 else { return .notTaken }
        defer { close(here) }
        let request = ResidentRequest(
            program: ResidentAddress.programStamp(), environment: ResidentAddress.digest(of: environment),
            store: directory, arguments: arguments)
        guard ResidentRequest.send(request.encoded(), with: [0, 1, 2, here], on: socket) else { return .notTaken }
        // Taken, or not: until this side says go, the resident process runs nothing.
        guard let reply = ResidentRequest.receive(1, from: socket, timeout: takeTimeout),
            reply == [ResidentRequest.Signal.accepted.rawValue],
            ResidentRequest.send([ResidentRequest.Signal.go.rawValue], with: [], on: socket)
        else { return .notTaken }
        guard let code = ResidentRequest.receive(4, from: socket, timeout: -1) else { return .endedEarly }
        return .answered(Int32(bitPattern: ResidentRequest.number(fromLittleEndian: code)))
    }

    /// Starts a resident process for the store at `directory` (`shade --resident DIR` of this very
    /// program), detached (`ProcessLauncher.detach`). Best effort: a command never fails for
    /// want of one.
    public static func startResident(store directory: String, environment: ShadeEnvironment) {
        guard ResidentAddress.makeFolder(environment),
            let address = ResidentAddress.of(store: directory, environment: environment),
            let program = ResidentAddress.realPath("/proc/self/exe")
        else { return }
        ProcessLauncher.detach([program, "--resident", address.store])
    }
}
