/// Turns a byte offset in a UTF-8 text into a 1-based line and column.
enum TextPosition {
    /// The line and column (columns count Unicode scalars) of `offset` in `bytes`.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// An error at `offset` in `bytes`.
    static func error(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ reason: String) -> JSONError {
        let (line, column) = lineAndColumn(of: offset, in: bytes)
        return JSONError(line: line, column: column, offset: offset, reason: reason)
    }
}
