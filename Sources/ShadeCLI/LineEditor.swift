internal import CEditLine
import ShadeCore
import ShadeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by the SIGINT handler; read after `readline` returns. Only the handler and the REPL's
/// single thread touch it.
nonisolated(unsafe) private var interruptReceived: sig_atomic_t = 0

/// The words Tab completes, and the matches of the word being completed.
nonisolated(unsafe) private var completionWords: [String] = []
nonisolated(unsafe) private var completionMatches: [String] = []

private let completeWord: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
    text, state in
    if state == 0 {
        let prefix = text.map { String(cString: $0) } ?? ""
        completionMatches = completionWords.filter { $0.hasPrefix(prefix.lowercased()) }
    }
    let index = Int(state)
    guard index < completionMatches.count else { return nil }
    // libedit frees what it is given.
    return strdup(completionMatches[index])
}

/// The interactive line editor (libedit): editing, history across runs, Tab completion, and
/// Ctrl-C that clears the line instead of ending the program.
final class LineEditor: LineSource {
    private let historyPath: String?

    /// Sets up libedit; `historyDirectory` is created private to the user when possible.
    init(historyDirectory: String, words: [String]) {
        completionWords = words
        var path: String? = historyDirectory + "/history"
        do { try TextFile.makePrivateDirectory(historyDirectory) } catch { path = nil }
        historyPath = path
        shade_disable_libedit_signals()
        shade_set_completion_function(completeWord)
        shade_set_word_break_characters(" \t")
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
        guard let raw = readline(prompt.text) else {
            if interruptReceived != 0 {
                Output.out("\n")
                return .interrupted
            }
            Output.out("\n")
            return .end
        }
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
}
