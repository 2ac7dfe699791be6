import ShadeCore
import ShadeJSON

/// What a step writes when it commits: the files, the change log entry, the caches after it.
extension StoreState {
    /// Takes the newest entry of this copy's own off the change log (its changes are reverted by
    /// the caller), with its number; what another copy made (`Change.isReceived`), a sync's
    /// bookkeeping and an undo a sync sent stay listed and are passed over (`Change.isUndoable`).
    func popUndoEntry() throws(StoreError) -> (number: Int, change: Change)? {
        for sequence in try UndoJournal.sequenceNumbers(in: paths.undoDirectory).reversed() {
            let entry = try undoEntry(sequence)
            guard entry.isUndoable else { continue }
            poppedUndoEntry = sequence
            return (sequence, entry)
        }
        return nil
    }

    /// The files to write (bytes) and remove (nil) for this step: changed weeks and id shards,
    /// the id indexes of weeks whose tasks came or went (or that an earlier format wrote), the
    /// store file when new or upgraded, and the undo entry recorded (under `label`) or taken back.
    func pendingFiles(label: String?, timestamp: String, author: String, createMeta: Bool) throws(StoreError) -> [(
        relativePath: String, bytes: [UInt8]?
    )] {
        try pendingChange(label: label, timestamp: timestamp, author: author, createMeta: createMeta).files
    }

    /// As `pendingFiles`, with the change log's entry numbers once those files are written (nil
    /// when this step takes an entry back): pruning after the write takes them rather than
    /// listing the folder again.
    func pendingChange(label: String?, timestamp: String, author: String, createMeta: Bool) throws(StoreError) -> (
        files: [(relativePath: String, bytes: [UInt8]?)], undoNumbers: [Int]?
    ) {
        var files: [(relativePath: String, bytes: [UInt8]?)] = []
        if createMeta { files.append(("shade.json", try serialise(MetaDocument.encode()))) }
        files += try weekFiles()
        for shard in dirtyShards.sorted() {
            let entries = shards[shard] ?? []
            // Ids handed out are entries added at the end: put after the text read, when there is one.
            if let bytes = shardTexts[shard]?.appending(entries) {
                files.append((paths.idShardFile(shard), bytes))
                continue
            }
            files.append(
                (paths.idShardFile(shard), try serialise(IDShardDocument.encode(shard: shard, weeks: entries))))
        }
        var entries = closedChanges
        if let label, !recordChanges.isEmpty {
            entries.append(Change(label: label, at: timestamp, by: author, records: recordChanges))
        }
        var undoNumbers: [Int]?
        if !entries.isEmpty {
            var numbers = try UndoJournal.sequenceNumbers(in: paths.undoDirectory)
            let last = numbers.last ?? 0
            // Entries beyond the depth kept would be pruned at once: only the newest are written.
            let kept = entries.suffix(StoreFormat.undoDepth)
            for (offset, entry) in kept.enumerated() {
                let number = last + entries.count - kept.count + offset + 1
                files.append((paths.changeLogFile(number), try UndoJournal.bytes(entry)))
                numbers.append(number)
            }
            if poppedUndoEntry == nil { undoNumbers = numbers }
        }
        if let poppedUndoEntry { files.append((paths.changeLogFile(poppedUndoEntry), nil)) }
        if let index = try pendingGoalIndex() { files.append((StoreFileKind.goalIndex.relativePath, index)) }
        if let index = try pendingInboxIndex() { files.append((StoreFileKind.inboxIndex.relativePath, index)) }
        for kind in dirtyCollections.sorted() {
            let document = StoreFileKind.collection(kind)
            let content = CollectionDocument.Content(
                records: collections[kind] ?? [], removed: removedRecords[kind] ?? [:])
            files.append((document.relativePath, try serialise(document.encode(.collection(content)))))
        }
        return (files, undoNumbers)
    }

