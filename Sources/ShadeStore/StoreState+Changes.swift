import ShadeCore
import ShadeJSON

/// Changing the records: tasks filed, refiled and removed, categories, ids handed out; every
/// record changed is noted for the change log.
extension StoreState {
    /// Files a keyed record (a category, …), replacing the one with its key (saved with this
    /// step, recorded for the change log).
    public func put(_ record: AnyKeyedRecord) throws(StoreError) {
        var list = try keyedRecords(of: record.kind)
        let previous = list.first { $0.base.key == record.base.key }
        list.removeAll { $0.base.key == record.base.key }
        list.append(record)
        collections[record.kind] = list.sorted { $0.base.key < $1.base.key }
        removedRecords[record.kind]?[record.base.key] = nil
        dirtyCollections.insert(record.kind)
        if record.kind == RepeatSeries.kind { occurrences = [:] }
        // A task put in the inbox is numbered in the step that puts it there.
        if let task = record.base as? InboxTask { try numberInInbox(task) }
        self.record(
            "\(record.kind):\(record.base.key)", before: previous.map(PlannerRecord.keyed), after: .keyed(record))
    }

    /// Removes the keyed record with a kind and key, when there is one.
    public func removeKeyed(_ kind: RecordKind, key: String) throws(StoreError) {
        var list = try keyedRecords(of: kind)
        guard let previous = list.first(where: { $0.base.key == key }) else { return }
        list.removeAll { $0.base.key == key }
        collections[kind] = list
        removedRecords[kind, default: [:]][key] = removalStamp
        dirtyCollections.insert(kind)
        if kind == RepeatSeries.kind { occurrences = [:] }
        record("\(kind):\(key)", before: .keyed(previous), after: nil)
    }

    /// Every task filed under a category (the whole history is read).
    public func tasks(inCategory name: String) throws(StoreError) -> [PlannerTask] {
        var result: [PlannerTask] = []
        for week in try storedWeeks() { result += try tasks(in: week).filter { $0.category == name } }
        return result
    }

    /// Applies record changes a core operation made (or their inverse, for undo): each task
    /// filed, refiled or removed, each keyed record (category, …) added, changed or removed.
    public func apply(_ changes: [RecordChange]) throws(StoreError) {
        for change in changes {
            switch (change.before, change.after) {
            case (_, .task(let task)?):
                if try self.task(id: task.id) != nil { try update(task) } else { try insert(task) }
                // A task taken back into a category removed since (an entry of the older log,
                // which did not record categories) brings the category back.
                if let category = task.category { try ensureCategory(category) }
            case (.task(let task)?, nil):
                if try self.task(id: task.id) != nil { try remove(id: task.id) }
            case (_, .keyed(let record)?):
                // A record whose key changed (a renamed category) leaves its old key.
                if let old = change.before?.keyedRecord, old.base.key != record.base.key {
                    try removeKeyed(old.kind, key: old.base.key)
                }
                try put(record)
            case (.keyed(let record)?, nil):
                try removeKeyed(record.kind, key: record.base.key)
            case (nil, nil):
                break
            }
        }
    }

    /// Makes sure a category exists, giving a new one the next colour of the palette.
    public func ensureCategory(_ name: String) throws(StoreError) {
        let list = try categories()
        guard !list.contains(where: { $0.name == name }) else { return }
        try put(AnyKeyedRecord(Category(name: name, color: Category.nextColor(after: list))))
    }

    /// The categories, in name order.
    public func categories() throws(StoreError) -> [Category] {
        try keyedRecords(of: Category.kind).compactMap { $0.base as? Category }
    }

    /// Hands out the next id; ids are never reused, not even after a removal.
    public func allocateID() throws(StoreError) -> Int {
        let id = try idToHandOut()
        nextID = id + 1
        return id
    }

    /// The id `allocateID` hands out next: the one after the last the id shards hold (unless this
    /// step was told it, or has handed out ids already).
    func idToHandOut() throws(StoreError) -> Int {
        if let nextID { return nextID }
        var id = 1
        if let last = try lastShardNumber() {
            id = last * StoreFormat.idsPerShard + max(try shard(last).count, last == 0 ? 1 : 0)
        }
        nextID = id
        return id
    }

    /// The number of the last id shard, nil when there is none: the one that is there while the
    /// next is not (shards are made in order, as ids are handed out). A session checks the one it
    /// found last time; else the shards are probed, doubling, then halving the gap: a score of
    /// looks at a million ids, where a listing of the directory reads a thousand names.
    private func lastShardNumber() throws(StoreError) -> Int? {
        func exists(_ shard: Int) throws(StoreError) -> Bool {
            try FileSystem.exists(paths.absolute(paths.idShardFile(shard)))
        }
        if let known = cache?.lastShard, try exists(known), try !exists(known + 1) { return known }
        guard try exists(0) else {
            cache?.lastShard = nil
            return nil
        }
        // `present` is there, `absent` is not; the last shard is between them.
        var (present, absent) = (0, 1)
        while try exists(absent) {
            present = absent
            absent *= 2
        }
        while absent - present > 1 {
            let middle = present + (absent - present) / 2
            if try exists(middle) { present = middle } else { absent = middle }
        }
        cache?.lastShard = present
        return present
    }

