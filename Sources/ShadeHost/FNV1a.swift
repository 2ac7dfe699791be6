/// The 64-bit FNV-1a hash: stable across runs (Swift's `Hasher` is seeded per process), for
/// names and fingerprints that must come out the same in every process.
struct FNV1a {
    /// The hash of what was added so far.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds bytes, as they are.
    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// Adds one piece of several: its bytes, then a separator, so that two pieces never read as one.
    mutating func addPiece(_ bytes: some Sequence<UInt8>) {
        add(bytes)
        value ^= 0xff
        value = value &* 0x0000_0100_0000_01b3
    }

    /// Adds one piece of text (`addPiece`).
    mutating func addPiece(_ text: String) { addPiece(text.utf8) }

    /// The hash as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
