import ShadeCore
import ShadeJSON

/// After a merge brought another copy's changes into week files (a sync, or a plain `git pull`):
/// tasks that moved to another week keep the id this copy gave them, a task both copies kept in
/// two weeks (one moved it, the other changed it where it was) is made one again, and tasks new
/// to this copy are numbered. Ids this copy has shown never change.
extension StoreState {
    /// What settling the arrivals did.
    public struct Arrivals: Sendable {
        /// Tasks that moved week and kept their id.
        public var moved: [String] = []
        /// Tasks found in two weeks and made one.
        public var joined: [String] = []
        /// Values the joining overwrote (only when the base they were merged from was known).
        public var conflicts: [StoreFileMerge.Conflict] = []
    }

    /// Settles the tasks of the weeks among `files` (paths relative to the store, as git names
    /// them), whose files a merge rewrote; `base` gives a file as the merge's base held it (nil
    /// when unknown), to join a task found in two weeks field by field as the merge would have.
    /// What it changes is saved with this step (no entry of the change log: the planner is as the
    /// merge left it). With `now` (this copy's clock, a timestamp), a stamp of an arrived task more
    /// than a day ahead of it counts as `now` (SPEC §14), as a merge counts it.
    ///
    /// With `earlier` (each file as this copy had it before the merge) the tasks that came, went
    /// or changed are recorded in the change log, one change per sender (`sender`: who last
    /// committed a file, for a removal that left no tombstone), so that `log` shows every change
    /// another copy made here and who made it.
    public func settleArrivals(
        afterChangesTo files: [String], now: String? = nil, base: (String) -> [UInt8]?,
        earlier: ((String) -> [UInt8]?)? = nil, sender: (String) -> String? = { _ in nil }
    ) throws(StoreError) -> Arrivals {
        var arrivals = Arrivals()
        var contents: [ISOWeek: WeekDocument.Content] = [:]
        var changed: Set<ISOWeek> = []
        for file in files {
            if case .week(let week)? = StoreFileKind(relativePath: file) { changed.insert(week) }
        }
        for week in changed.sorted() {
            let file = paths.absolute(paths.weekFile(week))
            var content = WeekDocument.Content(format: StoreFormat.version, tasks: [])
            if let bytes = try FileSystem.read(file) {
                content = try decode(bytes, file: file) { value throws(StoreError) in
                    try WeekDocument.decode(value, file: file, expected: week)
                }
            }
            guard content.format >= 3 else { continue }
            if let now {
                let bounded = content.tasks.map { task in
                    var task = task
                    task.stamps = task.stamps.bounded(arrivingAt: now)
                    return task
                }
                let removed = content.removed.mapValues { $0.bounded(arrivingAt: now) }
                if bounded != content.tasks || removed != content.removed {
                    content.tasks = bounded
                    content.removed = removed
                    dirtyWeeks.insert(week)
                }
            }
            contents[week] = content
            _ = try weekIndex(week)
        }
        let weeksList = contents.keys.sorted()
        // The ids this copy gave the tasks before the merge, for the change log.
        let idsBefore = weekIDs
        // A task in two weeks' files: one copy moved it, the other changed it where it was.
        var places: [String: [ISOWeek]] = [:]
        for week in weeksList {
            for task in contents[week]?.tasks ?? [] { places[task.uid, default: []].append(week) }
        }
        for (uid, found) in places.sorted(by: { $0.key < $1.key }) where found.count > 1 {
            var copies = found.compactMap { week in contents[week]?.tasks.first { $0.uid == uid } }
            var joined = copies.removeFirst()
            var baseTask: PlannerTask?
            for week in found where baseTask == nil {
                if let bytes = base(paths.weekFile(week)), !bytes.isEmpty,
                    case .week(let was) = try? StoreFileKind.week(week).decode(bytes, file: "base")
                {
                    baseTask = was.tasks.first { $0.uid == uid }
                }
            }
            for copy in copies {
                let outcome = StoreFileMerge.merge(
                    uid, base: .init(record: baseTask.map(StoreFileMerge.version(of:))),
                    ours: .init(record: StoreFileMerge.version(of: joined)),
                    theirs: .init(record: StoreFileMerge.version(of: copy)), shape: StoreFileMerge.taskShape)
                guard let record = outcome.record else { continue }
                joined = try StoreFileMerge.task(from: record, path: paths.weekFile(joined.week))
                if baseTask != nil {
                    arrivals.conflicts += outcome.conflicts.map {
                        StoreFileMerge.conflict(paths.weekFile(joined.week), .task, joined.title, $0)
                    }
                }
            }
            for week in found {
                guard var content = contents[week] else { continue }
                if week == joined.week, let index = content.tasks.firstIndex(where: { $0.uid == uid }) {
                    content.tasks[index] = joined
                } else {
                    content.tasks.removeAll { $0.uid == uid }
                }
                contents[week] = content
                dirtyWeeks.insert(week)
            }
            if !found.contains(joined.week) {
                contents[joined.week, default: .init(format: StoreFormat.version, tasks: [])].tasks.append(joined)
                dirtyWeeks.insert(joined.week)
                _ = try weekIndex(joined.week)
            }
            arrivals.joined.append(uid)
        }
        // A task removed in one week's file after its last change, kept in another's (one copy
        // moved it, the other removed it where it had come to): the removal wins there too.
        var tombstones: [String: FieldStamp] = [:]
        for week in weeksList {
            for (uid, stamp) in contents[week]?.removed ?? [:] {
                tombstones[uid] = max(tombstones[uid] ?? stamp, stamp)
            }
        }
        for week in contents.keys.sorted() {
            guard var content = contents[week] else { continue }
            let gone = content.tasks.filter { task in
                guard let removed = tombstones[task.uid] else { return false }
                return StoreFileMerge.version(of: task).latest <= removed
            }
            guard !gone.isEmpty else { continue }
            for task in gone {
                content.tasks.removeAll { $0.uid == task.uid }
                content.removed[task.uid] = tombstones[task.uid]
                arrivals.joined.append(task.uid)
            }
            contents[week] = content
            dirtyWeeks.insert(week)
            dirtyIndexes.insert(week)
        }
        // A task that left one week's file and came into another's keeps its id.
        var leftIDs: [String: (week: ISOWeek, id: Int)] = [:]
        for week in weeksList {
            let filed = Set(contents[week]?.tasks.map(\.uid) ?? [])
            for (uid, id) in weekIDs[week] ?? [:] where !filed.contains(uid) && RepeatSeries.occurrence(of: uid) == nil
            {
                leftIDs[uid] = (week, id)
            }
        }
        for week in contents.keys.sorted() {
            for task in contents[week]?.tasks ?? [] where weekIDs[week]?[task.uid] == nil {
                guard let left = leftIDs[task.uid], left.week != week else { continue }
                weekIDs[left.week]?[task.uid] = nil
                weekIDs[week, default: [:]][task.uid] = left.id
                try setWeek(week, forID: left.id)
                dirtyIndexes.formUnion([left.week, week])
                arrivals.moved.append(task.uid)
            }
        }
        // A task that left its week's file and came into none (another copy removed it): its id
        // goes with it, as a removal here takes it (the id is never handed out again).
        for (uid, left) in leftIDs.sorted(by: { $0.key < $1.key }) where weekIDs[left.week]?[uid] == left.id {
            weekIDs[left.week]?[uid] = nil
            try setWeek(nil, forID: left.id)
            dirtyIndexes.insert(left.week)
        }
        // The weeks as settled, numbered (a task new to this copy gets the next id).
        for (week, content) in contents {
            weeks[week] = try numbered(content.tasks, in: week)
            filedKeys[week] = nil
            removedTasks[week] = content.removed
        }
        if let earlier, let at = now {
            try recordArrivals(
                in: weeksList, earlier: earlier, ids: idsBefore, removed: contents.mapValues(\.removed), at: at,
                sender: sender)
        }
        return arrivals
    }

