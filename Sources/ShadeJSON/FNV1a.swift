/// The 64-bit FNV-1a hash of bytes: what `JSONNode.stringHash` gives a string, for telling
/// strings apart without copying each into Swift (equal hashes say only that two may be equal);
/// the strictness scan hashes keys with its constants.
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }
}
