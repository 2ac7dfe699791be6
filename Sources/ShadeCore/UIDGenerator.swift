/// Makes globally unique task identifiers: random (version 4) UUIDs in lowercase.
public enum UIDGenerator {
    /// A new random UUID string such as `3f2b1c9e-7a4d-4e1b-9c2f-0a1b2c3d4e5f`.
    public static func make(using generator: inout some RandomNumberGenerator) -> String {
        // Two draws of 64 bits (a system generator makes one system call a draw, not one a byte).
        let high = generator.next()
        let low = generator.next()
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return text(of: bytes)
    }

    /// Sixteen bytes as a UUID's text: 8-4-4-4-12 lowercase hexadecimal digits.
    static func text(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension UIDGenerator {
    /// A UUID made from a text, always the same for the same text (RFC 9562 version 8, from two
    /// 64-bit FNV-1a hashes): the uid of a record a file gives without one (a todo.txt line), and
    /// the canonical UUID of a uid that is not one (an occurrence, a calendar's UID), so that
    /// importing the same file twice finds the same records.
    public static func derived(from text: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        let high = fnv(0xcbf2_9ce4_8422_2325)
        let low = fnv(0x84222325_cbf29ce4 ^ 0x5bd1_e995)
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UIDGenerator.text(of: bytes)
    }

    /// Whether a text is a canonical UUID in lowercase (8-4-4-4-12 hexadecimal digits).
    public static func isCanonical(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy { $0.isHexDigit && !$0.isUppercase } }
    }
}
