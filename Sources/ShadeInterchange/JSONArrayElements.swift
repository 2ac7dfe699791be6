import ShadeCore
import ShadeJSON

/// The elements of a JSON array read a chunk at a time, each parsed alone: the array's own
/// brackets, commas and blanks are scanned here (strings, escapes and nesting followed), and each
/// element goes through the strict parser with the array's level counted, so that a file takes
/// no more memory than a chunk and one element. What is wrong is said as parsing the whole array
/// says it, at the same line and column: the parser is handed the element (or, for what is wrong
/// between elements, the element before and what follows it) and its position mapped back.
struct JSONArrayElements {
    /// A line and column (from 1; columns count Unicode scalars) in the file.
    struct Position {
        var line = 1
        var column = 1
    }

    private enum State { case start, opened, afterElement, afterComma, closed }

    private let chunks: ImportChunks
    private var chunk: ArraySlice<UInt8> = []
    private var ended = false
    private var utf8 = UTF8Check()
    /// Where the next byte is.
    private var position = Position()
    private var state = State.start
    /// Where the array's `[` is.
    private var opening: Position?
    /// The last element read and where it starts, for what is wrong after it.
    private var previous: (bytes: [UInt8], start: Position)?
    /// The blanks and punctuation read since the `[` or the last element (up to 64 KiB), and
    /// where they start.
    private var gap: (bytes: [UInt8], start: Position) = ([], Position())
    /// Whether an element is being read (its bytes are not the gap's).
    private var inElement = false

    init(_ chunks: ImportChunks) {
        self.chunks = chunks
    }

