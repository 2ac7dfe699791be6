import ShadeJSON

/// How far the files have taken in the redo log (`RedoLog`): its last frame applied, and where
/// the next frame starts. Kept in `journal/redo-applied.json`, which is written by the same atomic
/// commit as the files a frame changes, so a frame is applied exactly once:
/// `{"format": 3, "kind": "redoApplied", "epoch": 4, "sequence": 17, "end": 20311}`.
struct RedoPosition: Equatable, Sendable {
    let epoch: UInt64
    let sequence: Int
    let end: Int

    /// Where the marker lives, relative to the store.
    static let relativePath = "journal/redo-applied.json"

    /// The start of an empty log of `epoch`.
    static func start(of epoch: UInt64) -> RedoPosition {
        RedoPosition(epoch: epoch, sequence: 0, end: RedoLog.headerSize)
    }

    /// The position the store's marker holds, or nil when there is none.
    static func read(_ paths: StorePaths) throws(StoreError) -> RedoPosition? {
        let file = paths.absolute(relativePath)
        guard let bytes = try FileSystem.read(file) else { return nil }
        return try StoreError.placing(in: bytes) { () throws(StoreError) -> RedoPosition in
            let document: JSONDocument
            do throws(JSONError) { document = try JSONDocument(parsing: bytes) } catch {
                throw .unreadable(file: file, error: error)
            }
            let reader = try FieldReader(document.value, file: file, location: "")
            try reader.checkHeader(kind: "redoApplied")
            try reader.rejectUnknownKeys(allowed: ["format", "kind", "epoch", "sequence", "end"])
            return RedoPosition(
                epoch: UInt64(try reader.int("epoch", in: 1...Int64.max)),
                sequence: Int(try reader.int("sequence", in: 0...Int64(Int32.max))),
                end: Int(try reader.int("end", in: Int64(RedoLog.headerSize)...Int64(RedoLog.size))))
        }
    }

    /// The marker's content.
    func encoded() throws(StoreError) -> [UInt8] {
        let value: JSONValue = [
            "format": .int(Int64(StoreFormat.version)), "kind": "redoApplied", "epoch": .int(Int64(epoch)),
            "sequence": .int(Int64(sequence)), "end": .int(Int64(end)),
        ]
        return try StoreText.bytes(value, layout: .compact, file: RedoPosition.relativePath)
    }
}
