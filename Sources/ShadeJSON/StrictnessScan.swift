import ShadePlatform

/// A lexical pass over text json-c has accepted, catching what json-c's strict mode lets through:
/// `NaN` and `Infinity`, integers that overflow 64 bits, numbers that overflow a double, and
/// duplicate object keys (where json-c silently keeps the last).
///
/// Duplicate keys are found by a hash of each key as written, compared with the other keys of its
/// object (a match is then confirmed byte for byte), so the common case allocates nothing per key.
/// A key written with an escape could equal another written without: for a text with such a key,
/// the pass also counts each object's members, for the parser to compare with json-c's counts.
struct StrictnessScan {
    /// For each object in document order (opening brace order): where it starts and how many
    /// members the text gives it.
    private(set) var objects: [(offset: Int, memberCount: Int)] = []
    /// Whether a key holds an escape: duplicates must then be compared as json-c decoded them.
    private(set) var hasEscapedKey = false

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

    /// Scans `bytes`, throwing the first problem found.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) {
        // Per open container: the index of its entry in `objects`, or -1 for an array; and
        // whether the next string is a key.
        var stack: [(object: Int, expectingKey: Bool, firstKey: Int)] = []
        stack.reserveCapacity(16)
        // The hashes of the keys of the objects open, innermost last; an object of many keys
        // also keeps them in a table of its own (the large objects open, innermost last).
        var keyHashes: [UInt64] = []
        keyHashes.reserveCapacity(64)
        var largeObjects: [KeyTable] = []
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return }
        while index < count {
            let byte = bytes[index]
            // Blanks between tokens, most of a pretty-printed file, need no look; a run of
            // spaces (an indent) is passed eight bytes at a time.
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
                while index + 8 <= count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) == StrictnessScan.eightSpaces
                {
                    index += 8
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "{"):
                objects.append((index, 0))
                stack.append((objects.count - 1, true, keyHashes.count))
                index += 1
            case UInt8(ascii: "["):
                stack.append((-1, false, keyHashes.count))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let closed = stack.popLast() {
                    keyHashes.removeLast(keyHashes.count - closed.firstKey)
                    if closed.object >= 0, largeObjects.last?.object == closed.object { largeObjects.removeLast() }
                }
                index += 1
            case UInt8(ascii: ","):
                if let last = stack.indices.last, stack[last].object >= 0 { stack[last].expectingKey = true }
                index += 1
            case UInt8(ascii: ":"):
                if let last = stack.indices.last { stack[last].expectingKey = false }
                index += 1
            case StrictnessScan.quote:
                let start = index
                index = StrictnessScan.endOfString(bytes, from: index)
                if let last = stack.indices.last, stack[last].object >= 0, stack[last].expectingKey {
                    let object = stack[last].object
                    objects[object].memberCount += 1
                    guard let hash = StrictnessScan.hash(bytes, from: start + 1, to: index - 1) else {
                        hasEscapedKey = true
                        continue
                    }
                    let first = stack[last].firstKey
                    // A large object is the innermost one open when it has a table.
                    let repeated: Bool
                    if let top = largeObjects.indices.last, largeObjects[top].object == object {
                        repeated = !largeObjects[top].insert(hash)
                    } else {
                        repeated = keyHashes[first...].contains(hash)
                    }
                    if repeated,
                        let error = StrictnessScan.exactDuplicateKeyError(
                            in: bytes, objectOffset: objects[object].offset)
                    {
                        throw error
                    }
                    keyHashes.append(hash)
                    if keyHashes.count - first > 32, largeObjects.last?.object != object {
                        largeObjects.append(KeyTable(object: object, hashes: keyHashes[first...]))
                    }
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = try StrictnessScan.checkNumber(bytes, from: index)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                let start = index
                while index < count, StrictnessScan.isLetter(bytes[index]) { index += 1 }
                let length = index - start
                let word = bytes[start..<index]
                let valid =
                    (length == 4 && (word.elementsEqual("true".utf8) || word.elementsEqual("null".utf8)))
                    || (length == 5 && word.elementsEqual("false".utf8))
                if !valid {
                    let text = String(decoding: word, as: UTF8.self)
                    throw TextPosition.error(
                        at: start, in: bytes,
                        "'\(text)' is not valid JSON; expected a string, a number, true, false or null")
                }
            default:
                index += 1
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The index just past the string that starts at `start` (a quote).
    private static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        let count = bytes.count
        guard let base = bytes.baseAddress else { return count }
        while index < count {
            // Jump to the next quote or backslash with memchr-like speed.
            let rest = count - index
            guard let found = memchr(base + index, Int32(quote), rest) else { return count }
            let quoteAt = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if let slash = memchr(base + index, Int32(backslash), quoteAt - index) {
                index = base.distance(to: slash.assumingMemoryBound(to: UInt8.self)) + 2
                continue
            }
            return quoteAt + 1
        }
        return count
    }

    /// Checks the number at `start`; returns the index just past it.
    private static func checkNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONError) -> Int {
        var index = start
        let count = bytes.count
        var digits = 0
        var isInteger = true
        while index < count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if isInteger { digits += 1 }
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                isInteger = false
            } else if byte != UInt8(ascii: "+") && byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if index == start + 1, bytes[start] == UInt8(ascii: "-") {
            // json-c reads "-Infinity" as a number; report it as what it is.
            throw TextPosition.error(at: start, in: bytes, "'-Infinity' is not valid JSON; numbers must be finite")
        }
        // Only long integers and numbers with an exponent can overflow: look closer at those alone.
        let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if isInteger, digits >= 19, JSONNumberText.overflows(token, isInteger: true) {
            throw TextPosition.error(
                at: start, in: bytes, "the integer \(String(decoding: token, as: UTF8.self)) does not fit in 64 bits")
        } else if !isInteger, token.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
            JSONNumberText.overflows(token, isInteger: false)
        {
            throw TextPosition.error(
                at: start, in: bytes, "the number \(String(decoding: token, as: UTF8.self)) is too large for a double")
        }
        return index
    }

    /// FNV-1a of the bytes of a key as written, or nil when it holds an escape.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64? {
        var hash = FNV1a.offsetBasis
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == backslash { return nil }
            hash = (hash ^ UInt64(byte)) &* FNV1a.prime
            index += 1
        }
        return hash
    }

    /// The error for the object at `objectOffset`, whose member count differs from json-c's: the
    /// first key that repeats an earlier one (compared as written), or the object itself when the
    /// repeat is written with different escapes.
    static func duplicateKeyError(in bytes: UnsafeBufferPointer<UInt8>, objectOffset: Int) -> JSONError {
        exactDuplicateKeyError(in: bytes, objectOffset: objectOffset)
            ?? TextPosition.error(
                at: objectOffset, in: bytes,
                "an object with a duplicate key (written with different escapes); each key may appear once")
    }

    /// The error naming the first key of the object at `objectOffset` that repeats an earlier one,
    /// compared as written; nil when none does.
    static func exactDuplicateKeyError(in bytes: UnsafeBufferPointer<UInt8>, objectOffset: Int) -> JSONError? {
        var seen: Set<[UInt8]> = []
        var index = objectOffset + 1
        var depth = 0
        var expectingKey = true
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { index = bytes.count } else { depth -= 1 }
                index += 1
            case UInt8(ascii: ","):
                if depth == 0 { expectingKey = true }
                index += 1
            case UInt8(ascii: ":"):
                if depth == 0 { expectingKey = false }
                index += 1
            case quote:
                let end = endOfString(bytes, from: index)
                if depth == 0, expectingKey {
                    let key = Array(bytes[index..<end])
                    if !seen.insert(key).inserted {
                        let name = String(decoding: key.dropFirst().dropLast(), as: UTF8.self)
                        return TextPosition.error(
                            at: index, in: bytes, "duplicate key \"\(name)\" in one object; each key may appear once")
                    }
                }
                index = end
            default:
                index += 1
            }
        }
        return nil
    }

    /// The key hashes of one open object of many keys, in an open-addressed table (a zero marks
    /// a free slot), so that each further key is checked in constant time. Plain arrays of
    /// integers: a `Set` would be a generic type made at run time, looked up among every
    /// conformance the program holds, in every process that reads a large object.
    struct KeyTable {
        /// The object's index in `objects`.
        let object: Int
        private var slots: [UInt64]
        private var count = 0

        init(object: Int, hashes: ArraySlice<UInt64>) {
            self.object = object
            slots = [UInt64](repeating: 0, count: 128)
            for hash in hashes { _ = insert(hash) }
        }

        /// Adds `hash`; false when the table held it already. A hash of zero is kept as one,
        /// which can only make a key look repeated, and a repeat is confirmed byte for byte.
        mutating func insert(_ hash: UInt64) -> Bool {
            if (count + 1) * 2 > slots.count { grow() }
            let key = hash == 0 ? 1 : hash
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: key) & mask
            while slots[index] != 0 {
                if slots[index] == key { return false }
                index = (index + 1) & mask
            }
            slots[index] = key
            count += 1
            return true
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: old.count * 2)
            count = 0
            for key in old where key != 0 { _ = insert(key) }
        }
    }
}

