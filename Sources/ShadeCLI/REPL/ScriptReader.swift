import ShadeCore
import ShadePlatform

/// Reads a script from a file descriptor a line at a time, with a bound on line length.
///
/// `readLine()` silently repairs invalid UTF-8 and has no length limit; this reader rejects both.
final class ScriptReader: LineSource {
    /// The longest line accepted, in bytes.
    static let maximumLineLength = 64 * 1024

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(fd: Int32) { self.fd = fd }

    func next(prompt: SafeText) -> LineResult {
        var discarded = 0
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let bytes = buffer[start..<newline]
                start = newline + 1
                compact()
                if discarded > 0 { return tooLong(discarded + bytes.count) }
                return decode(bytes)
            }
            let pending = buffer.count - start
            if pending > ScriptReader.maximumLineLength {
                // Drop what we hold of an over-long line, remember how much, keep reading to its end.
                discarded += pending
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if atEnd {
                guard pending > 0 || discarded > 0 else { return .end }
                let bytes = buffer[start...]
                buffer.removeAll()
                start = 0
                if discarded > 0 { return tooLong(discarded + bytes.count) }
                return decode(bytes)
            }
            fill()
        }
    }

    func remember(_ line: String) {}
    func close() {}

    var hasWaitingInput: Bool {
        if atEnd || buffer[start...].contains(UInt8(ascii: "\n")) { return true }
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    private func tooLong(_ count: Int) -> LineResult {
        .rejected("the line is \(count) bytes long; the limit is \(ScriptReader.maximumLineLength) bytes")
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> LineResult {
        var slice = bytes
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        guard let text = String(validating: slice, as: UTF8.self) else {
            return .rejected("the line is not valid UTF-8; shade reads UTF-8 text only")
        }
        return .line(text)
    }

    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
                return
            }
            buffer.append(contentsOf: chunk[0..<count])
            return
        }
    }

    private func compact() {
        if start > 1 << 20 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
