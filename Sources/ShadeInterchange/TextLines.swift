import ShadeCore
import ShadePlatform

/// The lines of a text read a chunk at a time, as `InterchangeText.lines` cuts a whole one: a line
/// break is LF or CR LF, a final line break ends the last line, a byte-order mark at the start is
/// dropped; each line is checked to be UTF-8 as it is read (the error names it). Holds one chunk
/// and the line being read.
struct TextLines {
    private let chunks: ImportChunks
    private var chunk: ArraySlice<UInt8> = []
    private var ended = false
    /// The number of the last line handed out (from 1).
    private(set) var number = 0

    init(_ chunks: ImportChunks) {
        self.chunks = chunks
    }

    /// The next line and its number, or nil at the end of the text.
    mutating func next() throws(ImportError) -> (text: String, number: Int)? {
        guard let bytes = try nextBytes() else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError(line: number, "the file is not UTF-8 text")
        }
        return (text, number)
    }

    /// The next line's bytes, without its line break.
    private mutating func nextBytes() throws(ImportError) -> ArraySlice<UInt8>? {
        // A line within the chunk is a slice of it; one across chunks is gathered.
        var line: ArraySlice<UInt8> = []
        var gathered: [UInt8] = []
        var broken = false
        while !broken {
            if chunk.isEmpty {
                guard !ended, let next = try chunks.next() else {
                    ended = true
                    break
                }
                chunk = next
            }
            let end = Self.firstLineFeed(in: chunk)
            let piece = chunk[..<(end ?? chunk.endIndex)]
            if line.isEmpty, gathered.isEmpty {
                line = piece
            } else {
                if gathered.isEmpty { gathered.append(contentsOf: line) }
                gathered.append(contentsOf: piece)
            }
            chunk = end.map { chunk[($0 + 1)...] } ?? []
            broken = end != nil
        }
        if !gathered.isEmpty { line = gathered[...] }
        if number == 0, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        if !broken && line.isEmpty { return nil }
        if broken, line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        number += 1
        return line
    }

    /// The index of the first LF in `bytes`.
    private static func firstLineFeed(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0x0A, buffer.count) else { return nil }
            return bytes.startIndex + base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }
}
