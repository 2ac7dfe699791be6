import ShadeCore
import ShadeJSON

/// The store's content as loaded under its lock, and the changes made to it in this step.
///
/// Weeks, id shards and the undo journal are read only when asked for, so a command pays for
/// the weeks it touches, not for the whole history.
public final class StoreState {
    let paths: StorePaths
    private var weeks: [ISOWeek: [PlannerTask]] = [:]
    private var dirtyWeeks: Set<ISOWeek> = []
    private var shards: [Int: [ISOWeek?]] = [:]
    private var dirtyShards: Set<Int> = []
    private var nextID: Int?
    private var changeOrder: [Int] = []
    private var changes: [Int: (before: PlannerTask?, after: PlannerTask?)] = [:]
    private var poppedUndoEntry: Int?

    init(paths: StorePaths) {
        self.paths = paths
    }

    // MARK: Reading

    /// The tasks of one week, in the order they were filed.
    public func tasks(in week: ISOWeek) throws(StoreError) -> [PlannerTask] {
        if let cached = weeks[week] { return cached }
        let relative = paths.weekFile(week)
        let file = paths.absolute(relative)
        var tasks: [PlannerTask] = []
        if let bytes = try FileSystem.read(file) {
            tasks = try WeekDocument.decode(try parse(bytes, file: file), file: file, expected: week)
        }
        weeks[week] = tasks
        return tasks
    }

    /// The tasks of the days from `first` through `last`.
    public func tasks(from first: CivilDate, through last: CivilDate) throws(StoreError) -> [PlannerTask] {
        guard first <= last else { return [] }
        var result: [PlannerTask] = []
        var week = first.isoWeek
        while week.monday <= last {
            result += try tasks(in: week).filter { $0.date >= first && $0.date <= last }
            week = week.adding(weeks: 1)
        }
        return result
    }

    /// The task with an id, or nil when there is none (never was, or removed).
    public func task(id: Int) throws(StoreError) -> PlannerTask? {
        guard id > 0, let week = try weekOfTask(id: id) else { return nil }
        return try tasks(in: week).first { $0.id == id }
    }

    /// Every week that has a file, in order.
    public func storedWeeks() -> [ISOWeek] {
        var result: [ISOWeek] = []
        for year in FileSystem.list(paths.weeksDirectory) where year.count == 4 && Int(year) != nil {
            for name in FileSystem.list(paths.weeksDirectory + "/" + year) where name.hasSuffix(".json") {
                if let week = ISOWeek(parsing: name.dropLast(5)), week.description.hasPrefix(year) {
                    result.append(week)
                }
            }
        }
        return result.sorted()
    }

    /// Every task in the store, week by week.
    public func allTasks() throws(StoreError) -> [PlannerTask] {
        var result: [PlannerTask] = []
        for week in storedWeeks() { result += try tasks(in: week) }
        return result
    }

    /// The recent changes that `undo` can take back, oldest first.
    public func undoEntries() throws(StoreError) -> [UndoEntry] {
        var entries: [UndoEntry] = []
        for sequence in UndoJournal.sequenceNumbers(in: paths.undoDirectory) {
            entries.append(try undoEntry(sequence))
        }
        return entries
    }

    private func undoEntry(_ sequence: Int) throws(StoreError) -> UndoEntry {
        let file = paths.absolute(UndoJournal.file(sequence))
        guard let bytes = try FileSystem.read(file) else {
            throw .io(operation: "read", path: file, errno: 2)
        }
        return try UndoJournal.decode(try parse(bytes, file: file), file: file)
    }

    // MARK: Changing

    /// Hands out the next id; ids are never reused, not even after a removal.
    public func allocateID() throws(StoreError) -> Int {
        if nextID == nil {
            let numbers = FileSystem.list(paths.idsDirectory).compactMap { name -> Int? in
                name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil
            }
            if let last = numbers.max() {
                let entries = try shard(last)
                nextID = last * StoreFormat.idsPerShard + max(entries.count, last == 0 ? 1 : 0)
            } else {
                nextID = 1
            }
        }
        let id = nextID!
        nextID = id + 1
        return id
    }

    /// Files a new task.
    public func insert(_ task: PlannerTask) throws(StoreError) {
        let before = try self.task(id: task.id)
        precondition(before == nil, "insert of an id that is in use")
        var list = try tasks(in: task.week)
        list.append(task)
        weeks[task.week] = list
        dirtyWeeks.insert(task.week)
        try setWeek(task.week, forID: task.id)
        record(id: task.id, before: nil, after: task)
    }

    /// Replaces a task by its id, moving it between weeks when its date changed.
    public func update(_ task: PlannerTask) throws(StoreError) {
        guard let before = try self.task(id: task.id) else {
            preconditionFailure("update of a task that does not exist")
        }
        if before.week == task.week {
            var list = try tasks(in: task.week)
            let index = list.firstIndex { $0.id == task.id }!
            if before.date == task.date, before.slot == task.slot {
                list[index] = task
            } else {
                // Refiled: it goes to the end of its new slot, as a new filing would.
                list.remove(at: index)
                list.append(task)
            }
            weeks[task.week] = list
            dirtyWeeks.insert(task.week)
        } else {
            try detach(id: task.id, from: before.week)
            var list = try tasks(in: task.week)
            list.append(task)
            weeks[task.week] = list
            dirtyWeeks.insert(task.week)
            try setWeek(task.week, forID: task.id)
        }
        record(id: task.id, before: before, after: task)
    }