    /// The files of the weeks this step changed: each week and, where tasks came, went or were
    /// numbered (or an earlier format wrote it), its id index.
    func weekFiles() throws(StoreError) -> [(relativePath: String, bytes: [UInt8]?)] {
        var files: [(relativePath: String, bytes: [UInt8]?)] = []
        for week in dirtyWeeks.sorted() {
            var tasks = weeks[week] ?? []
            // The days and tasks left as the file holds them are put back as its text (all the
            // other days of a week read one day alone).
            var kept =
                partialWeeks[week]?.kept(in: tasks) ?? weekSources[week]?.unchanged(in: tasks) ?? WeekSource.Kept()
            var written: (hashes: [CivilDate: UInt64], taskSpans: [Range<Int>?])?
            if readsDaysAlone, let partial = partialWeeks[week] {
                do { written = try partial.dayHashes(writing: tasks, into: &kept) } catch {
                    throw .invalidContent(
                        file: paths.absolute(paths.weekFile(week)), location: "(writing)",
                        reason: "a value could not be written as JSON")
                }
            }
            // Only a day written from its text holds the tasks it carries: a week whose day is not
            // (it holds a task of another day) is read whole, and written as a whole read writes it.
            if written == nil, partialWeeks[week]?.carriesTasks == true {
                tasks = try completeWeek(week)
                kept = weekSources[week]?.unchanged(in: tasks) ?? WeekSource.Kept()
            }
            let document = WeekDocument.encode(
                week: week, tasks: tasks, removed: removedTasks[week] ?? [:], keeping: kept.tasks,
                keepingDays: kept.days)
            let file = paths.weekFile(week)
            let bytes: [UInt8]
            if let written, let partial = partialWeeks[week] {
                // Every day put back as a text: where each went is the file's certificate.
                var placed: [String: Range<Int>] = [:]
                bytes = try StoreText.bytes(document, verbatim: kept.texts, placed: &placed, file: paths.absolute(file))
                writtenCertificates[week] = partial.certificate(
                    of: bytes, document: document, tasks: tasks, taskSpans: written.taskSpans, kept: kept,
                    placed: placed, ids: try weekIndex(week))
            } else {
                bytes = try StoreText.bytes(document, verbatim: kept.texts, file: paths.absolute(file))
            }
            files.append((file, bytes))
            // A one-shot change certifies the days it writes in the week's index, so that the next
            // change, to any day, can read its day alone (the index's ids are written back as
            // their text when the change numbered nothing: `indexFile`).
            if readsDaysAlone {
                certifiedDays[week] = written?.hashes ?? WeekDayText.dayHashes(of: bytes)
            }
        }
        let indexed = dirtyIndexes.union(dirtyWeeks.intersection(unindexedWeeks)).union(certifiedDays.keys)
        for week in indexed.sorted() {
            files.append(try indexFile(of: week))
        }
        return files
    }

    /// A week's id index as this step leaves it: the tasks filed and the occurrences shown, both
    /// with their ids (of a week read one day alone, the other days' tasks keep those the index
    /// gave them: every one had one, `readDayAlone`).
    func indexFile(of week: ISOWeek) throws(StoreError) -> (relativePath: String, bytes: [UInt8]?) {
        let partial = partialWeeks[week]
        let present: [PlannerTask]
        if partial != nil {
            let held = weeks[week] ?? []
            present = held + (try occurrences(in: week, besides: held))
        } else {
            present = try tasks(in: week)
        }
        let checked = certifiedDays[week] ?? checkedDays[week] ?? [:]
        // The file's certificate: as written, or as read when the file is not written again.
        let certificate = writtenCertificates[week] ?? (dirtyWeeks.contains(week) ? nil : weekCertificates[week])
        // Ids as the file holds them are written back as their text, with those handed out in
        // this step after them (`WeekIndexText`): a dense week's index is not encoded again.
        if let partial, let read = weekIndexTexts[week], let added = addedIDs(partial, present: present, read: read),
            let text = read.idsText(adding: added)
        {
            return try indexFile(of: week, idsText: text, checked: checked, certificate: certificate)
        }
        // Made at its full size: a dictionary of strings that grows asks the runtime for its
        // storage's type by name, a scan of every conformance of the program (0.45M
        // instructions of a one-shot `add`, callgrind).
        var ids = [String: Int](
            minimumCapacity: (partial?.text.otherUIDs.count ?? 0) + (partial?.carried.count ?? 0) + present.count)
        if let partial {
            let index = try weekIndex(week)
            for uid in partial.text.otherUIDs { ids[uid] = index[uid] }
            for task in partial.carried { ids[task.place.uid] = task.id }
        }
        for task in present where task.id > 0 && ids[task.uid] == nil { ids[task.uid] = task.id }
        if let text = weekIndexTexts[week]?.idsText(for: ids) {
            return try indexFile(of: week, idsText: text, checked: checked, certificate: certificate)
        }
        return (
            paths.weekIndexFile(week),
            try serialise(WeekIndexDocument.encode(week: week, ids: ids, checked: checked, certificate: certificate))
        )
    }

