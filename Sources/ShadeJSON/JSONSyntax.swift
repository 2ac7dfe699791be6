/// Shade's own strict check of a whole JSON text, for a reader that has json-c parse only a part
/// of it: the rest is then known to be JSON the parser accepts, though json-c never built it.
/// The same pass outlines the text's upper levels (`JSONOutline`), for the reader to find the
/// part it wants and to check the shape of the rest.
///
/// The check is the grammar of RFC 8259 with nothing json-c's strict mode would add, then the
/// parser's own rules: UTF-8 by RFC 3629, no byte order mark, no NUL, integers within 64 bits
/// and numbers within a double, no key twice in an object. It is conservative: it refuses some
/// text the parser accepts (a key written with an escape, a `\u` escape of a surrogate or of NUL,
/// two keys of an object of more than `JSONSyntax.largestObject` keys with one hash, nesting
/// within one level of the limit), and the caller then parses the text whole, so that what is
/// reported of a text is always the parser's own error.
public enum JSONSyntax {
    /// The most keys an object may have for the check to compare each new key with all the
    /// others; past it, a key is compared by its hash alone, in a table (the text refused when
    /// two match, though they may differ).
    public static let largestObject = 64

    /// Whether `bytes` is one JSON document that `JSONParser.parse` accepts (see the type).
    public static func accepts(_ bytes: [UInt8], maximumDepth: Int = JSONParser.defaultMaximumDepth) -> Bool {
        outline(bytes, depth: 0, maximumDepth: maximumDepth) != nil
    }

    /// The values of `bytes` down to `depth` (the whole text's value is at depth 1), when the check
    /// accepts it; else nil.
    public static func outline(
        _ bytes: [UInt8], depth: Int, maximumDepth: Int = JSONParser.defaultMaximumDepth
    ) -> JSONOutline? {
        bytes.withUnsafeBufferPointer { buffer -> JSONOutline? in
            guard UTF8Validation.firstInvalidOffset(in: buffer) == nil else { return nil }
            var scan = Scan(bytes: buffer, outlineDepth: depth, maximumDepth: maximumDepth - 1)
            guard scan.run() else { return nil }
            return scan.outline
        }
    }
}

/// The one pass of `JSONSyntax`.
private struct Scan {
    let bytes: UnsafeBufferPointer<UInt8>
    let outlineDepth: Int
    let maximumDepth: Int
    var outline = JSONOutline()
    /// The containers open, innermost last: whether an object, and its value in the outline (-1
    /// when below the outline's depth).
    var open: [(isObject: Bool, value: Int)] = []
    /// The keys of the objects open (the hash of each, and where its text starts and ends); for
    /// each open object, where its keys start among them and a mask of a bit of each key's hash
    /// (a new key whose bit is not set is like none of them, unlooked at).
    var keys: [(hash: UInt64, start: Int, end: Int)] = []
    var firstKeys: [Int] = []
    var keyMasks: [UInt64] = []
    /// The key of the member whose value comes next, when in an object.
    var pendingKey: Range<Int>?
    /// The hashes of the keys of each large object open (see `JSONSyntax.largestObject`), with
    /// its place among the containers open; the innermost last.
    var largeObjects: [(level: Int, hashes: Set<UInt64>)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, outlineDepth: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.outlineDepth = outlineDepth
        self.maximumDepth = maximumDepth
        open.reserveCapacity(16)
        keys.reserveCapacity(64)
        firstKeys.reserveCapacity(16)
        keyMasks.reserveCapacity(16)
    }

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Notes a value starting at `start` in the outline, when shallow enough; its index or -1.
    private mutating func begin(at start: Int) -> Int {
        let depth = open.count + 1
        guard depth <= outlineDepth, open.last.map({ $0.value >= 0 }) ?? true else {
            pendingKey = nil
            return -1
        }
        let index = outline.add(start: start, key: pendingKey, parent: open.last?.value ?? -1, depth: depth)
        pendingKey = nil
        return index
    }