    /// Removes a task for good; its id is never handed out again.
    public func remove(id: Int) throws(StoreError) {
        guard let before = try task(id: id) else { preconditionFailure("removal of a task that does not exist") }
        try detach(id: id, from: before.week)
        try setWeek(nil, forID: id)
        record(id: id, before: before, after: nil)
    }

    /// Whether anything changed in this step.
    public var hasChanges: Bool { !changeOrder.isEmpty || poppedUndoEntry != nil }

    // MARK: Commit

    /// Takes the newest entry off the undo journal (its changes are reverted by the caller).
    func popUndoEntry() throws(StoreError) -> UndoEntry? {
        guard let newest = UndoJournal.sequenceNumbers(in: paths.undoDirectory).last else { return nil }
        let entry = try undoEntry(newest)
        poppedUndoEntry = newest
        return entry
    }

    /// The files to write (bytes) and remove (nil) for this step: changed weeks and id shards,
    /// the store file when new, and the undo entry recorded (under `label`) or taken back.
    func pendingFiles(label: String?, timestamp: String, createMeta: Bool) throws(StoreError) -> [(
        relativePath: String, bytes: [UInt8]?
    )] {
        var files: [(relativePath: String, bytes: [UInt8]?)] = []
        if createMeta { files.append(("shade.json", try serialise(MetaDocument.encode()))) }
        for week in dirtyWeeks.sorted() {
            files.append((paths.weekFile(week), try serialise(WeekDocument.encode(week: week, tasks: weeks[week]!))))
        }
        for shard in dirtyShards.sorted() {
            files.append(
                (paths.idShardFile(shard), try serialise(IDShardDocument.encode(shard: shard, weeks: shards[shard]!))))
        }
        if let label, !changeOrder.isEmpty {
            let entry = UndoEntry(
                label: label, timestamp: timestamp,
                changes: changeOrder.map { id in
                    UndoEntry.Change(before: changes[id]!.before, after: changes[id]!.after)
                })
            let next = (UndoJournal.sequenceNumbers(in: paths.undoDirectory).last ?? 0) + 1
            files.append((UndoJournal.file(next), try serialise(UndoJournal.encode(entry))))
        }
        if let poppedUndoEntry { files.append((UndoJournal.file(poppedUndoEntry), nil)) }
        return files
    }

    /// Removes undo entries beyond the newest `StoreFormat.undoDepth` (best effort: extra old
    /// entries do no harm).
    func pruneUndoJournal() {
        let sequences = UndoJournal.sequenceNumbers(in: paths.undoDirectory)
        for sequence in sequences.dropLast(StoreFormat.undoDepth) {
            try? FileSystem.remove(paths.absolute(UndoJournal.file(sequence)))
        }
    }

    // MARK: Helpers

    private func detach(id: Int, from week: ISOWeek) throws(StoreError) {
        var list = try tasks(in: week)
        list.removeAll { $0.id == id }
        weeks[week] = list
        dirtyWeeks.insert(week)
    }

    private func record(id: Int, before: PlannerTask?, after: PlannerTask?) {
        if let existing = changes[id] {
            changes[id] = (existing.before, after)
        } else {
            changeOrder.append(id)
            changes[id] = (before, after)
        }
    }

    private func shard(_ number: Int) throws(StoreError) -> [ISOWeek?] {
        if let cached = shards[number] { return cached }
        let file = paths.absolute(paths.idShardFile(number))
        var entries: [ISOWeek?] = []
        if let bytes = try FileSystem.read(file) {
            entries = try IDShardDocument.decode(try parse(bytes, file: file), file: file, shard: number)
        }
        shards[number] = entries
        return entries
    }

    private func weekOfTask(id: Int) throws(StoreError) -> ISOWeek? {
        let entries = try shard(id / StoreFormat.idsPerShard)
        let index = id % StoreFormat.idsPerShard
        return index < entries.count ? entries[index] : nil
    }

    private func setWeek(_ week: ISOWeek?, forID id: Int) throws(StoreError) {
        let number = id / StoreFormat.idsPerShard
        var entries = try shard(number)
        let index = id % StoreFormat.idsPerShard
        while entries.count <= index { entries.append(nil) }
        entries[index] = week
        shards[number] = entries
        dirtyShards.insert(number)
    }

    private func parse(_ bytes: [UInt8], file: String) throws(StoreError) -> JSONValue {
        do { return try JSONParser.parse(bytes) } catch { throw .unreadable(file: file, error: error) }
    }

    private func serialise(_ value: JSONValue) throws(StoreError) -> [UInt8] {
        do { return try JSONWriter.bytes(value) } catch {
            throw .invalidContent(
                file: paths.root, location: "(writing)", reason: "a value could not be written as JSON")
        }
    }
}
