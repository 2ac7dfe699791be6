/// A JSON value in a compact binary form: what a redo-log frame holds, written on the answer's
/// path and read back when the frame's files are written (at the session's next pause, or by
/// whatever opens the store next) or a read takes the frame into account.
///
/// Writing a value as JSON text through json-c builds a json-c tree (an allocation and a hash
/// table per object) and prints it; packing appends the value's bytes to one buffer, a few
/// times faster on a change's entry. What is read back is handed to the same readers as a parsed
/// text (`JSONDocument(building:)`), so a packed value and its text mean the same.
///
/// Each value is a tag byte, then: nothing (`null`, `false`, `true`); eight bytes, little-endian
/// (an integer, a double's bits); a length then that many bytes of UTF-8 (a string); a count
/// then that many values (an array) or key–value pairs, each key a length and its bytes (an
/// object, members in order). Lengths and counts are unsigned LEB128.
public enum PackedJSON {
    private enum Tag: UInt8 {
        case null = 0
        case `false` = 1
        case `true` = 2
        case int = 3
        case double = 4
        case string = 5
        case array = 6
        case object = 7
    }

    /// The packed bytes of `value`.
    public static func pack(_ value: JSONValue) throws(JSONWriteError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        try append(value, to: &bytes)
        return bytes
    }

    private static func append(_ value: JSONValue, to bytes: inout [UInt8]) throws(JSONWriteError) {
        switch value {
        case .null:
            bytes.append(Tag.null.rawValue)
        case .bool(let flag):
            bytes.append(flag ? Tag.true.rawValue : Tag.false.rawValue)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            appendFixed(UInt64(bitPattern: number), to: &bytes)
        case .double(let number):
            // JSON holds no NaN or infinity: refused here as the text writer refuses it.
            guard number.isFinite else { throw .nonFiniteNumber }
            bytes.append(Tag.double.rawValue)
            appendFixed(number.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            appendText(text, to: &bytes)
        case .array(let elements):
            bytes.append(Tag.array.rawValue)
            appendLength(elements.count, to: &bytes)
            for element in elements { try append(element, to: &bytes) }
        case .object(let object):
            bytes.append(Tag.object.rawValue)
            appendLength(object.count, to: &bytes)
            for (key, member) in object.members {
                appendText(key, to: &bytes)
                try append(member, to: &bytes)
            }
        }
    }

    private static func appendFixed(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        var rest = UInt64(length)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        appendLength(utf8.count, to: &bytes)
        bytes.append(contentsOf: utf8)
    }

    /// The value `bytes` pack, which must be one whole value and nothing after it. Refuses bytes
    /// that no value packs to (a tag not known, a length past the end, text that is not UTF-8,
    /// nesting deeper than `maximumDepth`), naming the byte offset.
    public static func unpack(_ bytes: [UInt8], maximumDepth: Int = JSONParser.defaultMaximumDepth)
        throws(JSONError) -> JSONValue
    {
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        let value = try reader.value(depth: 0)
        guard reader.offset == bytes.count else { throw reader.fail("bytes after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        let maximumDepth: Int
        var offset = 0

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        /// An error at the current byte (bytes have no lines: line 1, the column is the byte).
        func fail(_ reason: String) -> JSONError {
            JSONError(line: 1, column: offset + 1, offset: offset, reason: "packed value, byte \(offset): " + reason)
        }

        /// The room to reserve for a container said to hold `count` members: at most 256, so that
        /// a damaged count of millions reserves nothing like it before the bytes run out.
        static func reservable(_ count: Int) -> Int { min(count, 256) }

        mutating func value(depth: Int) throws(JSONError) -> JSONValue {
            // As deep as the text parser takes (json-c refuses a value `maximumDepth` levels in).
            guard depth < maximumDepth else { throw fail("nested deeper than \(maximumDepth - 1)") }
            let at = offset
            guard let tag = Tag(rawValue: try byte()) else {
                offset = at
                throw fail("no value starts with byte \(bytes[at])")
            }
            switch tag {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .int: return .int(Int64(bitPattern: try fixed()))
            case .double:
                let number = Double(bitPattern: try fixed())
                guard number.isFinite else { throw fail("a number JSON cannot hold") }
                return .double(number)
            case .string: return .string(try text())
            case .array:
                let count = try length()
                var elements: [JSONValue] = []
                elements.reserveCapacity(Self.reservable(count))
                for _ in 0..<count { elements.append(try value(depth: depth + 1)) }
                return .array(elements)
            case .object:
                let count = try length()
                var object = JSONObject(reservingCapacity: Self.reservable(count))
                // A set, not the object's own lookup (a scan): a damaged count of many keys stays
                // linear.
                var keys = Set<String>(minimumCapacity: Self.reservable(count))
                for _ in 0..<count {
                    let keyAt = offset
                    let key = try text()
                    // json-c keeps keys as C strings: a NUL would cut one short into another.
                    guard !key.utf8.contains(0) else {
                        offset = keyAt
                        throw fail("a key holding U+0000")
                    }
                    guard keys.insert(key).inserted else {
                        offset = keyAt
                        throw fail("the key '\(key)' twice in one object")
                    }
                    object.appendUnique(key, try value(depth: depth + 1))
                }
                return .object(object)
            }
        }

        private mutating func byte() throws(JSONError) -> UInt8 {
            guard offset < bytes.count else { throw fail("the bytes end inside a value") }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func fixed() throws(JSONError) -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(try byte()) << UInt64(shift) }
            return value
        }

        /// A length or count: at most what the bytes left could hold, so a damaged one is refused
        /// before anything is allocated for it.
        private mutating func length() throws(JSONError) -> Int {
            let at = offset
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 63 else {
                    offset = at
                    throw fail("a length too long")
                }
                value |= UInt64(next & 0x7f) << shift
                if next & 0x80 == 0 { break }
                shift += 7
            }
            guard value <= UInt64(bytes.count - offset) else {
                offset = at
                throw fail("a length past the end of the bytes")
            }
            return Int(value)
        }

        private mutating func text() throws(JSONError) -> String {
            let count = try length()
            let slice = bytes[offset..<(offset + count)]
            guard let text = String(validating: slice, as: UTF8.self) else { throw fail("text that is not UTF-8") }
            offset += count
            return text
        }
    }
}
