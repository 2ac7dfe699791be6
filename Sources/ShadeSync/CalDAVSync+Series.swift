import ShadeCore
import ShadeInterchange
import ShadeStore

/// The repeating tasks of a CalDAV sync (SPEC §15): a series is one item of the list, a VTODO with
/// its RRULE (an EXDATE for each day taken out of it) and, with the same UID, a VTODO with a
/// RECURRENCE-ID for each occurrence that is a record of its own from four weeks back on (one
/// done, moved or renamed). What the list changed since the last sync arrives as a task's change
/// does: the series' fields by the rule of a sync, a day it took out taken out here, and an
/// occurrence it changed (marked done, renamed) made a record of its own here, or merged field by
/// field with the record this copy has.
extension CalDAVSync {
    /// The fields of a series a VTODO holds (its skipped days and its occurrences are merged
    /// apart: a day taken out on either side stays out).
    static let seriesFields: Set<String> = [
        "title", "notes", "slot", "time", "tags", "category", "color", "favorite", "remind", "estimate", "every",
        "anchor", "until",
    ]

    /// A repeating task of the list, read.
    struct RemoteSeries {
        let href: String
        let etag: String
        let series: RepeatSeries
        /// Its occurrences with a VTODO of their own, by the day each stands for.
        let occurrences: [CivilDate: PlannerTask]
        /// Its text, for what another program keeps in it.
        let data: String
    }

    /// A repeating task here: its series, its occurrences that are records of their own from the
    /// first day synced on, and those it shows there (with the ids they are shown by).
    struct LocalSeries {
        var series: RepeatSeries
        var records: [CivilDate: PlannerTask] = [:]
        var shown: [CivilDate: PlannerTask] = [:]
    }

    /// A series as the item's `synced` task: its first occurrence under the series' uid.
    static func master(_ series: RepeatSeries) -> PlannerTask {
        var task = series.occurrence(on: series.anchor).withUID(series.uid)
        task.series = nil
        return task
    }

    /// The series as this copy has them, with their occurrences among `tasks` (the tasks of the
    /// days synced); the others of `tasks` are left in `plain`, but for the records of a series
    /// gone (its done days would come back on the list as tasks of their own) unless `linked`
    /// (already synced as tasks).
    static func localSeries(
        _ all: [RepeatSeries], tasks: [PlannerTask], linked: Set<String>, plain: inout [String: PlannerTask]
    ) -> [String: LocalSeries] {
        var result: [String: LocalSeries] = [:]
        for series in all { result[series.uid] = LocalSeries(series: series) }
        for task in tasks {
            guard let uid = task.series, let found = result[uid] else {
                if task.series == nil || linked.contains(task.uid) { plain[task.uid] = task }
                continue
            }
            let day = task.occurrenceDay
            if found.series.shows(day) && task.uid == found.series.occurrenceUID(on: day) {
                result[uid]?.shown[day] = task
            } else {
                result[uid]?.records[day] = task
            }
        }
        return result
    }

