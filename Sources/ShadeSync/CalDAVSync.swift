import ShadeCore
import ShadeInterchange
import ShadeJSON
import ShadeStore

/// Syncing the planner with a task list on a CalDAV server (SPEC §15), both ways: each task a
/// VTODO with the mapping of `export --format ics`. A VTODO changed elsewhere (a phone's task app)
/// arrives as a change by the fields that changed since the last sync (its ETag tells), at its
/// LAST-MODIFIED, and meets this copy's changes by the rule of a git sync; one deleted there
/// removes the task; one made there is added. What changed here goes out (a PUT only while the
/// item's ETag is still the one last seen, a DELETE likewise).
///
/// Which tasks: every task linked to the list, and every task from four weeks ago on; each
/// repeating task as one item (`CalDAVSync+Series`).
///
/// Everything that arrives is read as an imported file is (bounded, each VTODO through libical
/// and the import's checks); an item's address is only ever one the server gave inside the list,
/// or one made here from the task's uid.
public struct CalDAVSync {
    let store: Store
    let now: Moment
    let schedule: SlotSchedule
    let password: String
    /// Who made what arrived, for the change log.
    let author: String

    /// How far back tasks are sent to the list.
    static let daysBack = 28

    /// The task fields a VTODO holds (what a change on the list can change).
    static let fields: Set<String> = Set(
        [
            PlannerTask.Field.date, .slot, .time, .title, .status, .tags, .category, .notes, .favorite, .color,
            .remind, .to, .due, .estimate,
        ].map(\.rawValue))

    public init(store: Store, now: Moment, schedule: SlotSchedule, password: String, author: String) {
        self.store = store
        self.now = now
        self.schedule = schedule
        self.password = password
        self.author = author
    }

    /// What a CalDAV sync did.
    public struct Report: Sendable {
        public var url = ""
        public var sent: [StoreFileMerge.RecordDelta] = []
        public var received: [StoreFileMerge.RecordDelta] = []
        public var conflicts = 0
        /// Items of the list left alone: not a task shade can take (one repeating by a rule shade
        /// has none for, one past the limits of an import).
        public var skipped = 0
    }

    /// Syncs both ways, and notes how it went in the link (`caldav status`).
    public func run() throws -> Report {
        guard var link = try CalDAVState.read(in: store.directory) else {
            throw SyncError.failed("this planner is linked to no task list; 'caldav init URL' links one")
        }
        do {
            // One sync at a time: two would each write the link as they found it.
            return try store.oneSyncAtATime { () throws -> Report in
                link = try CalDAVState.read(in: store.directory) ?? link
                let report = try syncing(&link)
                link.lastSync = now.timestamp
                link.lastError = nil
                try CalDAVState.write(link, in: store.directory)
                return report
            }
        } catch {
            var failed = try CalDAVState.read(in: store.directory) ?? link
            failed.lastError = SyncError.describing(error)
            try? CalDAVState.write(failed, in: store.directory)
            throw error
        }
    }

    /// A VTODO of the list, read.
    private struct Remote {
        let href: String
        let etag: String
        let task: PlannerTask
        /// Its text, for what another program keeps in it.
        let data: String
    }

    /// A change sent to the list, and what the link holds once the list took it.
    enum PendingOperation {
        case put(href: String, body: String, ifMatch: String?, sent: CalDAVState.Item)
        case delete(href: String, ifMatch: String, uid: String)

        /// The request for the helper.
        var request: JSONValue {
            switch self {
            case .put(let href, let body, let ifMatch, _):
                var put = JSONObject()
                put.appendUnique("op", "put")
                put.appendUnique("href", .string(href))
                put.appendUnique("body", .string(body))
                put.appendUnique("if_match", .optional(ifMatch))
                return .object(put)
            case .delete(let href, let ifMatch, _):
                return ["op": "delete", "href": .string(href), "if_match": .string(ifMatch)]
            }
        }
    }

