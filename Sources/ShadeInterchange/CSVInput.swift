import Foundation
import ShadeCore

/// A streamed source as the `InputStream` CSV.swift reads: a chunk at a time, every byte checked
/// to continue UTF-8 text. At the first line that is not UTF-8 the stream ends, before that line,
/// and `failure` names it (as it does an error reading the source).
final class CSVInput: InputStream {
    private let chunks: ImportChunks
    private var pending: ArraySlice<UInt8> = []
    private var finished = false
    private var check = UTF8Check()
    /// The line the next byte checked is on.
    private var line = 1
    private var status = Stream.Status.notOpen
    /// Why the stream ended early: a line that is not UTF-8, or the source could not be read.
    private(set) var failure: ImportError?

    init(_ chunks: ImportChunks) {
        self.chunks = chunks
        super.init(data: Data())
    }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: Error? { nil }

    override var hasBytesAvailable: Bool {
        while pending.isEmpty, !finished { refill() }
        return !pending.isEmpty
    }

    /// Fills `buffer` as far as the source goes (CSV.swift looks for a byte-order mark in the
    /// first read alone, so that one must not stop at a chunk's end).
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        var count = 0
        while count < length, hasBytesAvailable {
            let part = min(length - count, pending.count)
            pending.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { (buffer + count).update(from: base, count: part) }
            }
            pending = pending.dropFirst(part)
            count += part
        }
        return count
    }

    /// Reads and checks the next chunk.
    private func refill() {
        let chunk: ArraySlice<UInt8>
        do throws(ImportError) {
            guard let next = try chunks.next() else {
                finished = true
                if !check.isComplete { failure = ImportError(line: line, "the file is not UTF-8 text") }
                return
            }
            chunk = next
        } catch {
            failure = error
            finished = true
            return
        }
        let bad: Int? = chunk.withUnsafeBufferPointer { bytes in
            var lineStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard check.accept(byte) else { return lineStart }
                if byte == 0x0A {
                    line += 1
                    lineStart = index + 1
                }
            }
            return nil
        }
        if let bad {
            failure = ImportError(line: line, "the file is not UTF-8 text")
            finished = true
            pending = chunk.prefix(bad)
        } else {
            pending = chunk
        }
    }
}
