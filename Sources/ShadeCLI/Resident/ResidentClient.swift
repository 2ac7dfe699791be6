import ShadeCore
import ShadeHost

/// The one-shot side of a store's resident process (`ResidentHelper`): hands a command to it when
/// one listens and the command is one it answers (`ResidentConnection`), and starts one after a
/// command ran on its own.
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
        switch ResidentConnection.handOver(
            raw, store: environment.storeDirectory(chosen: store), environment: environment)
        {
        case .answered(let code):
            return .answered(code)
        case .noAddress:
            // None yet: the store (or the runtime folder) is made by this command, perhaps.
            return .runHere(startsHelper: ResidentAddress.idleSeconds(environment) != nil)
        case .notListening:
            return .runHere(startsHelper: true)
        case .notTaken:
            return .runHere(startsHelper: false)
        case .endedEarly:
            if views.contains(name) { return .runHere(startsHelper: false) }
            Output.error(
                "error: shade's resident process for this store ended before it finished '\(name)'; 'shade log 1' shows whether the change was made\n"
            )
            return .answered(ExitCode.failure)
        }
    }

    /// Starts a resident process for the store at `directory` (made by the command that just ran).
    /// Best effort: a command never fails for want of one.
    static func startHelper(store directory: String, environment: ShadeEnvironment) {
        ResidentConnection.startResident(store: directory, environment: environment)
    }
}
