import ShadeCore
import Synchronization

/// The one way out to the terminal: standard output and standard error, written without
/// buffering surprises (through `Terminal.write`), and taking only `SafeText` (text whose
/// foreign parts are escaped). What is written may be captured (for checks) or held back (while
/// a script's batch is saved) instead.
public enum Output {
    /// Writes text to standard output.
    public static func out(_ text: SafeText) { write(fd: 1, text.text) }

    /// Writes text to standard error.
    public static func error(_ text: SafeText) { write(fd: 2, text.text) }

    /// What `capturing` has taken in so far, when a capture is on.
    private static let captured = Mutex<(out: String, error: String)?>(nil)

    /// Runs `body` with both streams taken in rather than written, and hands back what each
    /// received: for checks that look at exactly what shade would have written.
    static func capturing(_ body: () -> Void) -> (out: String, error: String) {
        captured.withLock { $0 = ("", "") }
        body()
        return captured.withLock { value in
            defer { value = nil }
            return value ?? ("", "")
        }
    }

    /// What is held back while a hold is on, both streams in the order written.
    private static let held = Mutex<[(fd: Int32, text: String)]?>(nil)

    /// Holds back what is written to either stream, in order, until `releaseHeld()` writes it or
    /// `discardHeld()` drops it: a script's lines run in a batch say what they did only once the
    /// batch is on disk.
    public static func hold() { held.withLock { if $0 == nil { $0 = [] } } }

    /// Writes what was held back, in order, and ends the hold.
    public static func releaseHeld() {
        let chunks = held.withLock { value in
            defer { value = nil }
            return value ?? []
        }
        for chunk in chunks { write(fd: chunk.fd, chunk.text) }
    }

    /// Drops what was held back and ends the hold.
    public static func discardHeld() { held.withLock { $0 = nil } }

    private static func write(fd: Int32, _ text: String) {
        let taken = captured.withLock { value -> Bool in
            guard value != nil else { return false }
            if fd == 1 { value?.out += text } else { value?.error += text }
            return true
        }
        if taken { return }
        let kept = held.withLock { value -> Bool in
            guard value != nil else { return false }
            value?.append((fd, text))
            return true
        }
        if kept { return }
        Terminal.write(text, to: fd)
    }
}
