import ShadeCore

/// What a line source hands back.
enum LineResult {
    /// A line, without its newline.
    case line(String)
    /// Ctrl-C: the line was abandoned.
    case interrupted
    /// End of input (Ctrl-D or end of the script).
    case end
    /// A line that could not be taken (too long, not UTF-8); the reason says which.
    case rejected(String)
}

/// Where the REPL gets its lines: the line editor on a terminal, a script otherwise.
protocol LineSource: AnyObject {
    /// The next line, showing `prompt` where there is a terminal to show it on.
    func next(prompt: SafeText) -> LineResult
    /// Remembers a line that was run (history).
    func remember(_ line: String)
    /// Called once when the session ends.
    func close()
    /// Whether another line (or the end of input) can be had at once, without waiting.
    var hasWaitingInput: Bool { get }
}