extension StrictnessScan {
    /// Where each object that opens at nesting `depth` (the top-level value's own braces are depth
    /// 1) starts and ends in `bytes` (from its `{` through its `}`), in document order. `bytes` is
    /// a text json-c has accepted: strings are passed over whole, escapes and all. With `range`
    /// (a value of that text, such as an object `objectSpans` gave), only that part is scanned, its
    /// own braces at depth 1.
    static func objectSpans(
        in bytes: UnsafeBufferPointer<UInt8>, within range: Range<Int>? = nil, depth wanted: Int
    ) -> [Range<Int>] {
        objectSpansAndParents(in: bytes, within: range, depth: wanted).map(\.span)
    }

    /// As `objectSpans`, each span with where the object or array holding it opens (its `{` or `[`).
    static func objectSpansAndParents(
        in bytes: UnsafeBufferPointer<UInt8>, within range: Range<Int>? = nil, depth wanted: Int
    ) -> [(span: Range<Int>, parent: Int)] {
        var spans: [(span: Range<Int>, parent: Int)] = []
        var depth = 0
        var start = 0
        var parent = 0
        var index = range?.lowerBound ?? 0
        let end = range?.upperBound ?? bytes.count
        while index < end {
            switch bytes[index] {
            case quote:
                index = endOfString(bytes, from: index)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == wanted - 1 { parent = index }
                if depth == wanted, bytes[index] == UInt8(ascii: "{") { start = index }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == wanted, bytes[index] == UInt8(ascii: "}") { spans.append((start..<(index + 1), parent)) }
                depth -= 1
            default:
                break
            }
            index += 1
        }
        return spans
    }
}