    /// Records in the change log what the merge did to the tasks of `weeks` (against each week's
    /// file as this copy had it), one change for each sender, in order of their first record.
    private func recordArrivals(
        in weeks: [ISOWeek], earlier: (String) -> [UInt8]?, ids: [ISOWeek: [String: Int]],
        removed: [ISOWeek: [String: FieldStamp]], at: String, sender: (String) -> String?
    ) throws(StoreError) {
        var before: [String: PlannerTask] = [:]
        var after: [String: PlannerTask] = [:]
        var order: [String] = []
        var tombstones: [String: FieldStamp] = [:]
        var files: [String: String] = [:]
        for week in weeks {
            let file = paths.weekFile(week)
            if let bytes = earlier(file), !bytes.isEmpty,
                case .week(let was) = try? StoreFileKind.week(week).decode(bytes, file: file)
            {
                for var task in was.tasks {
                    task.id = ids[week]?[task.uid] ?? 0
                    before[task.uid] = task
                    order.append(task.uid)
                    files[task.uid] = file
                }
            }
            for task in self.weeks[week] ?? [] {
                after[task.uid] = task
                order.append(task.uid)
                files[task.uid] = files[task.uid] ?? file
            }
            for (uid, stamp) in removed[week] ?? [:] { tombstones[uid] = stamp }
        }
        var seen: Set<String> = []
        var bySender: [(by: String, records: [RecordChange])] = []
        for uid in order where seen.insert(uid).inserted {
            let was = before[uid]
            let now = after[uid]
            let change: RecordChange
            let by: String?
            switch (was, now) {
            case (let old?, let new?):
                guard StoreFileMerge.version(of: old) != StoreFileMerge.version(of: new) else { continue }
                change = .changed(.task(old), to: .task(new))
                by = new.stamps.latest.by
            case (nil, let new?):
                change = .added(.task(new))
                by = new.stamps.latest.by
            case (let old?, nil):
                change = .removed(.task(old))
                by = tombstones[uid]?.by ?? files[uid].flatMap(sender)
            case (nil, nil):
                continue
            }
            let who = by.flatMap { $0.isEmpty ? nil : $0 } ?? "someone"
            if let index = bySender.firstIndex(where: { $0.by == who }) {
                bySender[index].records.append(change)
            } else {
                bySender.append((who, [change]))
            }
        }
        for (by, records) in bySender {
            closedChanges.append(Change(label: Change.receivedLabel, at: at, by: by, records: records))
        }
    }
}
