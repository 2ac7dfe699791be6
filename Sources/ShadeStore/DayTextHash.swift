import ShadeCore

/// The hash by which a week's id index certifies the text of a day of its week file
/// (`WeekIndexDocument`, `checked`): 64 bits of the format, the day's date and the text of its
/// object, mixed eight bytes at a time. Not a defence against someone who means to collide it
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
        func mix(_ word: UInt64) {
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        for byte in heading { mix(UInt64(byte)) }
        text.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset < raw.count {
                mix(UInt64(raw[offset]) | 0x100)
                offset += 1
            }
        }
        mix(UInt64(text.count))
        return hash
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
