import ShadeCore
import ShadeHost
import ShadeStore

/// Runs command lines in-process exactly as the REPL does, handing the output back instead of
/// printing it: for embedding shade and for measuring the REPL's own latency.
public final class CommandEngine {
    private let session: Session
    private var recordsSeen: Int?

    /// A session on the store and clock the environment names (as `shade` would start).
    public init(environment: ShadeEnvironment) throws {
        session = try ShadeMain.makeSession(
            environment: environment, store: nil, color: .never, interactive: true, defersFiles: true)
        session.streamsOutput = false
    }

    /// What the REPL does while it waits for the next line (no answer waits for it): call it
    /// between lines, as the REPL does.
    public func idle() {
        recordsSeen = session.store.workWhileIdle(recordsSeen: recordsSeen)
    }

    /// Runs one REPL line; returns its exit code and what it printed on standard output.
    public func run(_ line: String) -> (status: Int32, output: String) {
        let outcome = REPL.handle(line, session: session, context: "", showArrivals: false)
        let output = session.pendingOutput
        session.pendingOutput = SafeText()
        switch outcome {
        case .ran(let status): return (status, output.text)
        case .skipped, .quit: return (ExitCode.success, output.text)
        }
    }
}
