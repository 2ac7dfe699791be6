import ShadeCore
import ShadeRendering

/// The read-eval-print loop: navigation words of its own, every other line through the command
/// tree. On a terminal it prompts and edits; otherwise it reads a script.
final class REPL {
    private let session: Session
    private let source: LineSource
    private let isScript: Bool

    init(session: Session, source: LineSource, isScript: Bool) {
        self.session = session
        self.source = source
        self.isScript = isScript
    }

    /// The words Tab completes.
    static var completionWords: [String] {
        var words = Shade.completionWords + ["next", "prev", "quit", "exit", "today", "tomorrow", "yesterday"]
        words += Weekday.allCases.flatMap { [$0.name, $0.shortName] }
        words += Slot.allCases.map(\.rawValue) + ["this", "last", "clear"] + TaskFilter.keywords
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }.sorted()
    }

    /// The prompt: `2026-W48 Mon 23 Nov · morning › `.
    var prompt: SafeText {
        let date = session.view.date
        let filter: SafeText = session.standingFilter.map { " [\($0.words.joined(separator: " "))]" } ?? ""
        return
            "\(date.isoWeek) \(date.weekday.label) \(date.day) \(date.monthAbbreviation) · \(session.view.slot)\(filter) › "
    }

    /// Runs until end of input or `quit`; returns the exit code (scripts: the first failure's).
    func run() -> Int32 {
        defer { source.close() }
        if !isScript {
            Output.out(
                "shade \(Shade.version) · store \(session.store.directory)\nType help for the commands, Ctrl-D to leave.\n"
            )
        }
        var lineNumber = 0
        var exitCode: Int32 = ExitCode.success
        loop: while true {
            let result = source.next(prompt: prompt)
            lineNumber += 1
            let context = isScript ? "line \(lineNumber): " : ""
            let code: Int32
            switch result {
            case .end: break loop
            case .interrupted: continue
            case .rejected(let reason):
                Output.error("\(context)error: \(reason)\n")
                code = ExitCode.usage
            case .line(let line):
                let outcome = REPL.handle(line, session: session, context: context, showArrivals: !isScript)
                if !session.pendingOutput.isEmpty {
                    Output.out(session.pendingOutput)
                    session.pendingOutput = ""
                }
                switch outcome {
                case .quit: break loop
                case .skipped: continue
                case .ran(let status):
                    source.remember(line)
                    code = status
                }
            }
            if code != ExitCode.success, exitCode == ExitCode.success, isScript { exitCode = code }
        }
        return exitCode
    }

    /// What became of one line.
    enum Outcome: Equatable {
        /// A blank line or a comment.
        case skipped
        /// `quit`, `exit` or `q`.
        case quit
        /// A navigation or a command, with its exit code.
        case ran(Int32)
    }

    /// Runs one line as the REPL does: navigation words, `quit`, or a command; output is queued
    /// on the session. `showArrivals` prints the day arrived at after a move (on a terminal).
    static func handle(_ line: String, session: Session, context: String, showArrivals: Bool) -> Outcome {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .skipped }
        let runner = CommandRunner(session: session)
        let words: [String]
        do { words = try CommandLineWords.split(String(trimmed)) } catch {
            return .ran(runner.report(error, words: [], context: context))
        }
        if words.count == 1, ["quit", "exit", "q"].contains(words[0].lowercased()) { return .quit }
        do {
            if try navigate(words, session: session) {
                if showArrivals, words.contains(where: { Slot(name: $0) == nil }) { _ = runner.run(["day"]) }
                return .ran(ExitCode.success)
            }
        } catch {
            return .ran(runner.report(error, words: words, context: context))
        }
        return .ran(runner.run(words, context: context))
    }

    /// Moves the view when every word is a navigation word (`tue`, `evening`, `tue evening`,
    /// `next`, `prev`); returns false when the line is a command.
    private static func navigate(_ words: [String], session: Session) throws(CommandError) -> Bool {
        guard (1...2).contains(words.count) else { return false }
        var view = session.view
        let resolver = try session.resolver()
        for word in words {
            switch word.lowercased() {
            case "next":
                view.date = view.date.adding(days: 1)
            case "prev", "previous":
                view.date = view.date.adding(days: -1)
            default:
                if let slot = Slot(name: word) {
                    view.slot = slot
                } else if let date = resolver.date(for: word) {
                    view.date = date
                } else {
                    return false
                }
            }
        }
        guard view.date.isSupported else { throw .failed(DayResolver.outOfRange.message) }
        session.view = view
        return true
    }
}
