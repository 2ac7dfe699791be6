import ShadeCore
import ShadeJSON

/// A removal a shared file keeps (`TombstonesCodec`): which file, which record, and when and by
/// whom it was removed.
public struct Tombstone: Hashable, Sendable {
    /// The file, relative to the store (`weeks/2026/2026-W48.json`, `goals.json`).
    public let file: String
    /// The record's uid (or key).
    public let key: String
    public let stamp: FieldStamp
}

/// Compacting tombstones (SPEC §15): a removal old enough that every member has synced past it
/// is dropped from its file.
extension StoreState {
    /// The tombstones of the shared files `files` (paths relative to the store) whose removal is
    /// older than `cutoff` (a timestamp). Reads one file at a time.
    public func tombstones(in files: [String], removedBefore cutoff: String) throws(StoreError) -> [Tombstone] {
        let limit = FieldStamp(at: cutoff, by: "")
        var found: [Tombstone] = []
        for file in Set(files).sorted() {
            switch StoreFileKind(relativePath: file) {
            case .week(let week)?:
                _ = try filedTasks(in: week)
                for (uid, stamp) in removedTasks[week] ?? [:] where stamp < limit {
                    found.append(Tombstone(file: file, key: uid, stamp: stamp))
                }
                try releaseWeeks()
            case .collection(let kind)?:
                _ = try keyedRecords(of: kind)
                for (key, stamp) in removedRecords[kind] ?? [:] where stamp < limit {
                    found.append(Tombstone(file: file, key: key, stamp: stamp))
                }
            default:
                continue
            }
        }
        return found.sorted { ($0.file, $0.key) < ($1.file, $1.key) }
    }

    /// Drops tombstones from their files (no change of the planner: no record comes or goes).
    public func drop(_ tombstones: [Tombstone]) throws(StoreError) {
        for tombstone in tombstones {
            switch StoreFileKind(relativePath: tombstone.file) {
            case .week(let week)?:
                try loadForChange(week)
                guard removedTasks[week]?.removeValue(forKey: tombstone.key) != nil else { continue }
                dirtyWeeks.insert(week)
            case .collection(let kind)?:
                _ = try keyedRecords(of: kind)
                guard removedRecords[kind]?.removeValue(forKey: tombstone.key) != nil else { continue }
                dirtyCollections.insert(kind)
            default:
                continue
            }
        }
    }
}

extension SharedPlannerFiles {
    /// What a version of a shared file (as a commit holds it) says of a key: whether it holds
    /// the record, and its tombstone there. Nil for bytes that do not read.
    public static func standing(of key: String, in bytes: [UInt8], path: String) -> (
        holds: Bool, removed: FieldStamp?
    )? {
        guard !bytes.isEmpty, let kind = StoreFileKind(relativePath: path),
            let content = try? kind.decode(bytes, file: path)
        else { return nil }
        switch content {
        case .week(let week):
            return (week.tasks.contains { $0.uid == key }, week.removed[key])
        case .collection(let collection):
            return (collection.records.contains { $0.base.key == key }, collection.removed[key])
        default:
            return nil
        }
    }
}
