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
        let list = files.map { file -> JSONValue in
            ["to": .string(paths.relative(file.target)), "size": file.bytes.map { .int(Int64($0.count)) } ?? .null]
        }
        let header: JSONValue = [
            "format": .int(Int64(StoreFormat.version)), "kind": "commit", CommitJournal.framedKey: .array(list),
        ]
        var bytes = try StoreText.bytes(header, layout: .compact, file: paths.journal)
        bytes.reserveCapacity(files.reduce(bytes.count + 1) { $0 + ($1.bytes?.count ?? 0) })
        bytes.append(CommitJournal.headerEnd)
        for file in files { if let content = file.bytes { bytes += content } }
        // A record too large to read back would stop every later command: refused before the commit point.
        guard bytes.count <= FileSystem.maximumFileSize else {
            throw .fileTooLarge(file: paths.journal, size: bytes.count, limit: FileSystem.maximumFileSize)
        }
        return bytes
    }

}