    mutating func run() -> Bool {
        let count = bytes.count
        var index = blanks(from: 0)
        while true {
            // A value is expected at `index`.
            guard index < count else { return false }
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                let isObject = byte == UInt8(ascii: "{")
                guard open.count < maximumDepth else { return false }
                let value = begin(at: index)
                index = blanks(from: index + 1)
                guard index < count else { return false }
                if bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    if value >= 0 { outline.end(value, at: index) }
                } else {
                    open.append((isObject, value))
                    if isObject {
                        firstKeys.append(keys.count)
                        keyMasks.append(0)
                        guard let next = member(from: index) else { return false }
                        index = next
                    }
                    continue
                }
            } else {
                let value = begin(at: index)
                guard let end = scalar(from: index) else { return false }
                index = end
                if value >= 0 { outline.end(value, at: index) }
            }
            // After a value: a comma and the next, or the close of its container (and of those
            // it ends), or the end of the text.
            while true {
                index = blanks(from: index)
                guard let container = open.last else { return index == count }
                guard index < count else { return false }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index = blanks(from: index + 1)
                    if container.isObject {
                        guard let next = member(from: index) else { return false }
                        index = next
                    }
                    break
                }
                guard byte == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                open.removeLast()
                if container.isObject {
                    if largeObjects.last?.level == open.count + 1 { largeObjects.removeLast() }
                    keys.removeSubrange(firstKeys.removeLast()...)
                    keyMasks.removeLast()
                }
                index += 1
                if container.value >= 0 { outline.end(container.value, at: index) }
            }
        }
    }

    /// A key and its colon at `start`, the key checked against the object's others; the index of
    /// the value after them. A key with an escape could equal another written without: refused
    /// (see `JSONSyntax`).
    private mutating func member(from start: Int) -> Int? {
        let count = bytes.count
        guard start < count, bytes[start] == Scan.quote else { return nil }
        var index = start + 1
        var hash = FNV1a.offsetBasis
        while true {
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == Scan.quote { break }
            guard byte != Scan.backslash, byte >= 0x20 else { return nil }
            hash = (hash ^ UInt64(byte)) &* FNV1a.prime
            index += 1
        }
        let length = index - start - 1
        let object = firstKeys.count - 1
        let first = firstKeys[object]
        let bit: UInt64 = 1 << (hash >> 58)
        var known = keys.count
        if keys.count - first >= JSONSyntax.largestObject {
            // A large object's keys: by hash, in a table of its own.
            let level = open.count
            if largeObjects.last?.level != level { largeObjects.append((level, Set(keys[first...].map(\.hash)))) }
            guard largeObjects[largeObjects.count - 1].hashes.insert(hash).inserted else { return nil }
        } else if keyMasks[object] & bit != 0 {
            known = first
        }
        while known < keys.count {
            let key = keys[known]
            if key.hash == hash, key.end - key.start == length {
                var same = true
                for offset in 0..<length where bytes[key.start + offset] != bytes[start + 1 + offset] {
                    same = false
                    break
                }
                if same { return nil }
            }
            known += 1
        }
        keyMasks[object] |= bit
        keys.append((hash, start + 1, index))
        pendingKey = (start + 1)..<index
        let colon = blanks(from: index + 1)
        guard colon < count, bytes[colon] == UInt8(ascii: ":") else { return nil }
        return blanks(from: colon + 1)
    }

    private func blanks(from start: Int) -> Int {
        var index = start
        let count = bytes.count
        guard let base = bytes.baseAddress else { return index }
        while index < count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
            // An indent, eight spaces at a time, then the spaces that start the next eight bytes
            // (the lowest bytes of a word loaded are the first: each space is a zero byte of
            // the word xor eight spaces).
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ Scan.eightSpaces
                guard word == 0 else {
                    index += word.littleEndian.trailingZeroBitCount / 8
                    break
                }
                index += 8
            }
        }
        return index
    }

    /// A string, number, `true`, `false` or `null` at `start`; the index past it.
    private func scalar(from start: Int) -> Int? {
        switch bytes[start] {
        case Scan.quote: string(from: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): number(from: start)
        case UInt8(ascii: "t"): word("true", from: start)
        case UInt8(ascii: "f"): word("false", from: start)
        case UInt8(ascii: "n"): word("null", from: start)
        default: nil
        }
    }

    /// The string opening at `start`; the index past its closing quote. No raw control byte, and
    /// only the escapes RFC 8259 names (a `\u` of a surrogate or of NUL is refused: see the type).
    private func string(from start: Int) -> Int? {
        var index = start + 1
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        while index < count {
            // Eight plain bytes at a time: none a quote, a backslash or a control byte.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let special =
                    ((quotes &- Scan.ones) & ~quotes) | ((slashes &- Scan.ones) & ~slashes)
                    | ((word &- 0x2020_2020_2020_2020) & ~word)
                guard special & Scan.highs == 0 else { break }
                index += 8
            }
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == Scan.quote { return index + 1 }
            if byte < 0x20 { return nil }
            guard byte == Scan.backslash else {
                index += 1
                continue
            }
            guard index + 1 < count else { return nil }
            switch bytes[index + 1] {
            case Scan.quote, Scan.backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                guard index + 6 <= count else { return nil }
                var scalar: UInt32 = 0
                for offset in 2..<6 {
                    guard let digit = Scan.hexDigit(bytes[index + offset]) else { return nil }
                    scalar = scalar << 4 | digit
                }
                guard scalar != 0, !(0xD800...0xDFFF).contains(scalar) else { return nil }
                index += 6
            default:
                return nil
            }
        }
        return nil
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The number at `start` (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`), within a
    /// 64-bit integer or a double; the index past it.
    private func number(from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        func isDigit(_ at: Int) -> Bool {
            at < count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
        }
        func digits() -> Bool {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
            return true
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { _ = digits() }
        let integerEnd = index
        var isInteger = true
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() else { return nil }
        }
        var hasExponent = false
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            hasExponent = true
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return nil }
        }
        // Only long numbers and numbers with an exponent can overflow: look closer at those alone.
        if hasExponent || integerEnd - start >= 19 {
            let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard !JSONNumberText.overflows(token, isInteger: isInteger && !hasExponent) else { return nil }
        }
        return index
    }

    private func word(_ word: StaticString, from start: Int) -> Int? {
        let length = word.utf8CodeUnitCount
        guard start + length <= bytes.count else { return nil }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        for offset in 0..<length where bytes[start + offset] != expected[offset] { return nil }
        return start + length
    }
}
