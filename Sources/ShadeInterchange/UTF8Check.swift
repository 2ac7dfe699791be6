/// UTF-8 checked a byte at a time, across chunks: what `String(validating:)` accepts (no overlong
/// forms, no surrogates, nothing past U+10FFFF).
struct UTF8Check {
    /// The continuation bytes still to come, and the range the next one must be in.
    private var remaining = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether `byte` continues valid UTF-8.
    mutating func accept(_ byte: UInt8) -> Bool {
        if remaining > 0 {
            guard byte >= lower, byte <= upper else { return false }
            remaining -= 1
            lower = 0x80
            upper = 0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0:
            remaining = 2
            lower = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: remaining = 2
        case 0xED:
            remaining = 2
            upper = 0x9F
        case 0xF0:
            remaining = 3
            lower = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4:
            remaining = 3
            upper = 0x8F
        default: return false
        }
        return true
    }

    /// Whether the bytes so far end where a character ends.
    var isComplete: Bool { remaining == 0 }
}