    /// Merges what the list's repeating tasks changed since the last sync into `local`, the record
    /// changes added to `changes`; a series deleted there is removed here (its occurrences that
    /// are records of their own stay, as tasks of their own), unless it changed here since.
    func receiveSeries(
        _ remote: [String: RemoteSeries], unreadable: Set<String>, clash: Set<String>,
        local: inout [String: LocalSeries],
        link: inout CalDAVState, state: StoreState, changes: inout [RecordChange],
        conflicts: inout [StoreFileMerge.Conflict], report: inout Report
    ) throws {
        let file = SharedPlannerFiles.recordFile(RepeatSeries.kind)
        for (uid, item) in remote.sorted(by: { $0.key < $1.key }) where !clash.contains(uid) {
            let known = link.items[uid]
            if let known, known.etag == item.etag { continue }
            let arrivedAt = stamp(said: item.series.modified, synced: known?.series?.modified)
            guard var ours = local[uid] else {
                // Made on the list (or changed there after it was removed here): added.
                var added = item.series
                added.stamps = FieldStamps(made: arrivedAt)
                var occurrences: [RecordChange] = []
                var made = LocalSeries(series: added)
                for (day, occurrence) in item.occurrences.sorted(by: { $0.key < $1.key }) {
                    var record = occurrence
                    record.id = try state.allocateID()
                    record.stamps = FieldStamps(made: arrivedAt)
                    occurrences.append(.added(.task(record)))
                    made.records[day] = record
                }
                changes += [.added(.keyed(AnyKeyedRecord(added)))] + occurrences
                local[uid] = made
                report.received.append(.init(kind: .task, key: uid, title: added.base.title, action: .add))
                link.items[uid] = CalDAVState.Item(
                    href: item.href, etag: item.etag, synced: Self.master(added), series: added,
                    occurrences: Array(item.occurrences.values))
                continue
            }
            let base =
                known?.series ?? (item.series.modified > ours.series.modified ? ours.series : item.series)
            let merged = try StoreFileMerge.mergeArrival(
                base: AnyKeyedRecord(base), ours: AnyKeyedRecord(ours.series), arrived: AnyKeyedRecord(item.series),
                fields: Self.seriesFields, at: arrivedAt, file: file)
            conflicts += merged.conflicts
            guard var series = merged.record.base as? RepeatSeries else { continue }
            // Days the list took out since the last sync: out here too.
            var skipped = Set(series.exceptions).union(Set(item.series.exceptions).subtracting(base.exceptions))
            let synced = Dictionary(
                (known?.occurrences ?? []).map { ($0.occurrenceDay, $0) }, uniquingKeysWith: { first, _ in first })
            var occurrenceChanges: [RecordChange] = []
            var kept: [PlannerTask] = []
            for (day, arrived) in item.occurrences.sorted(by: { $0.key < $1.key }) {
                if let was = synced[day], StoreFileMerge.agree(arrived, was, in: Self.fields) {
                    kept.append(was)
                    continue
                }
                let at = stamp(said: arrived.modified, synced: synced[day]?.modified)
                let record: PlannerTask?
                if let found = ours.records[day] {
                    record = found
                } else {
                    record = try state.tasks(withUIDs: [series.occurrenceUID(on: day)]).values.first
                }
                if let record {
                    let baseTask = synced[day] ?? (arrived.modified > record.modified ? record : arrived)
                    let outcome = try StoreFileMerge.mergeArrival(
                        base: baseTask, ours: record, arrived: arrived, fields: Self.fields, at: at,
                        file: SharedPlannerFiles.weekFile(record.week))
                    conflicts += outcome.conflicts
                    if outcome.task != record {
                        occurrenceChanges.append(.changed(.task(record), to: .task(outcome.task)))
                        ours.records[day] = outcome.task
                        report.received.append(
                            .init(kind: .task, key: record.uid, title: outcome.task.title, action: .change))
                    }
                    kept.append(try StoreFileMerge.taking(Self.fields, from: arrived, into: outcome.task))
                } else {
                    // An occurrence the series shows, changed on the list: a record of its own now,
                    // under the uid (and the id) it is shown by.
                    var made = arrived.withUID(series.occurrenceUID(on: day))
                    made.series = uid
                    made.id = try ours.shown[day]?.id ?? state.allocateID()
                    made.stamps = FieldStamps(made: at)
                    skipped.insert(day)
                    occurrenceChanges.append(.added(.task(made)))
                    ours.records[day] = made
                    ours.shown[day] = nil
                    report.received.append(.init(kind: .task, key: made.uid, title: made.title, action: .change))
                    kept.append(made)
                }
            }
            if skipped != Set(series.exceptions) {
                series.exceptions = skipped.sorted()
                series.stamps = series.stamps.marking(["exceptions"], arrivedAt)
            }
            if series != ours.series {
                changes.append(.changed(.keyed(AnyKeyedRecord(ours.series)), to: .keyed(AnyKeyedRecord(series))))
                if !report.received.contains(where: { $0.key == uid }) {
                    report.received.append(.init(kind: .task, key: uid, title: series.base.title, action: .change))
                }
            }
            changes += occurrenceChanges
            ours.series = series
            for day in skipped { ours.shown[day] = nil }
            local[uid] = ours
            // The base for next time: the series as the list holds it, the stamps as this copy has them.
            guard
                var listed = try StoreFileMerge.taking(
                    Self.seriesFields, from: AnyKeyedRecord(item.series), into: AnyKeyedRecord(series)
                ).base as? RepeatSeries
            else { continue }
            listed.exceptions = item.series.exceptions
            link.items[uid] = CalDAVState.Item(
                href: item.href, etag: item.etag, synced: Self.master(listed), series: listed, occurrences: kept)
        }
        // Deleted on the list: removed here.
        for (uid, known) in link.items.sorted(by: { $0.key < $1.key })
        where known.series != nil && remote[uid] == nil && !unreadable.contains(uid) {
            link.items[uid] = nil
            guard let ours = local[uid], let synced = known.series else { continue }
            if !Self.agrees(ours.series, synced) {
                conflicts.append(
                    StoreFileMerge.removalLost(
                        AnyKeyedRecord(ours.series), removed: FieldStamp(at: now.timestamp, by: author), file: file))
                continue
            }
            changes.append(.removed(.keyed(AnyKeyedRecord(ours.series))))
            local[uid] = nil
            report.received.append(.init(kind: .task, key: uid, title: synced.base.title, action: .remove))
        }
    }