    private func syncing(_ link: inout CalDAVState) throws -> Report {
        let client = CalDAVClient(url: link.url, user: link.user, password: password, directory: store.directory)
        var report = Report(url: RemoteAddress.redacted(link.url))
        let listed = CalDAVClient.items(of: try client.run([["op": "list"]])[0])
        // A VTODO with no date is read as on a day no task is, then given the day the task it
        // stands for has here: a phone's undated task stays put; a new one is for the inbox.
        let undated = Self.undatedDay
        let context = InterchangeContext(now: now, schedule: schedule, undatedDay: undated)
        let linkedByHref = Dictionary(
            link.items.map { ($0.value.href, $0.key) }, uniquingKeysWith: { first, _ in first })
        var remote: [String: Remote] = [:]
        var remoteSeries: [String: RemoteSeries] = [:]
        // Items the list holds that shade cannot take (one repeating by a rule shade has none
        // for, one past the import's limits): left alone there, and their tasks here too.
        var unreadable: Set<String> = []
        for item in listed {
            guard let bundle = try? InterchangeFormat.ics.read(Array(item.data.utf8), context: context),
                bundle.notes.isEmpty
            else {
                unreadable.insert(linkedByHref[item.href] ?? item.href)
                continue
            }
            if bundle.records.isEmpty, bundle.tasks.count == 1, var task = bundle.tasks.first, task.series == nil,
                remote[task.uid] == nil, remoteSeries[task.uid] == nil
            {
                if task.date == undated { task.date = link.items[task.uid]?.synced.date ?? undated }
                remote[task.uid] = Remote(href: item.href, etag: item.etag, task: task, data: item.data)
            } else if bundle.records.count == 1, let series = bundle.series.first,
                bundle.tasks.allSatisfy({ $0.series == series.uid }), remote[series.uid] == nil,
                remoteSeries[series.uid] == nil
            {
                let occurrences = Dictionary(
                    bundle.tasks.map { ($0.occurrenceDay, $0) }, uniquingKeysWith: { first, _ in first })
                remoteSeries[series.uid] = RemoteSeries(
                    href: item.href, etag: item.etag, series: series, occurrences: occurrences, data: item.data)
            } else {
                unreadable.insert(linkedByHref[item.href] ?? item.href)
            }
        }
        report.skipped = unreadable.count
        var operations: [PendingOperation] = []
        var conflicts: [StoreFileMerge.Conflict] = []
        try store.exclusively { locked in
            try locked.write(label: nil, now: now) { state in
                let first = now.date.adding(days: -Self.daysBack)
                let last = try state.lastStoredWeek().map { $0.monday.adding(days: 6) } ?? now.date
                var local: [String: PlannerTask] = [:]
                var series = Self.localSeries(
                    try state.repeatSeries(), tasks: try state.tasks(from: first, through: max(last, now.date)),
                    linked: Set(link.items.filter { $0.value.series == nil }.keys), plain: &local)
                let inbox = Self.addInbox(try state.inboxTasks(), to: &local)
                // Tasks linked, or met on the list, outside the weeks synced: found in one pass.
                let elsewhere = Set(link.items.filter { $0.value.series == nil }.keys).union(remote.keys).filter {
                    local[$0] == nil
                }
                for (uid, task) in try state.tasks(withUIDs: elsewhere) where task.series.flatMap({ series[$0] }) == nil
                {
                    local[uid] = task
                }
                // A uid the list holds as one kind (a task, a repeating task) and this copy or the
                // link as the other: the phone made a repeating task plain, or the other way round.
                // The link settles it (this sync removes the old kind here, unless changed here
                // since; the next one takes the new kind); while each side holds its own kind, both
                // are left alone, never sent over each other.
                let clash = Set(remote.keys.filter { series[$0] != nil || link.items[$0]?.series != nil }).union(
                    remoteSeries.keys.filter { local[$0] != nil || link.items[$0].map { $0.series == nil } == true })
                var changes: [RecordChange] = []
                // What the list holds.
                for (uid, item) in remote.sorted(by: { $0.key < $1.key }) where !clash.contains(uid) {
                    let known = link.items[uid]
                    if let known, known.etag == item.etag { continue }
                    let arrivedAt = stamp(said: item.task.modified, synced: known?.synced.modified)
                    if let ours = local[uid] {
                        // Changed on the list (or first met there): merged field by field.
                        let base = known?.synced ?? (item.task.modified > ours.modified ? ours : item.task)
                        let merged = try StoreFileMerge.mergeArrival(
                            base: base, ours: ours, arrived: item.task, fields: Self.fields, at: arrivedAt,
                            file: SharedPlannerFiles.weekFile(ours.week))
                        conflicts += merged.conflicts
                        if merged.task != ours {
                            changes.append(RecordChange(before: .task(ours), after: .task(merged.task)))
                            local[uid] = merged.task
                            report.received.append(
                                .init(kind: .task, key: uid, title: merged.task.title, action: .change))
                        }
                        // The base for next time: the fields as the list holds them, the stamps as
                        // this copy has them (a field kept here over the list's goes out below).
                        link.items[uid] = CalDAVState.Item(
                            href: item.href, etag: item.etag,
                            synced: try StoreFileMerge.taking(Self.fields, from: item.task, into: merged.task))
                    } else if known == nil || known?.etag != item.etag {
                        // Made on the list (or changed there after it was removed here): added.
                        var added = item.task
                        added.id = try state.allocateID()
                        added.stamps = FieldStamps(made: arrivedAt)
                        changes.append(RecordChange(before: nil, after: .task(added)))
                        local[uid] = added
                        report.received.append(.init(kind: .task, key: uid, title: added.title, action: .add))
                        link.items[uid] = CalDAVState.Item(href: item.href, etag: item.etag, synced: added)
                    }
                }
                // Deleted on the list: removed here.
                for (uid, known) in link.items.sorted(by: { $0.key < $1.key })
                where known.series == nil && remote[uid] == nil && !unreadable.contains(uid) {
                    link.items[uid] = nil
                    guard let ours = local[uid] else { continue }
                    if !StoreFileMerge.agree(ours, known.synced, in: Self.fields) {
                        // Changed here since the last sync: the change is kept (it goes to the list
                        // again, as new), and the removal is the conflict, as a git sync has it.
                        conflicts.append(
                            StoreFileMerge.removalLost(
                                ours, removed: FieldStamp(at: now.timestamp, by: author),
                                file: SharedPlannerFiles.weekFile(ours.week)))
                        continue
                    }
                    changes.append(RecordChange(before: .task(ours), after: nil))
                    local[uid] = nil
                    report.received.append(.init(kind: .task, key: uid, title: known.synced.title, action: .remove))
                }
                try receiveSeries(
                    remoteSeries, unreadable: unreadable, clash: clash, local: &series, link: &link, state: state,
                    changes: &changes, conflicts: &conflicts, report: &report)
                report.skipped += clash.count {
                    (series[$0] != nil && remote[$0] != nil) || (local[$0] != nil && remoteSeries[$0] != nil)
                }
                try state.applyArrivals(
                    Self.inboxChanges(changes, inbox: inbox, now: now),
                    stamp: FieldStamp(at: now.timestamp, by: author),
                    by: author)
                // What goes out: a task new here, or changed here since the list last had it.
                let context = InterchangeContext(now: now, schedule: schedule)
                for (uid, task) in local.sorted(by: { $0.key < $1.key })
                where !unreadable.contains(uid) && !clash.contains(uid) {
                    let known = link.items[uid]
                    if let known, known.series == nil, Self.agrees(task, known.synced) { continue }
                    operations.append(
                        try Self.put(
                            Self.outgoing(task), uid: uid, over: remote[uid]?.data, known: known,
                            in: link.url, context: context
                        ) { CalDAVState.Item(href: $0, etag: "", synced: task) })
                    report.sent.append(
                        .init(kind: .task, key: uid, title: task.title, action: known == nil ? .add : .change))
                }
                // Removed here: deleted from the list, unless it changed there since.
                for (uid, known) in link.items.sorted(by: { $0.key < $1.key })
                where known.series == nil && local[uid] == nil && !unreadable.contains(uid) {
                    guard remote[uid]?.etag == known.etag else { continue }
                    operations.append(.delete(href: known.href, ifMatch: known.etag, uid: uid))
                    report.sent.append(.init(kind: .task, key: uid, title: known.synced.title, action: .remove))
                }
                try sendSeries(
                    series, remote: remoteSeries, unreadable: unreadable.union(clash), first: first, link: link,
                    context: context, operations: &operations, report: &report)
            }
        }
        try ConflictLog.append(conflicts, merged: now.timestamp, in: store.directory)
        report.conflicts = conflicts.count
        guard !operations.isEmpty else { return report }
        // Sent, then listed again: the ETags the server gave what it took.
        let results = try client.run(operations.map(\.request) + [["op": "list"]])
        var etags: [String: String] = [:]
        for item in CalDAVClient.items(of: results[results.count - 1]) { etags[item.href] = item.etag }
        for (index, operation) in operations.enumerated() {
            let status = results[index]["status"]?.intValue ?? 0
            switch operation {
            case .delete(_, _, let uid):
                if [200, 204, 404].contains(status) { link.items[uid] = nil }
            case .put(let href, _, _, var sent):
                // Taken: linked with the server's ETag. Refused (another change there first, 412):
                // the next sync merges that change and sends this one again.
                let uid = sent.synced.uid
                guard [200, 201, 204].contains(status),
                    let etag = (results[index]["etag"]?.stringValue).flatMap({ $0.isEmpty ? nil : $0 })
                        ?? etags[results[index]["href"]?.stringValue ?? href]
                else {
                    report.sent.removeAll { $0.key == uid }
                    continue
                }
                sent.href = results[index]["href"]?.stringValue ?? href
                sent.etag = etag
                link.items[uid] = sent
            }
        }
        return report
    }

