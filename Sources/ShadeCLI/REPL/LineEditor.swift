internal import CEditLine
import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeRendering
import ShadeStore

/// Set by the SIGINT handler; read after `readline` returns. Only the handler and the REPL's
/// single thread touch it.
nonisolated(unsafe) private var interruptReceived: sig_atomic_t = 0

/// What Tab offers for the line up to the cursor (the REPL's `Completer`).
nonisolated(unsafe) private var completionProvider: ((String) -> [CompletionCandidate])?

/// libedit's completion with the whole line: the candidates for the word before the cursor, as
/// `LineEditor.matches` lays them out, in memory libedit frees.
private let completeLine:
    @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
        _, _, end in
        shade_set_attempted_completion_over(1)
        guard let buffer = shade_line_buffer(), end >= 0 else { return nil }
        // libedit counts the cursor in characters; the buffer is UTF-8.
        let scalars = String(cString: buffer).unicodeScalars.prefix(Int(end))
        let candidates = completionProvider?(String(String.UnicodeScalarView(scalars))) ?? []
        let matches = LineEditor.matches(for: candidates, width: Terminal.width() ?? 80)
        guard !matches.isEmpty,
            let array = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (matches.count + 1))?
                .bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: matches.count + 1)
        else { return nil }
        for (index, match) in matches.enumerated() { array[index] = strdup(match) }
        array[matches.count] = nil
        return array
    }

/// The word completion libedit falls back to: none (the line completion above decides).
private let completeNothing: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
    _, _ in nil
}

/// The line libedit's callback handed over (nil inside: end of input), once it has.
nonisolated(unsafe) private var finishedLine: UnsafeMutablePointer<CChar>??

private let takeLine: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
    finishedLine = .some(line)
}

/// The interactive line editor (libedit): editing, history across runs, Tab completion, and
/// Ctrl-C that clears the line instead of ending the program.
///
/// Lines are read through libedit's callback interface, one key at a time as they arrive, so
/// that while the user types (or sits at the prompt) the editor can print a message above the
/// prompt and redraw the prompt with the line being typed, as it was.
final class LineEditor: LineSource {
    private let historyPath: String?
    /// Asked at each whole minute while waiting for a line: what to print above the prompt.
    var idleMessage: (() -> SafeText?)?
    /// Whether the prompt's line may be cleared with a control sequence (not on `TERM=dumb`,
    /// where a message starts on a line of its own instead).
    var clearsLines = true

    /// Sets up libedit; `historyDirectory` is created private to the user when possible;
    /// `complete` gives what Tab offers for the line up to the cursor.
    init(historyDirectory: String, complete: @escaping (String) -> [CompletionCandidate]) {
        completionProvider = complete
        var path: String? = historyDirectory + "/history"
        do { try TextFile.makePrivateDirectory(historyDirectory) } catch { path = nil }
        historyPath = path
        shade_disable_libedit_signals()
        shade_set_completion_function(completeNothing)
        shade_set_attempted_completion_function(completeLine)
        shade_break_words_at_blanks()
        stifle_history(1000)
        if let path { _ = read_history(path) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptReceived = 1 }
        // No SA_RESTART: the read inside readline must return so that the line can be cleared.
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
    }

    func next(prompt: SafeText) -> LineResult {
        interruptReceived = 0
        finishedLine = nil
        rl_callback_handler_install(prompt.text, takeLine)
        while finishedLine == nil {
            if interruptReceived != 0 {
                // Ctrl-C (whenever it came): the line is abandoned, a fresh prompt follows.
                rl_replace_line("", 0)
                rl_callback_handler_remove()
                Output.out("\n")
                return .interrupted
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, SystemClock.millisecondsToNextMinute())
            if ready < 0 {
                guard errno == EINTR else { break }
                continue
            }
            if ready == 0 {
                if let message = idleMessage?(), !message.isEmpty {
                    // Clear the prompt's line, print the message, then draw prompt and line again.
                    Output.out(
                        (clearsLines ? Style.clearLine : "\n") + message + (message.endsWithLineBreak ? "" : "\n"))
                    rl_forced_update_display()
                }
                continue
            }
            // Readable with nothing to read is the terminal gone (hung up, closed): the end, rather
            // than a loop that libedit's read of nothing would never leave.
            var available: Int32 = 0
            if descriptor.revents & Int16(POLLNVAL) != 0 || ioctl(0, UInt(FIONREAD), &available) != 0 || available == 0
            {
                break
            }
            rl_callback_read_char()
        }
        rl_callback_handler_remove()
        guard case .some(.some(let raw)) = finishedLine else {
            Output.out("\n")
            return .end
        }
        finishedLine = nil
        defer { free(raw) }
        let length = strlen(raw)
        guard length <= ScriptReader.maximumLineLength else {
            return .rejected("the line is \(length) bytes long; the limit is \(ScriptReader.maximumLineLength) bytes")
        }
        let bytes = UnsafeRawBufferPointer(start: raw, count: length).bindMemory(to: UInt8.self)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .rejected("the line is not valid UTF-8; shade reads UTF-8 text only")
        }
        return .line(text)
    }

    func remember(_ line: String) {
        _ = add_history(line)
        if let historyPath {
            _ = write_history(historyPath)
            chmod(historyPath, 0o600)
        }
    }

    func close() {
        if let historyPath { _ = write_history(historyPath) }
    }

    /// A person types one line at a time: each is saved before the next is read.
    var hasWaitingInput: Bool { false }

    /// What libedit is handed for a Tab: first the text that takes the word's place (the one
    /// candidate, or what all of them begin with), then, when there are several, what a second
    /// Tab lists. Candidates with a description are listed as `ID  description`, the values
    /// aligned (libedit sorts the list as text, so that ` 9` comes before `12`) and each padded
    /// to more than half of `width`, so that libedit puts one on a line; a line is cut to fit
    /// `width`, as libedit measures it (in bytes).
    static func matches(for candidates: [CompletionCandidate], width: Int) -> [String] {
        guard candidates.count > 1 else { return candidates.map(\.value) }
        var common = Array(candidates[0].value)
        for candidate in candidates.dropFirst() {
            let other = Array(candidate.value)
            var length = 0
            while length < min(common.count, other.count), common[length] == other[length] { length += 1 }
            common.removeLast(common.count - length)
        }
        guard candidates.contains(where: { !$0.description.isEmpty }) else {
            return [String(common)] + candidates.map(\.value)
        }
        let valueWidth = candidates.map(\.value.count).max() ?? 0
        let limit = max(width - 3, 20)
        let lines = candidates.map { candidate -> String in
            var line =
                String(repeating: " ", count: valueWidth - candidate.value.count) + candidate.value + "  "
            for character in candidate.description {
                guard line.utf8.count + character.utf8.count + "…".utf8.count <= limit else {
                    line += "…"
                    break
                }
                line.append(character)
            }
            return line + String(repeating: " ", count: max(0, width / 2 + 1 - line.utf8.count))
        }
        return [String(common)] + lines
    }
}
