/// Makes globally unique task identifiers: random (version 4) UUIDs in lowercase.
public enum UIDGenerator {
    /// A new random UUID string such as `3f2b1c9e-7a4d-4e1b-9c2f-0a1b2c3d4e5f`.
    public static func make(using generator: inout some RandomNumberGenerator) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
