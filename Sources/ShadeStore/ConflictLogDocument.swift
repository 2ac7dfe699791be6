import ShadeCore
import ShadeJSON
import ShadePlatform

/// This copy's conflict log: `conflicts.json`, every value a merge on this copy overwrote, oldest
/// first.
///
/// ```json
/// {"format": 3, "kind": "conflicts",
///  "conflicts": [{"merged": "2026-11-24T18:05:00+00:00", "file": "weeks/2026/2026-W48.json",
///                 "kind": "task", "uid": "0fb7…", "title": "Gym", "field": "title",
///                 "kept": "Gym at 7", "lost": "Gym at 8", "kept_by": "ana", "lost_by": "ben",
///                 "kept_at": "…", "lost_at": "…"}]}
/// ```
/// Local to the copy that merged (SPEC §11) and never shared; the newest `limit` entries are kept.
enum ConflictLogDocument {
    static let limit = 1000
    private static let entryOrder = JSONKeyList([
        "merged", "file", "kind", "uid", "title", "field", "kept", "lost", "kept_by", "lost_by", "kept_at", "lost_at",
    ])

    static func encode(_ entries: [ConflictLog.Entry]) -> JSONValue {
        let list = entries.suffix(limit).map { entry -> JSONValue in
            let conflict = entry.conflict
            var object = JSONObject()
            object.appendUnique("merged", .string(entry.merged))
            object.appendUnique("file", .string(conflict.file))
            object.appendUnique("kind", .string(conflict.kind.rawValue))
            object.appendUnique("uid", .string(conflict.key))
            object.appendUnique("title", .string(conflict.title))
            object.appendUnique("field", .string(conflict.field))
            object.appendUnique("kept", conflict.kept)
            object.appendUnique("lost", conflict.lost)
            object.appendUnique("kept_by", .string(conflict.keptStamp.by))
            object.appendUnique("lost_by", .string(conflict.lostStamp.by))
            object.appendUnique("kept_at", .string(conflict.keptStamp.at))
            object.appendUnique("lost_at", .string(conflict.lostStamp.at))
            return .object(object)
        }
        return ["format": .int(Int64(StoreFormat.version)), "kind": "conflicts", "conflicts": .array(Array(list))]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> [ConflictLog.Entry] {
        let reader = try FieldReader(value, file: file, location: "")
        _ = try reader.checkHeader(kind: "conflicts")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "conflicts"])
        var entries: [ConflictLog.Entry] = []
        for (index, element) in try reader.array("conflicts").enumerated() {
            let entry = try FieldReader(element, file: file, location: "conflicts[\(index)]", keys: entryOrder)
            let uid = try entry.string("uid")
            guard !uid.isEmpty else { throw entry.fail("uid", "must not be empty") }
            let kind = try entry.string("kind")
            guard !kind.isEmpty else { throw entry.fail("kind", "must not be empty") }
            let conflict = StoreFileMerge.Conflict(
                file: try entry.string("file"), kind: RecordKind(rawValue: kind), key: uid,
                title: try entry.string("title"), field: try entry.string("field"),
                kept: try entry.value("kept").value, lost: try entry.value("lost").value,
                keptStamp: FieldStamp(at: try entry.string("kept_at"), by: try entry.string("kept_by")),
                lostStamp: FieldStamp(at: try entry.string("lost_at"), by: try entry.string("lost_by")))
            entries.append(ConflictLog.Entry(merged: try entry.string("merged"), conflict: conflict))
        }
        return entries
    }
}

/// The conflict log of a store (`conflicts.json`): what `shade merge-driver` appends to, and
/// `conflicts` lists. It has a lock of its own (`conflicts.lock`), for the merge driver runs
/// while `sync` holds the store's.
public enum ConflictLog {
    /// One overwritten value, and when the merge that overwrote it ran.
    public struct Entry: Hashable, Sendable {
        public let merged: String
        public let conflict: StoreFileMerge.Conflict

        public init(merged: String, conflict: StoreFileMerge.Conflict) {
            self.merged = merged
            self.conflict = conflict
        }
    }

    /// The entries of the store at `directory`, oldest first (none when there is no log).
    public static func entries(in directory: String) throws(StoreError) -> [Entry] {
        let file = StorePaths(root: directory).absolute(StoreFileKind.conflictLog.relativePath)
        guard let bytes = try FileSystem.read(file),
            case .conflictLog(let entries) = try StoreFileKind.conflictLog.decode(bytes, file: file)
        else { return [] }
        return entries
    }

    /// Appends conflicts a merge found (`merged`: the merge's moment).
    public static func append(_ conflicts: [StoreFileMerge.Conflict], merged: String, in directory: String)
        throws(StoreError)
    {
        guard !conflicts.isEmpty else { return }
        let paths = StorePaths(root: directory)
        let lock = try FileLock(path: paths.absolute("conflicts.lock"), mode: .exclusive)
        try withExtendedLifetime(lock) { () throws(StoreError) in
            let entries = try self.entries(in: directory) + conflicts.map { Entry(merged: merged, conflict: $0) }
            let bytes: [UInt8]
            do { bytes = try JSONWriter.bytes(ConflictLogDocument.encode(entries)) } catch {
                throw .invalidContent(file: directory, location: "(writing)", reason: "a value could not be written")
            }
            let file = paths.absolute(StoreFileKind.conflictLog.relativePath)
            try FileSystem.writeAtomically(file, bytes, via: file + ".tmp-\(getpid())", mode: 0o600)
        }
    }
}
