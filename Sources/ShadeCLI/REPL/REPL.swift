import ShadeCore
import ShadeHost
import ShadeRendering

/// The read-eval-print loop: navigation words of its own, every other line through the command
/// tree. On a terminal it prompts and edits; otherwise it reads a script.
final class REPL {
    private let session: Session
    private let source: LineSource
    private let mode: Mode

    /// How lines arrive and what is shown around them.
    enum Mode {
        /// Typed at a terminal: a banner, prompts, the day or slot shown on arriving at it.
        case terminal
        /// Read from a pipe: no prompt, errors name their line, the first failure's exit code.
        case script
        /// Read from a pipe and shown as a terminal session shows it (`shade --transcript`):
        /// each prompt with its line, then what it printed, arrivals too; exit codes as a script's.
        case transcript
    }

    init(session: Session, source: LineSource, mode: Mode) {
        self.session = session
        self.source = source
        self.mode = mode
    }

    private var isScript: Bool { mode != .terminal }

    /// What Tab offers in a session's REPL for the line up to the cursor: the `Completer` on the
    /// session's store, around the week in view.
    static func completions(for session: Session) -> (String) -> [CompletionCandidate] {
        { line in Completer(data: StoreCompletionData(session: session)).candidates(forLine: line) }
    }

    /// The prompt: `2026-W48 Mon 23 Nov · morning › `.
    var prompt: SafeText { REPL.prompt(for: session) }

    /// The prompt of a session's view.
    static func prompt(for session: Session) -> SafeText {
        let date = session.view.date
        let filter: SafeText = session.standingFilter.map { " [\($0.words.joined(separator: " "))]" } ?? ""
        return
            "\(date.isoWeek) \(date.shortLabel) · \(session.view.slot)\(filter) › "
    }

    /// What the REPL says on starting when overdue tasks wait: how many, and that `carry` moves
    /// them (it never moves anything by itself). Empty when none wait.
    private func overdueNote() -> SafeText {
        guard let now = try? session.now(),
            let count = try? session.read({ state in
                try Shade.Carry.overdue(in: state, session: session, context: session.operationContext(now)).count
            }), count > 0
        else { return "" }
        let tasks: SafeText = count == 1 ? "1 overdue task waits" : "\(count) overdue tasks wait"
        let style = (try? session.renderContext().style) ?? Style(enabled: false)
        return style.yellow(tasks) + " (their slots have ended); carry moves them to now, carry --dry-run lists them\n"
    }

    /// Runs until end of input or `quit`; returns the exit code (scripts: the first failure's).
    func run() -> Int32 {
        defer {
            source.close()
            // What this session acknowledged is in its files when it ends.
            session.store.applyRedoLogBeforeLeaving()
        }
        if !isScript {
            Output.out(
                "shade \(Shade.version) · store \(session.store.directory)\nType help for the commands, Ctrl-D to leave.\n"
            )
        }
        if mode != .script { Output.out(overdueNote()) }
        var lineNumber = 0
        var exitCode: Int32 = ExitCode.success
        var batch = ScriptBatch()
        var recordsSeen: Int?
        // A command's questions are answered by the lines that follow.
        session.answers = { [session, source, mode] question in
            REPL.flushOutput(of: session)
            lineNumber += 1
            switch source.next(prompt: question) {
            case .line(let line):
                if mode == .transcript { Output.out(question + "\(line)\n") }
                return line
            case .interrupted, .end, .rejected: return nil
            }
        }
        session.readsLinesFromStandardInput = true
        defer {
            session.answers = nil
            session.readsLinesFromStandardInput = false
        }
        func note(_ code: Int32) {
            if code != ExitCode.success, exitCode == ExitCode.success, isScript { exitCode = code }
        }
        loop: while true {
            if let now = try? session.now() { session.followClock(to: now) }
            // Work no answer waits for is done while the next line is awaited.
            if !source.hasWaitingInput { recordsSeen = session.store.workWhileIdle(recordsSeen: recordsSeen) }
            let result = source.next(prompt: prompt)
            lineNumber += 1
            let context = mode == .script ? "line \(lineNumber): " : ""
            if mode == .script, case .line(let line) = result, ScriptBatch.takes(line),
                batch.run(line, context: context, session: session)
            {
                if batch.isFull || !source.hasWaitingInput {
                    for code in batch.save(session: session) { note(code) }
                }
                continue
            } else {
                // Any other line sees, and is seen after, every line before it on disk.
                for code in batch.save(session: session) { note(code) }
            }
            let code: Int32
            switch result {
            case .end: break loop
            case .interrupted: continue
            case .rejected(let reason):
                Output.error("\(context)error: \(reason)\n")
                code = ExitCode.usage
            case .line(let line):
                if mode == .transcript { Output.out(prompt + "\(line)\n") }
                let outcome = REPL.handle(line, session: session, context: context, showArrivals: mode != .script)
                REPL.flushOutput(of: session)
                switch outcome {
                case .quit: break loop
                case .skipped: continue
                case .ran(let status):
                    source.remember(line)
                    code = status
                }
            }
            note(code)
        }
        return exitCode
    }

    /// Prints what the last line queued on the session.
    static func flushOutput(of session: Session) {
        if !session.pendingOutput.isEmpty {
            Output.out(session.pendingOutput)
            session.pendingOutput = ""
        }
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
            if let arrival = try navigate(words, session: session) {
                if showArrivals {
                    try Shade.Day.print(
                        session.view.date, only: arrival == .slot ? session.view.slot : nil, json: false,
                        in: session)
                }
                return .ran(ExitCode.success)
            }
        } catch {
            return .ran(runner.report(error, words: words, context: context))
        }
        return .ran(runner.run(words, context: context))
    }

    /// Where a navigation line arrived: at another day, or only at another slot of the same day.
    enum Arrival { case day, slot }

    /// Moves the view when every word is a navigation word (`tue`, `evening`, `tue evening`,
    /// `next mon evening`, `next`, `prev`); returns nil when the line is a command.
    private static func navigate(_ words: [String], session: Session) throws(CommandError) -> Arrival? {
        guard (1...3).contains(words.count) else { return nil }
        var view = session.view
        let resolver = try session.resolver()
        var arrival = Arrival.slot
        var index = 0
        if let (date, count) = resolver.leadingDate(in: words[...]) {
            view.date = date
            arrival = .day
            index = count
        } else if ["next", "prev", "previous"].contains(words[0].lowercased()) {
            view.date = view.date.adding(days: words[0].lowercased() == "next" ? 1 : -1)
            arrival = .day
            index = 1
        }
        if index < words.count, let slot = Slot(name: words[index]) {
            view.slot = slot
            index += 1
        }
        guard index == words.count else { return nil }
        guard view.date.isSupported else { throw .failed(DayResolver.outOfRange.message) }
        session.view = view
        return arrival
    }
}