    /// Files a new task.
    public func insert(_ task: PlannerTask) throws(StoreError) {
        // A task a rule made in the step (an after-completion successor) has no id yet: it gets
        // the next, as a task read from a week with none does.
        guard task.id > 0 else {
            var numbered = task
            numbered.id = try allocateID()
            return try insert(numbered)
        }
        if try self.task(id: task.id) != nil {
            throw .invalidContent(
                file: paths.absolute(paths.idShardFile(task.id / StoreFormat.idsPerShard)), location: "weeks",
                reason: "id \(task.id) is handed out but already in use; the id index does not match the weeks")
        }
        // A uid is the identity: a task brought back under a uid its week already holds (an
        // earlier format's hand copy) is given the one the upgrade gives such a copy.
        var task = task
        // The week's keys, made once and kept up to date by `file`: inserting N tasks into a
        // week costs N lookups, not N scans of a growing week. No copy of the week or its keys
        // is held here, so that `file` appends to them in place. A one-shot change reads the
        // task's day alone, when it can (`readDayAlone`).
        if filedKeys[task.week] == nil, try !readDayAlone(task.week, wanting: .day(task.date)) {
            filedKeys[task.week] = WeekKeys(try filedTasks(in: task.week))
        }
        let held = filedKeys[task.week]?.contains(uid: task.uid) == true
        if held { task = task.withUID(WeekDocument.copyUID(of: task)) }
        try file(task)
        try setWeek(task.week, forID: task.id)
        record("task:\(task.id)", before: nil, after: .task(task))
    }

    /// Replaces a task by its id, moving it between weeks when its date changed.
    public func update(_ task: PlannerTask) throws(StoreError) {
        // A filed task is found where it lies (one scan of its week), any other by its id.
        var filedIndex: Int?
        var found: PlannerTask?
        if task.id > 0, let week = try weekOfTask(id: task.id) {
            let filed = try filedTasks(in: week, holding: task.id)
            filedIndex = self.filedIndex(of: task.id, in: week, filed)
            found = filedIndex.map { filed[$0] }
        }
        if found == nil { found = try self.task(id: task.id) }
        guard let before = found else { throw missing(task.id) }
        // A task's uid never changes (an entry of the change log written before an upgrade gave a
        // hand-copied task a uid of its own still names the old one).
        let task = task.uid == before.uid ? task : task.withUID(before.uid)
        if before.week == task.week, before.date == task.date, before.slot == task.slot {
            guard filedIndex != nil else { throw missing(task.id) }
            try loadForChange(task.week, day: task.date)
            guard let index = self.filedIndex(of: task.id, in: task.week, weeks[task.week] ?? []) else {
                throw missing(task.id)
            }
            weeks[task.week, default: []][index] = task
            dirtyWeeks.insert(task.week)
        } else {
            // Refiled: it goes to the end of its new slot, as a new filing would.
            try detach(id: task.id, from: before.week)
            try file(task)
            if before.week != task.week { try setWeek(task.week, forID: task.id) }
        }
        record("task:\(task.id)", before: .task(before), after: .task(task))
    }

    /// Removes a task for good; its id is never handed out again.
    public func remove(id: Int) throws(StoreError) {
        guard let before = try task(id: id) else { throw missing(id) }
        // A task filed in the week leaves a tombstone there (an occurrence only shown leaves none).
        if try filedTasks(in: before.week).contains(where: { $0.uid == before.uid }) {
            removedTasks[before.week, default: [:]][before.uid] = removalStamp
        }
        try detach(id: id, from: before.week)
        try setWeek(nil, forID: id)
        record("task:\(id)", before: .task(before), after: nil)
    }

    /// Whether anything changed in this step.
    /// (Ids handed out to tasks that came from another copy count: they are saved with the step;
    /// so does a week a merge left a task twice in, made one again.)
    public var hasChanges: Bool {
        !changeOrder.isEmpty || !closedChanges.isEmpty || poppedUndoEntry != nil || !dirtyCollections.isEmpty
            || !dirtyIndexes.isEmpty || !dirtyWeeks.isEmpty || inboxIndexChanged
    }

    func missing(_ id: Int) -> StoreError {
        .invalidContent(
            file: paths.absolute(paths.idShardFile(id / StoreFormat.idsPerShard)), location: "weeks",
            reason: "task \(id) is not where the id index says it is")
    }

    /// Appends a task to its week (loaded first), in place.
    func file(_ task: PlannerTask) throws(StoreError) {
        try loadForChange(task.week, day: task.date)
        weeks[task.week, default: []].append(task)
        filedKeys[task.week]?.note(task, at: (weeks[task.week]?.count ?? 1) - 1)
        removedTasks[task.week]?[task.uid] = nil
        dirtyWeeks.insert(task.week)
        dirtyIndexes.insert(task.week)
    }

    func detach(id: Int, from week: ISOWeek) throws(StoreError) {
        try loadForChange(week)
        weeks[week, default: []].removeAll { $0.id == id }
        filedKeys[week] = nil
        dirtyWeeks.insert(week)
        dirtyIndexes.insert(week)
    }

    func record(_ key: String, before: PlannerRecord?, after: PlannerRecord?) {
        if let existing = changes[key] {
            changes[key] = (existing.before, after)
        } else {
            changeOrder.append(key)
            changes[key] = (before, after)
        }
    }

    /// The records this step changed, each from its first state to its last (those that came
    /// back to where they were left out).
    public var recordChanges: [RecordChange] {
        changeOrder.compactMap { key in
            guard let change = changes[key], change.before != change.after else { return nil }
            return RecordChange(before: change.before, after: change.after)
        }
    }
}
