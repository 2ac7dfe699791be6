import ShadeCore
import ShadeStore

/// The body of git's merge driver for planner files (`merge.shade.driver`, `%O %A %B %P`): the
/// three versions merged record by record and field by field, the result written over `%A`,
/// and what it overwrote added to this copy's conflict log.
public enum MergeDriver {
    /// Merges the versions in the files `base`, `ours` and `theirs` of the planner file `path`
    /// (relative to the store at `storeDirectory`), at `now`; throws when a version does not
    /// read or `path` is no shared planner file (git then keeps both versions).
    public static func merge(
        base: String, ours: String, theirs: String, path: String, now: Moment, storeDirectory: String
    ) throws(SyncError) {
        do {
            let merged = try StoreFileMerge.merge(
                path: path, base: try TextFile.read(base) ?? [], ours: try TextFile.read(ours) ?? [],
                theirs: try TextFile.read(theirs) ?? [], now: now.timestamp)
            try TextFile.writeAtomically(ours, String(decoding: merged.bytes, as: UTF8.self))
            try ConflictLog.append(merged.conflicts, merged: now.timestamp, in: storeDirectory)
        } catch {
            throw .failed("shade cannot merge \(path): \(error.message)")
        }
    }
}