    /// A week's id index with `idsText` for its ids.
    private func indexFile(
        of week: ISOWeek, idsText: ArraySlice<UInt8>, checked: [CivilDate: UInt64], certificate: WeekCertificate?
    ) throws(StoreError) -> (relativePath: String, bytes: [UInt8]?) {
        let name = "\u{0}\(UInt64.random(in: .min ... .max))-ids"
        let document = WeekIndexDocument.encode(
            week: week, idsStandIn: name, checked: checked, certificate: certificate)
        let file = paths.weekIndexFile(week)
        return (file, try StoreText.bytes(document, verbatim: [name: idsText], file: paths.absolute(file)))
    }

    /// The ids a week read one day alone leaves in its index, as those its index held (every
    /// other day's task keeps the id it had there, `readDayAlone`) and the uids it did not hold
    /// (the tasks numbered since), when the day's tasks the index held keep their ids there and
    /// no entry of the index is left out; else nil. A look at the day's tasks alone: no
    /// dictionary of the week's uids is made again.
    private func addedIDs(_ partial: PartialWeek, present: [PlannerTask], read: WeekIndexText)
        -> [(uid: String, id: Int)]?
    {
        var added: [(uid: String, id: Int)] = []
        var seen = Set<String>(minimumCapacity: present.count)
        var kept = 0
        for task in present where task.id > 0 {
            // The first task of a uid counts; another day's task, or a carried one, keeps the
            // index's id.
            guard !partial.text.otherUIDs.contains(task.uid), !partial.carriedUIDs.contains(task.uid),
                seen.insert(task.uid).inserted
            else { continue }
            if let id = read.ids[task.uid] {
                guard id == task.id else { return nil }
                kept += 1
            } else {
                added.append((task.uid, task.id))
            }
        }
        return partial.text.otherUIDs.count + partial.carried.count + kept == read.ids.count ? added : nil
    }

    /// Offers the weeks and id shards written in this step to the cache, as their files now are.
    func cacheWrittenFiles() {
        guard let cache else { return }
        for week in dirtyWeeks {
            if let identity = weekIdentity(week), let tasks = weeks[week] {
                cache.store(
                    week, identity: identity, tasks: tasks, removed: removedTasks[week] ?? [:], indexed: true,
                    keys: filedKeys[week])
            }
        }
        for number in dirtyShards {
            if let identity = WeekCache.Identity.of(paths.absolute(paths.idShardFile(number))),
                let entries = shards[number]
            {
                cache.store(shard: number, identity: identity, entries: entries)
            }
        }
    }

    /// Removes undo entries beyond the newest `StoreFormat.undoDepth` (best effort: extra old
    /// entries do no harm), into `spares` when given (to be written again by a later change).
    /// `numbers` are the entries' numbers when the caller knows them (`pendingChange`, just
    /// after the write that made them so); else the folder is listed.
    func pruneUndoJournal(into spares: SpareFiles? = nil, numbers: [Int]? = nil) {
        guard let sequences = numbers ?? (try? UndoJournal.sequenceNumbers(in: paths.undoDirectory)) else { return }
        for sequence in sequences.dropLast(StoreFormat.undoDepth) {
            let entry = paths.absolute(paths.changeLogFile(sequence))
            if let spares { spares.retire(entry) } else { try? FileSystem.remove(entry) }
        }
    }
}