    /// The PUT of an item: `bundle` as iCalendar, with what another program keeps in the item as
    /// the list holds it (`previous`), at the item's address (or one made from `uid`), while its
    /// ETag is the one last seen; `sent` is what the link holds once the list took it.
    static func put(
        _ bundle: PlannerBundle, uid: String, over previous: String?, known: CalDAVState.Item?, in list: String,
        context: InterchangeContext, sent: (String) -> CalDAVState.Item
    ) throws -> PendingOperation {
        var body = try InterchangeFormat.ics.write(bundle, context: context).text
        if let previous { body = InterchangeFormat.keepingOthersProperties(of: previous, in: body) }
        let href = known?.href ?? href(for: uid, in: list)
        return .put(href: href, body: body, ifMatch: known?.etag, sent: sent(href))
    }

    /// Whether two versions of a task agree in every field a VTODO holds.
    static func agrees(_ one: PlannerTask, _ other: PlannerTask) -> Bool {
        StoreFileMerge.agree(one, other, in: fields)
    }

    /// Where a task new to the list goes: its uid as the item's name when it is a plain one, else
    /// a name made from it.
    static func href(for uid: String, in collection: String) -> String {
        let plain =
            uid.utf8.count <= 200 && uid.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        let name = plain && !uid.hasPrefix(".") ? uid : UIDGenerator.derived(from: "caldav\n" + uid)
        let path = collection.hasSuffix("/") ? collection : collection + "/"
        return path + name + ".ics"
    }
}