    /// The operations that send what changed here in the repeating tasks: a PUT of each series
    /// new or changed since the list last had it (its fields, its skipped days or its occurrences
    /// from `first` on), a DELETE of each removed here that the list holds as last synced.
    func sendSeries(
        _ local: [String: LocalSeries], remote: [String: RemoteSeries], unreadable: Set<String>, first: CivilDate,
        link: CalDAVState, context: InterchangeContext, operations: inout [PendingOperation], report: inout Report
    ) throws {
        for (uid, ours) in local.sorted(by: { $0.key < $1.key }) where !unreadable.contains(uid) {
            let known = link.items[uid]
            let occurrences = ours.records.filter { $0.key >= first }
            if let known, let synced = known.series, Self.agrees(ours.series, synced),
                Self.agrees(occurrences, known.occurrences.filter { $0.occurrenceDay >= first })
            {
                continue
            }
            // A series that ended before the days synced, never sent: left here.
            if known == nil, let until = ours.series.end, until < first { continue }
            let tasks = occurrences.values.sorted { $0.occurrenceDay < $1.occurrenceDay }
            operations.append(
                try Self.put(
                    PlannerBundle(tasks: tasks, records: [AnyKeyedRecord(ours.series)]), uid: uid,
                    over: remote[uid]?.data, known: known, in: link.url, context: context
                ) { href in
                    CalDAVState.Item(
                        href: href, etag: "", synced: Self.master(ours.series), series: ours.series, occurrences: tasks)
                })
            report.sent.append(
                .init(kind: .task, key: uid, title: ours.series.base.title, action: known == nil ? .add : .change))
        }
        for (uid, known) in link.items.sorted(by: { $0.key < $1.key })
        where known.series != nil && local[uid] == nil && !unreadable.contains(uid) {
            guard remote[uid]?.etag == known.etag else { continue }
            operations.append(.delete(href: known.href, ifMatch: known.etag, uid: uid))
            report.sent.append(.init(kind: .task, key: uid, title: known.synced.title, action: .remove))
        }
    }

    /// When an arrived change counts: when the list says it changed it (LAST-MODIFIED), unless
    /// that is no later than the version last synced (a client that does not say): then now.
    func stamp(said: String, synced: String?) -> FieldStamp {
        let at = said > (synced ?? "") ? said : now.timestamp
        return FieldStamp(at: min(at, now.timestamp), by: author)
    }

    /// Whether two versions of a series agree in what the list holds of it.
    static func agrees(_ one: RepeatSeries, _ other: RepeatSeries) -> Bool {
        StoreFileMerge.agree(AnyKeyedRecord(one), AnyKeyedRecord(other), in: seriesFields)
            && Set(one.exceptions) == Set(other.exceptions)
    }

    /// Whether the occurrences here agree with those last synced, day by day.
    static func agrees(_ ours: [CivilDate: PlannerTask], _ synced: [PlannerTask]) -> Bool {
        guard ours.count == synced.count else { return false }
        return synced.allSatisfy { was in ours[was.occurrenceDay].map { agrees($0, was) } ?? false }
    }
}
