import ShadeCore

/// Rewrites every planner file an earlier format wrote in the current one, keeping every task,
/// id, field and category: run by the first write to such a store, after the whole store is kept
/// as it was (`Backups.preserveWholeStore`), before that write's own change.
///
/// Weeks are rewritten a batch at a time, each batch one atomic commit (not a change of the
/// change log: nothing in the planner changes). The store file keeps the earlier format until the
/// last batch, so a crash part-way leaves a store that reads as it did, and whose next write
/// finishes the upgrade.
struct StoreUpgrade {
    let paths: StorePaths
    /// How many weeks one commit rewrites.
    static let weeksPerCommit = 64

    func run() throws(StoreError) {
        let commit = AtomicCommit(paths: paths)
        let weeks = try StoreState(paths: paths).storedWeeks()
        var start = 0
        repeat {
            let state = StoreState(paths: paths)
            for week in weeks[start..<min(start + StoreUpgrade.weeksPerCommit, weeks.count)] {
                _ = try state.filedTasks(in: week)
                if state.unindexedWeeks.contains(week) { state.dirtyWeeks.insert(week) }
            }
            if start == 0 { try state.markEarlierFilesForRewrite() }
            // The last batch marks the store as of this format: the upgrade is done.
            let last = start + StoreUpgrade.weeksPerCommit >= weeks.count
            let files = try state.pendingFiles(label: nil, timestamp: "", author: "", createMeta: last)
            // No backup sets: the whole store is kept as it was already, and a set an upgrade
            // batch made would push the user's own restore points out.
            if !files.isEmpty { try commit.commit(try commit.stage(files), keepingCopies: false) }
            start += StoreUpgrade.weeksPerCommit
        } while start < weeks.count
    }
}

extension StoreState {
    /// Marks the collections (categories, …) and the id shards for rewriting when an earlier format wrote them.
    func markEarlierFilesForRewrite() throws(StoreError) {
        for codec in KeyedRecordCodecs.all {
            let file = paths.absolute(codec.file)
            if let bytes = try FileSystem.read(file), try format(of: bytes, file: file) < StoreFormat.version {
                _ = try keyedRecords(of: codec.kind)
                dirtyCollections.insert(codec.kind)
            }
        }
        for name in try FileSystem.list(paths.idsDirectory) {
            guard let kind = StoreFileKind(relativePath: "ids/" + name), case .idShard(let shard) = kind,
                let bytes = try FileSystem.read(paths.absolute(kind.relativePath)),
                try format(of: bytes, file: paths.absolute(kind.relativePath)) < StoreFormat.version
            else { continue }
            _ = try self.shard(shard)
            dirtyShards.insert(shard)
        }
    }

    /// The format a store file says it is in.
    private func format(of bytes: [UInt8], file: String) throws(StoreError) -> Int {
        try decode(bytes, file: file) { value throws(StoreError) in
            Int(value.member("format")?.intValue ?? Int64(StoreFormat.version))
        }
    }
}
