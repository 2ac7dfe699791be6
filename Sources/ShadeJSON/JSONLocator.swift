/// Finds where a value sits in JSON text, so that a problem found after parsing (a wrong field, a
/// repeated id) can be reported with a line and column like a syntax error.
public enum JSONLocator {
    /// The line and column (from 1; the column counts characters) of the value at `path`, written
    /// as the store's messages write it: `days.2026-11-23.morning[0].status`. Nil when the path is
    /// not in the text. The text must be JSON the parser accepted.
    public static func position(of path: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var walker = Walker(bytes: bytes)
        guard let offset = walker.find(components(of: path)) else { return nil }
        return bytes.withUnsafeBufferPointer { TextPosition.lineAndColumn(of: offset, in: $0) }
    }

    /// The line (from 1) on which each element of the top-level array starts, in one pass over
    /// the text: what `position(of: "[i]", in:)` gives for every `i`, without walking the text
    /// again for each. Empty when the text is not an array. The text must be JSON the parser
    /// accepted.
    public static func elementLines(in bytes: [UInt8]) -> [Int] {
        var walker = Walker(bytes: bytes)
        var lines: [Int] = []
        var line = 1
        var counted = 0
        walker.skipBlanks()
        guard walker.index < bytes.count, bytes[walker.index] == UInt8(ascii: "[") else { return [] }
        walker.index += 1
        walker.skipBlanks()
        while walker.index < bytes.count, bytes[walker.index] != UInt8(ascii: "]") {
            while counted < walker.index {
                if bytes[counted] == UInt8(ascii: "\n") { line += 1 }
                counted += 1
            }
            lines.append(line)
            walker.skipValue()
            walker.skipBlanks()
            guard walker.index < bytes.count, bytes[walker.index] == UInt8(ascii: ",") else { break }
            walker.index += 1
            walker.skipBlanks()
        }
        return lines
    }

    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    static func components(of path: String) -> [Component] {
        var result: [Component] = []
        for part in path.split(separator: ".", omittingEmptySubsequences: true) {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { result.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
                    guard let index = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return result }
                    result.append(.index(index))
                    rest = rest[rest.index(after: close)...]
                }
            } else {
                result.append(.key(String(rest)))
            }
        }
        return result
    }

    private struct Walker {
        let bytes: [UInt8]
        var index = 0

        mutating func find(_ path: [Component]) -> Int? {
            skipBlanks()
            for component in path {
                guard index < bytes.count else { return nil }
                switch (component, bytes[index]) {
                case (.key(let key), UInt8(ascii: "{")):
                    index += 1
                    while true {
                        skipBlanks()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                        let name = readString()
                        skipBlanks()
                        index += 1  // ':'
                        skipBlanks()
                        if name == key { break }
                        skipValue()
                        skipBlanks()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                        index += 1
                    }
                case (.index(let wanted), UInt8(ascii: "[")):
                    index += 1
                    skipBlanks()
                    for _ in 0..<wanted {
                        skipValue()
                        skipBlanks()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                        index += 1
                        skipBlanks()
                    }
                    guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return nil }
                default:
                    return nil
                }
            }
            return index
        }

        mutating func skipBlanks() {
            while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
        }

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        /// Reads a string (at its opening quote) and returns its text with escapes kept as written:
        /// enough to compare keys, which the store writes without escapes.
        mutating func readString() -> String {
            let start = index + 1
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            return text
        }

        /// Moves past a string (at its opening quote) without reading it.
        mutating func skipString() {
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
        }

        mutating func skipValue() {
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        skipString()
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                    if depth == 0 { return }
                }
            default:
                while index < bytes.count, !Self.isBlank(bytes[index]), bytes[index] != UInt8(ascii: ","),
                    bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "]")
                {
                    index += 1
                }
            }
        }
    }
}
