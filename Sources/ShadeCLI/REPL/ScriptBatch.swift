import ShadeCore
import ShadeHost
import ShadeStore

/// The lines of a piped script that change tasks, run as one batch of changes (`StoreBatch`)
/// while further lines are already waiting: the batch is saved as one atomic step, and only then
/// does any of its lines say what it did (or failed to do) — every line is on disk when it is
/// acknowledged, and each keeps its own undo step. A line of any other kind, a pause in the
/// input, or a full batch saves the batch first.
struct ScriptBatch {
    /// The commands whose lines join a batch: each changes tasks through the session alone.
    static let commands: Set<String> = [
        "add", "done", "undone", "cancel", "rm", "mv", "edit", "star", "unstar", "note",
    ]
    /// The most lines a batch holds before it is saved.
    static let capacity = 256

    private var lines: [(line: String, context: String, status: Int32)] = []
    private var start: (view: PlannerView, filter: (words: [String], query: TaskQuery)?)?

    /// Whether a line is one a batch takes.
    static func takes(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        let word = trimmed.prefix { $0 != " " && $0 != "\t" }
        return commands.contains(word.lowercased())
    }

    /// Whether the batch holds as many lines as it may.
    var isFull: Bool { lines.count >= ScriptBatch.capacity }

    /// Runs a line in the batch, opening one when none is open. False when no batch can be opened
    /// (the store does not exist yet, or its lock or recovery fails): the line is then run alone,
    /// as any other, and says why.
    mutating func run(_ line: String, context: String, session: Session) -> Bool {
        if session.batch == nil {
            // Its lines change tasks: who they are by is found out before the batch holds the lock.
            _ = session.identity.name
            guard let opened = try? session.store.beginBatch() else { return false }
            session.batch = opened
            start = (session.view, session.standingFilter)
            Output.hold()
        }
        let outcome = REPL.handle(line, session: session, context: context, showArrivals: false)
        REPL.flushOutput(of: session)
        lines.append((line, context, ScriptBatch.status(of: outcome)))
        return true
    }

    /// Saves the batch, then lets its lines say what they did; returns each line's exit code (and
    /// the save's, when it failed). When nothing of the batch could be saved, its lines are run
    /// again one by one, each saved alone, so that each says what became of it.
    mutating func save(session: Session) -> [Int32] {
        guard let open = session.batch else { return [] }
        session.batch = nil
        defer {
            lines = []
            start = nil
        }
        do {
            try session.store.save(open)
            Output.releaseHeld()
            return lines.map(\.status)
        } catch let error as StoreError where error.isAfterCommitPoint {
            // Recorded, not confirmed: the lines did what they said, and the failure is told.
            Output.releaseHeld()
            let code = CommandRunner(session: session).report(error, words: [], context: lines.last?.context ?? "")
            return lines.map(\.status) + [code]
        } catch {
            Output.discardHeld()
            if let start {
                session.view = start.view
                session.standingFilter = start.filter
            }
            return lines.map { entry in
                let outcome = REPL.handle(entry.line, session: session, context: entry.context, showArrivals: false)
                REPL.flushOutput(of: session)
                return ScriptBatch.status(of: outcome)
            }
        }
    }

    private static func status(of outcome: REPL.Outcome) -> Int32 {
        if case .ran(let status) = outcome { return status }
        return ExitCode.success
    }
}
