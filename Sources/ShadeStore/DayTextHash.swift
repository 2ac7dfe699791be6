import ShadeCore

/// The hash by which a week's id index certifies the text of a day of its week file
/// (`WeekIndexDocument`, `checked`): 64 bits of the format, the day's date and the text of its
/// object, mixed eight bytes at a time in four lanes (32 bytes a round, each lane's multiply not
/// waiting for the others': a change hashes its whole week file twice, to check the certificate
/// it read and to write the next). Not a defence against someone who means to collide it
/// (a week file that arrives from another copy is read in full before it is taken in); enough
/// that a day edited by hand, or by anything but shade, is read in full again.
enum DayTextHash {
    static func hash(of text: ArraySlice<UInt8>, on date: CivilDate) -> UInt64 {
        mixed(text, heading: date.description.utf8)
    }

    /// The hash of a whole week file's text under `key` (`WeekCertificate`), mixed as a day's is,
    /// under a heading no date has, the key's eight bytes after it.
    static func hash(ofFile text: ArraySlice<UInt8>, key: UInt64) -> UInt64 {
        mixed(text, heading: "week file".utf8 + (0..<8).map { UInt8(truncatingIfNeeded: key >> (8 * $0)) })
    }

    private static func mixed(_ text: ArraySlice<UInt8>, heading: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(StoreFormat.version)
        for byte in heading { hash = mix(hash, UInt64(byte)) }
        text.withUnsafeBytes { raw in
            // Each lane starts from the heading's state (the key's, for a file), told apart.
            var lanes = (mix(hash, 1), mix(hash, 2), mix(hash, 3), mix(hash, 4))
            var offset = 0
            while offset + 32 <= raw.count {
                lanes.0 = mix(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = mix(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            hash = mix(mix(mix(mix(hash, lanes.0), lanes.1), lanes.2), lanes.3)
            while offset + 8 <= raw.count {
                hash = mix(hash, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < raw.count {
                hash = mix(hash, UInt64(raw[offset]) | 0x100)
                offset += 1
            }
        }
        return mix(hash, UInt64(text.count))
    }

    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed ^ mixed >> 29
    }

    /// A hash as the index writes it: sixteen hexadecimal digits.
    static func text(of hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A hash the index wrote, or nil.
    static func hash(of text: String) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return UInt64(text, radix: 16)
    }
}
