import ShadeJSON
import ShadePlatform

extension AtomicCommit {
    /// The commit record of `files`: a line of JSON naming each file and the size of its new
    /// content (under `CommitJournal.framedKey`), then those contents, byte for byte, in the same
    /// order (see `CommitJournal.files(in:file:)`).
    ///
    /// The contents are not written as JSON strings: escaping a dense week into one cost 3.1M of
    /// a one-shot `add`'s 39.5M instructions, and made the record, the one file a change flushes,
    /// 12% larger.
    func recordBytes(for files: [StagedFile]) throws(StoreError) -> [UInt8] {
        AtomicCommit.joined(try recordPieces(for: files))
    }

    /// The pieces of a record, one after another.
    static func joined(_ pieces: [ArraySlice<UInt8>]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
        for piece in pieces { bytes += piece }
        return bytes
    }

    /// The commit record of `files` as `recordBytes(for:)` gives it, in pieces: its first line,
    /// then each file's content as the file holds it (a frame is written, and checked, piece by
    /// piece: the contents are not copied into one record first).
    func recordPieces(for files: [StagedFile]) throws(StoreError) -> [ArraySlice<UInt8>] {
        let list = files.map { file -> JSONValue in
            ["to": .string(paths.relative(file.target)), "size": file.bytes.map { .int(Int64($0.count)) } ?? .null]
        }
        let header: JSONValue = [
            "format": .int(Int64(StoreFormat.version)), "kind": "commit", CommitJournal.framedKey: .array(list),
        ]
        var line = try StoreText.bytes(header, layout: .compact, file: paths.journal)
        line.append(CommitJournal.headerEnd)
        var pieces = [line[...]]
        for file in files { if let content = file.bytes { pieces.append(content[...]) } }
        // A record too large to read back would stop every later command: refused before the commit point.
        let count = pieces.reduce(0) { $0 + $1.count }
        guard count <= FileSystem.maximumFileSize else {
            throw .fileTooLarge(file: paths.journal, size: count, limit: FileSystem.maximumFileSize)
        }
        return pieces
    }
}
