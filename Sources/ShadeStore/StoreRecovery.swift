import ShadeCore
import ShadeJSON

extension Store {
    /// Reads every file of the store and reports each problem with its place.
    ///
    /// The goal → weeks index (a cache) is checked against the weeks too: one that a week file
    /// changed in place left behind is removed, and the next reader writes it again.
    public func check() throws -> StoreReport {
        try read { state in
            var report = try StoreCheck(paths: paths).run()
            if report.problems.isEmpty, try !state.goalWeeksAreCurrent() {
                try FileSystem.remove(paths.absolute(StoreFileKind.goalWeeks.relativePath))
                report.notes.append(
                    "\(StoreFileKind.goalWeeks.relativePath) (which weeks hold each goal's tasks) no longer matched the weeks: it was removed, and is written again when next needed"
                )
            }
            return report
        }
    }

    /// The sets of saved copies there are, newest first.
    public func backupSets() throws -> [BackupSet] {
        try read { _ in try Backups(paths: paths).sets().reversed() }
    }

    /// Brings back the files of a backup set as one change (the files it replaces are kept as a
    /// new set, so a restore can itself be taken back by restoring that set). The id index is
    /// rebuilt from the weeks, so that ids stay sound; ids are never handed out twice. The undo
    /// journal, which describes changes the restore just took back, is cleared.
    public func restore(set number: Int) throws -> BackupSet {
        // A store that does not exist has no sets, and asking for one must not create it.
        guard try exists else { throw StoreError.noSuchBackup(number: number) }
        try FileSystem.makeDirectories(paths.root)
        let lock = try FileLock(path: paths.lock, mode: .exclusive)
        return try withExtendedLifetime(lock) {
            let commit = AtomicCommit(paths: paths)
            try recoverLocked()
            let backups = Backups(paths: paths)
            guard let set = try backups.sets().first(where: { $0.number == number }) else {
                throw StoreError.noSuchBackup(number: number)
            }
            // Every file to bring back must read whole first.
            var restored: [String: [UInt8]] = [:]
            var restoredWeeks: [ISOWeek: [PlannerTask]] = [:]
            var numberedWeeks: Set<ISOWeek> = []
            for file in set.files {
                let path = backups.path(of: file, in: number)
                guard let kind = StoreFileKind(relativePath: file), let bytes = try FileSystem.read(path) else {
                    continue
                }
                if case .week(let content) = try kind.decode(bytes, file: path), case .week(let week) = kind {
                    restoredWeeks[week] = content.tasks
                    if content.format >= 3 { numberedWeeks.insert(week) }
                }
                restored[file] = bytes
            }
            let state = StoreState(paths: paths)
            // The weeks not restored are read with the ids their indexes give, nothing handed out.
            state.numbersArrivals = false
            // A restored week of format 3 is numbered by the id index restored with it, else by
            // the one the store has; a task neither knows is numbered by the next command.
            for week in numberedWeeks {
                let indexFile = paths.weekIndexFile(week)
                var ids: [String: Int] = [:]
                if let bytes = try restored[indexFile] ?? FileSystem.read(paths.absolute(indexFile)),
                    case .weekIndex(let found) = try StoreFileKind.weekIndex(week).decode(
                        bytes, file: paths.absolute(indexFile))
                {
                    ids = found
                }
                restoredWeeks[week] = restoredWeeks[week]?.map { task in
                    var numbered = task
                    numbered.id = ids[task.uid] ?? 0
                    return numbered
                }
                restored[indexFile] = try state.serialise(
                    WeekIndexDocument.encode(
                        week: week,
                        ids: ids.filter { uid, _ in
                            restoredWeeks[week]?.contains { $0.uid == uid } == true
                        }))
            }
            // The id shards, rebuilt from the weeks as they will be.
            var weekOfID: [Int: ISOWeek] = [:]
            var weeks = Set(try state.storedWeeks())
            weeks.formUnion(restoredWeeks.keys)
            for week in weeks.sorted() {
                for task in try restoredWeeks[week] ?? state.tasks(in: week) where task.id > 0 {
                    weekOfID[task.id] = week
                }
            }
            // Ids handed out stay handed out: the index keeps its length.
            var highest = weekOfID.keys.max() ?? 0
            for name in try FileSystem.list(paths.idsDirectory) {
                guard name.hasSuffix(".json"), let shard = Int(name.dropLast(5)) else { continue }
                let count = try state.shardEntries(shard).count
                if count > 0 { highest = max(highest, shard * StoreFormat.idsPerShard + count - 1) }
            }
            var files: [(relativePath: String, bytes: [UInt8]?)] = restored.filter {
                StoreFileKind(relativePath: $0.key).map { kind in
                    if case .idShard = kind { return false }
                    return true
                } ?? false
            }
            .sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            if highest > 0 {
                for shard in 0...(highest / StoreFormat.idsPerShard) {
                    let first = shard * StoreFormat.idsPerShard
                    let last = min(highest, first + StoreFormat.idsPerShard - 1)
                    let entries = (first...last).map { $0 == 0 ? nil : weekOfID[$0] }
                    let bytes: [UInt8]
                    do { bytes = try JSONWriter.bytes(IDShardDocument.encode(shard: shard, weeks: entries)) } catch {
                        throw StoreError.invalidContent(
                            file: paths.idsDirectory, location: "(writing)", reason: "could not serialise")
                    }
                    files.append((paths.idShardFile(shard), bytes))
                }
            }
            for sequence in try UndoJournal.sequenceNumbers(in: paths.undoDirectory) {
                files.append((paths.changeLogFile(sequence), nil))
            }
            try commit.write(files)
            return set
        }
    }
}
