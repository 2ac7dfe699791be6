import ShadePlatform

/// The process's standard streams and the terminal behind them: whether a stream is a
/// terminal, its width, its locale, and writing to a stream whole.
public enum Terminal {
    /// Writes all of `text` to the file descriptor `fd` (retrying when a signal interrupts it);
    /// stops quietly when the stream is closed or fails.
    public static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += count
            }
        }
    }

    /// Whether a file descriptor is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's width in columns, or nil when standard output is not a terminal.
    public static func width() -> Int? {
        var size = winsize()
        guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Sends standard error where standard output goes (a transcript shows errors among the lines
    /// they belong to, as a terminal's screen does).
    public static func sendErrorsToOutput() {
        dup2(1, 2)
    }

    /// Uses the user's locale for character types, or C.UTF-8 when that is not UTF-8 (what
    /// libedit needs for UTF-8 prompts and input).
    public static func ensureUTF8Locale() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? ""
        if !chosen.uppercased().contains("UTF-8") && !chosen.uppercased().contains("UTF8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