    /// The next element as a JSON value, with the line it starts on; nil after the array's `]`
    /// (and nothing but blanks after it).
    mutating func next() throws(ImportError) -> (value: JSONValue, line: Int)? {
        switch state {
        case .start:
            if try peek() != nil, chunk.starts(with: [0xEF, 0xBB, 0xBF]) { chunk = chunk.dropFirst(3) }
            try skipBlanks()
            guard try peek() == UInt8(ascii: "[") else { throw try failure() }
            opening = position
            try take()
            gap = ([], position)
            state = .opened
            return try next()
        case .opened, .afterComma:
            try skipBlanks()
            switch try peek() {
            case UInt8(ascii: "]") where state == .opened:
                try take()
                state = .closed
                return try next()
            case nil, UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ":"):
                throw try failure()
            default:
                return try element()
            }
        case .afterElement:
            try skipBlanks()
            switch try peek() {
            case UInt8(ascii: ","):
                try take()
                state = .afterComma
                return try next()
            case UInt8(ascii: "]"):
                try take()
                state = .closed
                return try next()
            default:
                throw try failure()
            }
        case .closed:
            try skipBlanks()
            guard try peek() == nil else { throw try failure() }
            return nil
        }
    }

    // MARK: Elements

    /// Reads and parses the element that starts here.
    private mutating func element() throws(ImportError) -> (value: JSONValue, line: Int) {
        let start = position
        inElement = true
        defer { inElement = false }
        var bytes: [UInt8] = []
        var closers: [UInt8] = []
        var inString = false
        var escaped = false
        scan: while let byte = try peek() {
            if closers.isEmpty, !inString, !bytes.isEmpty, bytes[0] != UInt8(ascii: "\""), Self.endsScalar(byte) {
                break
            }
            try take()
            bytes.append(byte)
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if closers.isEmpty { break }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): closers.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["): closers.append(UInt8(ascii: "]"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closers.last == byte else { break scan }  // the parser says what is wrong
                closers.removeLast()
                if closers.isEmpty { break scan }
            default: break
            }
            if closers.count > ImportLimits.maximumJSONDepth { break }  // the parser says how deep
        }
        // Closed with the array's `]` unless the file ended inside the element (or right after a
        // number or word, which only what follows it ends).
        let atEnd = try peek() == nil
        let whole = closers.isEmpty && !inString && (bytes.first.map(Self.opensValue) == true || !atEnd)
        let closing: [UInt8] = whole ? [UInt8(ascii: "]")] : []
        let pieces: [(bytes: [UInt8], start: Position)] = [
            ([UInt8(ascii: "[")], start), (bytes, start), (closing, position),
        ]
        let value: JSONValue
        do throws(JSONError) {
            value = try JSONParser.parse(pieces.flatMap(\.bytes), maximumDepth: ImportLimits.maximumJSONDepth)
        } catch {
            throw Self.mapped(error, pieces)
        }
        previous = (bytes, start)
        gap = ([], position)
        state = .afterElement
        return (value.arrayValue?.first ?? .null, start.line)
    }

    /// Whether a byte opens an object, an array or a string.
    private static func opensValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\"")
    }

    /// Whether a byte ends a number or a word (`true`, `null`) standing as an element.
    private static func endsScalar(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: ":")
    }

    // MARK: What is wrong between elements

    /// The error parsing the whole array would give here: the parser is handed the `[`, the
    /// element before, the blanks and punctuation since, and a few bytes from here on.
    private mutating func failure() throws(ImportError) -> ImportError {
        let here = position
        var tail: [UInt8] = []
        while tail.count < 16, let byte = try peek() {
            try take()
            tail.append(byte)
        }
        var pieces: [(bytes: [UInt8], start: Position)] = []
        if let opening {
            pieces.append(([UInt8(ascii: "[")], opening))
            if let previous { pieces.append(previous) }
        }
        pieces += [gap, (tail, here)]
        do throws(JSONError) {
            _ = try JSONParser.parse(pieces.flatMap(\.bytes), maximumDepth: ImportLimits.maximumJSONDepth)
        } catch {
            return Self.mapped(error, pieces)
        }
        return ImportError(line: here.line, column: here.column, "not JSON: expected one JSON array")
    }

    /// A parser's error in pieces of the file put together, placed in the file.
    private static func mapped(_ error: JSONError, _ pieces: [(bytes: [UInt8], start: Position)]) -> ImportError {
        var offset = error.offset
        var place = pieces.last?.start ?? Position()
        for (index, piece) in pieces.enumerated() {
            if offset < piece.bytes.count || index == pieces.count - 1 {
                place = piece.start
                for byte in piece.bytes.prefix(offset) { advance(&place, over: byte) }
                break
            }
            offset -= piece.bytes.count
        }
        return ImportError(line: place.line, column: place.column, "not JSON: \(error.reason)")
    }

    // MARK: Bytes

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func advance(_ place: inout Position, over byte: UInt8) {
        if byte == UInt8(ascii: "\n") {
            place.line += 1
            place.column = 1
        } else if byte & 0xC0 != 0x80 {
            place.column += 1
        }
    }

    /// Moves past blanks, keeping them (and the gap's punctuation) for an error to come.
    private mutating func skipBlanks() throws(ImportError) {
        while let byte = try peek(), Self.isBlank(byte) { try take() }
    }

    /// The next byte, without moving past it; nil at the end of the file.
    private mutating func peek() throws(ImportError) -> UInt8? {
        while chunk.isEmpty {
            guard !ended, let next = try chunks.next() else {
                ended = true
                guard utf8.isComplete else { throw ImportError(line: position.line, "the file is not UTF-8 text") }
                return nil
            }
            chunk = next
        }
        return chunk.first
    }

    /// Moves past the byte `peek` gave, checking it continues UTF-8 text.
    private mutating func take() throws(ImportError) {
        guard let byte = chunk.popFirst() else { return }
        guard utf8.accept(byte) else { throw ImportError(line: position.line, "the file is not UTF-8 text") }
        if !inElement, gap.bytes.count < 1 << 16 { gap.bytes.append(byte) }
        Self.advance(&position, over: byte)
    }
}
