/// Small helpers for fixed-width decimal fields in dates and times.
///
/// Dates, weeks and times are read and written by the thousand in a store's files (an id shard
/// names a week for each of 1024 ids), so these work on UTF-8 bytes directly: no array is made
/// to read a field, and a field is written into the string's own storage.
public enum Digits {
    /// The value of a run of ASCII digits, or nil if any byte is not a digit.
    static func value(_ bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { value($0, 0..<$0.count) }
    }

    /// The value of the ASCII digits of `bytes` in `range`, or nil if any is not a digit.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var result = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            result = result * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return result
    }

    /// Calls `body` with the UTF-8 bytes of `text`, in place when its storage is contiguous.
    static func withUTF8<Result>(of text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// `value` in decimal, left-padded with zeros to `width`.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// A string of fixed-width fields: each `(value, width)` zero-padded, or a literal byte
    /// (`width` 0: `value` is the byte). Every value must fit its width (0 ≤ value < 10^width);
    /// nil when one does not, for the caller to write it the long way.
    static func fixedWidth(_ fields: (value: Int, width: Int)...) -> String? {
        var count = 0
        for field in fields {
            if field.width == 0 {
                count += 1
                continue
            }
            guard field.width > 0, field.width <= 9, field.value >= 0, field.value < powersOfTen[field.width] else {
                return nil
            }
            count += field.width
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var position = 0
            for field in fields {
                if field.width == 0 {
                    buffer[position] = UInt8(truncatingIfNeeded: field.value)
                    position += 1
                    continue
                }
                var rest = field.value
                for index in stride(from: position + field.width - 1, through: position, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                position += field.width
            }
            return count
        }
    }

    /// A literal byte among `fixedWidth`'s fields: an ASCII character.
    static func literal(_ character: Unicode.Scalar) -> (value: Int, width: Int) {
        precondition(character.isASCII, "a fixed-width literal is one ASCII byte")
        return (Int(character.value), 0)
    }

    private static let powersOfTen = [
        1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    ]
}
