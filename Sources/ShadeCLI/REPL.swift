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
        var words = Shade.commandNames + ["next", "prev", "quit", "exit", "today", "tomorrow", "yesterday"]
        words += Weekday.allCases.flatMap { [$0.name, $0.shortName] }
        words += Slot.allCases.map(\.rawValue) + ["this", "last", "--json"] + TaskFilter.keywords
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }.sorted()
    }

    /// The prompt: `2026-W48 Mon 23 Nov · morning › `.
    var prompt: String {
        let date = session.view.date
        return "\(date.isoWeek) \(date.weekday.label) \(date.day) \(date.monthAbbreviation) · \(session.view.slot) › "
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
        let runner = CommandRunner(session: session)
        loop: while true {
            let result = source.next(prompt: prompt)
            lineNumber += 1
            let context = isScript ? "line \(lineNumber): " : ""
            let line: String
            switch result {
            case .end: break loop
            case .interrupted: continue
            case .rejected(let reason):
                Output.error(context + "error: " + reason + "\n")
                if exitCode == ExitCode.success, isScript { exitCode = ExitCode.usage }
                continue
            case .line(let text): line = text
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            source.remember(line)
            let words: [String]
            do { words = try CommandLineWords.split(String(trimmed)) } catch {
                let code = runner.report(error, words: [], context: context)
                if exitCode == ExitCode.success, isScript { exitCode = code }
                continue
            }
            if words.count == 1, ["quit", "exit", "q"].contains(words[0].lowercased()) { break }
            do {
                if try navigate(words) { continue }
            } catch {
                let code = runner.report(error, words: words, context: context)
                if exitCode == ExitCode.success, isScript { exitCode = code }
                continue
            }
            let code = runner.run(words, context: context)
            if code != ExitCode.success, exitCode == ExitCode.success, isScript { exitCode = code }
        }
        return exitCode
    }

    /// Moves the view when every word is a navigation word (`tue`, `evening`, `tue evening`,
    /// `next`, `prev`); returns false when the line is a command.
    private func navigate(_ words: [String]) throws(CommandError) -> Bool {
        guard (1...2).contains(words.count) else { return false }
        var view = session.view
        var movedDay = false
        let resolver = try session.resolver()
        for word in words {
            switch word.lowercased() {
            case "next":
                view.date = view.date.adding(days: 1)
                movedDay = true
            case "prev", "previous":
                view.date = view.date.adding(days: -1)
                movedDay = true
            default:
                if let slot = Slot(name: word) {
                    view.slot = slot
                } else if let date = resolver.date(for: word) {
                    view.date = date
                    movedDay = true
                } else {
                    return false
                }
            }
        }
        guard view.date.isSupported else { throw .failed(DayResolver.outOfRange.message) }
        session.view = view
        if movedDay, !isScript {
            // On a terminal, show where we arrived.
            _ = CommandRunner(session: session).run(["day"])
        }
        return true
    }
}
