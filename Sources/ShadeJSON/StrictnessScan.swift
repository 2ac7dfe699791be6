/// A lexical pass over text json-c has accepted, catching what json-c's strict mode lets through:
/// `NaN` and `Infinity`, integers that overflow 64 bits, numbers that overflow a double, and
/// duplicate object keys (where json-c silently keeps the last).
struct StrictnessScan {
    /// For each object in document order (opening brace order): where it starts and how many
    /// members the text gives it.
    private(set) var objects: [(offset: Int, memberCount: Int)] = []

    private struct Frame {
        var isObject: Bool
        var objectIndex: Int
        var expectingKey: Bool
        var keys: Set<[UInt8]>
    }

    /// Scans `bytes`, throwing the first problem found.
    init(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) {
        var stack: [Frame] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                objects.append((index, 0))
                stack.append(Frame(isObject: true, objectIndex: objects.count - 1, expectingKey: true, keys: []))
                index += 1
            case UInt8(ascii: "["):
                stack.append(Frame(isObject: false, objectIndex: -1, expectingKey: false, keys: []))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                index += 1
            case UInt8(ascii: ","):
                if let last = stack.indices.last, stack[last].isObject { stack[last].expectingKey = true }
                index += 1
            case UInt8(ascii: ":"):
                if let last = stack.indices.last { stack[last].expectingKey = false }
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
                if let last = stack.indices.last, stack[last].isObject, stack[last].expectingKey {
                    let key = Array(bytes[start..<min(index, count)])
                    if !stack[last].keys.insert(key).inserted {
                        let name = String(decoding: key.dropFirst().dropLast(), as: UTF8.self)
                        throw TextPosition.error(
                            at: start, in: bytes, "duplicate key \"\(name)\" in one object; each key may appear once")
                    }
                    objects[stack[last].objectIndex].memberCount += 1
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                var isInteger = true
                index += 1
                while index < count {
                    let next = bytes[index]
                    if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
                        isInteger = false
                    } else if !(next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next))
                    {
                        break
                    }
                    index += 1
                }
                let token = String(decoding: bytes[start..<index], as: UTF8.self)
                if token == "-" {
                    // json-c reads "-Infinity" as a number; report it as what it is.
                    throw TextPosition.error(
                        at: start, in: bytes, "'-Infinity' is not valid JSON; numbers must be finite")
                }
                if isInteger {
                    if Int64(token) == nil {
                        throw TextPosition.error(
                            at: start, in: bytes, "the integer \(token) does not fit in 64 bits")
                    }
                } else if let value = Double(token), !value.isFinite {
                    throw TextPosition.error(at: start, in: bytes, "the number \(token) is too large for a double")
                }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                let start = index
                while index < count,
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index])
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index])
                {
                    index += 1
                }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                if word != "true", word != "false", word != "null" {
                    throw TextPosition.error(
                        at: start, in: bytes,
                        "'\(word)' is not valid JSON; expected a string, a number, true, false or null")
                }
            default:
                index += 1
            }
        }
    }
}
