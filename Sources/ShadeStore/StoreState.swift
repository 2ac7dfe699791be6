import ShadeCore
import ShadeJSON

/// The store's content as loaded under its lock, and the changes made to it in this step.
///
/// Weeks, id shards and the undo journal are read only when asked for, so a command pays for
/// the weeks it touches, not for the whole history.
public final class StoreState: PlannerRecords {
    let paths: StorePaths
    private var weeks: [ISOWeek: [PlannerTask]] = [:]
    private var dirtyWeeks: Set<ISOWeek> = []
    private var shards: [Int: [ISOWeek?]] = [:]
    private var dirtyShards: Set<Int> = []
    private var nextID: Int?
    /// Every record changed in this step, first state and last, in the order first touched.
    private var changeOrder: [String] = []
    private var changes: [String: (before: PlannerRecord?, after: PlannerRecord?)] = [:]
    private var poppedUndoEntry: Int?
    private var loadedCategories: [Category]?
    private var categoriesDirty = false
    private var summaries: [Int: [ISOWeek: SummaryDocument.Entry]] = [:]

    let cache: WeekCache?

    init(paths: StorePaths, cache: WeekCache? = nil) {
        self.paths = paths
        self.cache = cache
    }

    // MARK: Reading

    /// The tasks of one week, in the order they were filed.
    public func tasks(in week: ISOWeek) throws(StoreError) -> [PlannerTask] {
        if let cached = weeks[week] { return cached }
        let file = paths.absolute(paths.weekFile(week))
        // Identify the file before reading it: a file replaced in between is read again next time.
        let identity = cache != nil ? WeekCache.Identity.of(file) : nil
        if let identity, let cached = cache?.tasks(week, identity: identity) {
            weeks[week] = cached
            return cached
        }
        var tasks: [PlannerTask] = []
        if let bytes = try FileSystem.read(file) {
            tasks = try decode(bytes, file: file) { value throws(StoreError) in
                try WeekDocument.decode(value, file: file, expected: week)
            }
        }
        weeks[week] = tasks
        if let identity { cache?.store(week, identity: identity, tasks: tasks) }
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
    public func storedWeeks() throws(StoreError) -> [ISOWeek] { try storedWeeks(from: 1, through: 9999) }

    /// The weeks that have a file in the week-years from `first` through `last`, in order.
    public func storedWeeks(from first: Int, through last: Int) throws(StoreError) -> [ISOWeek] {
        var result: [ISOWeek] = []
        for year in try FileSystem.list(paths.weeksDirectory) where year.count == 4 {
            guard let number = Int(year), number >= first, number <= last else { continue }
            for name in try FileSystem.list(paths.weeksDirectory + "/" + year) where name.hasSuffix(".json") {
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
        for week in try storedWeeks() { result += try tasks(in: week) }
        return result
    }

    /// The change log: the recent changes `undo` can take back and `log` lists, oldest first.
    public func undoEntries() throws(StoreError) -> [Change] { try changeLog().map(\.change) }

    /// The newest `limit` changes of the change log (all when nil), each with its number, oldest
    /// first.
    public func changeLog(last limit: Int? = nil) throws(StoreError) -> [(number: Int, change: Change)] {
        let numbers = try UndoJournal.sequenceNumbers(in: paths.undoDirectory)
        var entries: [(number: Int, change: Change)] = []
        for number in numbers.suffix(limit ?? numbers.count) { entries.append((number, try undoEntry(number))) }
        return entries
    }

    private func undoEntry(_ sequence: Int) throws(StoreError) -> Change {
        let file = paths.absolute(UndoJournal.file(sequence))
        guard let bytes = try FileSystem.read(file) else {
            throw .io(operation: "read", path: file, errno: 2)
        }
        return try decode(bytes, file: file) { value throws(StoreError) in try UndoJournal.decode(value, file: file) }
    }

    /// Visits the weekday-by-slot tallies of every week from `first` through `last` that has
    /// tasks, in order, one week-year at a time (so that years of history are never held at once).
    ///
    /// Read from the week-year summaries; a week whose file changed since it was summed up (a hand
    /// edit, a lost summary) is counted from the file itself.
    public func visitWeekCells(
        from first: ISOWeek, through last: ISOWeek, _ visit: (ISOWeek, WeekCells) -> Void
    ) throws(StoreError) {
        guard first <= last else { return }
        var year = -1
        var entries: [ISOWeek: SummaryDocument.Entry] = [:]
        var repaired = false
        for week in try storedWeeks(from: first.year, through: last.year) where week >= first && week <= last {
            guard let stamp = FileStamp.of(paths.absolute(paths.weekFile(week))) else { continue }
            if week.year != year {
                if repaired { repairSummary(year: year, entries: entries) }
                year = week.year
                entries = summaries[year] ?? SummaryDocument.read(paths.absolute(paths.summaryFile(year)), year: year)
                repaired = false
            }
            if let entry = entries[week], entry.stamp == stamp {
                visit(week, entry.cells)
            } else {
                let cells = WeekCells(try tasks(in: week))
                weeks[week] = nil
                entries[week] = SummaryDocument.Entry(stamp: stamp, cells: cells)
                repaired = true
                visit(week, cells)
            }
        }
        if repaired { repairSummary(year: year, entries: entries) }
    }

    /// One week's weekday-by-slot tallies: from its summary when that matches the file, else
    /// counted from the tasks.
    public func cells(of week: ISOWeek) throws(StoreError) -> WeekCells {
        if weeks[week] == nil, let stamp = FileStamp.of(paths.absolute(paths.weekFile(week))),
            let entry = try summary(week.year)[week], entry.stamp == stamp
        {
            return entry.cells
        }
        return WeekCells(try tasks(in: week))
    }

    /// Writes back a summary whose stale weeks were just summed up from their files, so that the
    /// next reader need not. Safe under the shared lock: no writer runs, and two readers write
    /// equal files, each renamed over the other in one step.
    private func repairSummary(year: Int, entries: [ISOWeek: SummaryDocument.Entry]) {
        guard (try? FileSystem.makeDirectories(paths.staging)) != nil,
            let bytes = try? serialise(SummaryDocument.encode(year: year, entries: entries), layout: .compact)
        else { return }
        AtomicCommit(paths: paths).writeCache([(paths.summaryFile(year), bytes)])
    }

    private func summary(_ year: Int) throws(StoreError) -> [ISOWeek: SummaryDocument.Entry] {
        if let cached = summaries[year] { return cached }
        let entries = SummaryDocument.read(paths.absolute(paths.summaryFile(year)), year: year)
        summaries[year] = entries
        return entries
    }

    /// The categories, in name order.
    public func categories() throws(StoreError) -> [Category] {
        if let loadedCategories { return loadedCategories }
        var result: [Category] = []
        if let bytes = try FileSystem.read(paths.categories) {
            result = try decode(bytes, file: paths.categories) { value throws(StoreError) in
                try CategoriesDocument.decode(value, file: paths.categories)
            }
        }
        loadedCategories = result
        return result
    }

    // MARK: Changing

    /// Replaces the categories (saved with this step, each one added, changed or removed recorded
    /// for the change log).
    public func setCategories(_ categories: [Category]) throws(StoreError) {
        let old = try self.categories()
        let new = categories.sorted { $0.name < $1.name }
        for category in old where !new.contains(where: { $0.name == category.name }) {
            record("category:" + category.name, before: .category(category), after: nil)
        }
        for category in new where !old.contains(category) {
            let previous = old.first { $0.name == category.name }
            record(
                "category:" + category.name, before: previous.map(PlannerRecord.category), after: .category(category))
        }
        loadedCategories = new
        categoriesDirty = true
    }

    /// Every task filed under a category (the whole history is read).
    public func tasks(inCategory name: String) throws(StoreError) -> [PlannerTask] {
        var result: [PlannerTask] = []
        for week in try storedWeeks() { result += try tasks(in: week).filter { $0.category == name } }
        return result
    }

    /// Applies record changes a core operation made (or their inverse, for undo): each task
    /// filed, refiled or removed, each category added, changed or removed.
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
            case (_, .category(let category)?):
                var list = try categories().filter { $0.name != category.name }
                if case .category(let old)? = change.before { list.removeAll { $0.name == old.name } }
                list.append(category)
                try setCategories(list)
            case (.category(let category)?, nil):
                try setCategories(try categories().filter { $0.name != category.name })
            case (nil, nil):
                break
            }
        }
    }

    /// Makes sure a category exists, giving a new one the next colour of the palette.
    public func ensureCategory(_ name: String) throws(StoreError) {
        var list = try categories()
        guard !list.contains(where: { $0.name == name }) else { return }
        list.append(Category(name: name, color: Category.nextColor(after: list)))
        try setCategories(list)
    }

    /// Hands out the next id; ids are never reused, not even after a removal.
    public func allocateID() throws(StoreError) -> Int {
        if nextID == nil {
            let numbers = try FileSystem.list(paths.idsDirectory).compactMap { name -> Int? in
                name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil
            }
            if let last = numbers.max() {
                let entries = try shard(last)
                nextID = last * StoreFormat.idsPerShard + max(entries.count, last == 0 ? 1 : 0)
            } else {
                nextID = 1
            }
        }
        let id = nextID ?? 1
        nextID = id + 1
        return id
    }

    /// Files a new task.
    public func insert(_ task: PlannerTask) throws(StoreError) {
        if try self.task(id: task.id) != nil {
            throw .invalidContent(
                file: paths.absolute(paths.idShardFile(task.id / StoreFormat.idsPerShard)), location: "weeks",
                reason: "id \(task.id) is handed out but already in use; the id index does not match the weeks")
        }
        try file(task)
        try setWeek(task.week, forID: task.id)
        record("task:\(task.id)", before: nil, after: .task(task))
    }

    /// Replaces a task by its id, moving it between weeks when its date changed.
    public func update(_ task: PlannerTask) throws(StoreError) {
        guard let before = try self.task(id: task.id) else { throw missing(task.id) }
        if before.week == task.week, before.date == task.date, before.slot == task.slot {
            guard let index = try tasks(in: task.week).firstIndex(where: { $0.id == task.id }) else {
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
        try detach(id: id, from: before.week)
        try setWeek(nil, forID: id)
        record("task:\(id)", before: .task(before), after: nil)
    }

    /// Whether anything changed in this step.
    public var hasChanges: Bool { !changeOrder.isEmpty || poppedUndoEntry != nil || categoriesDirty }

    // MARK: Commit

    /// Takes the newest entry off the change log (its changes are reverted by the caller).
    func popUndoEntry() throws(StoreError) -> Change? {
        guard let newest = try UndoJournal.sequenceNumbers(in: paths.undoDirectory).last else { return nil }
        let entry = try undoEntry(newest)
        poppedUndoEntry = newest
        return entry
    }

    /// The files to write (bytes) and remove (nil) for this step: changed weeks and id shards,
    /// the store file when new, and the undo entry recorded (under `label`) or taken back.
    func pendingFiles(label: String?, timestamp: String, author: String, createMeta: Bool) throws(StoreError) -> [(
        relativePath: String, bytes: [UInt8]?
    )] {
        var files: [(relativePath: String, bytes: [UInt8]?)] = []
        if createMeta { files.append(("shade.json", try serialise(MetaDocument.encode()))) }
        for week in dirtyWeeks.sorted() {
            let tasks = weeks[week] ?? []
            files.append((paths.weekFile(week), try serialise(WeekDocument.encode(week: week, tasks: tasks))))
        }
        for shard in dirtyShards.sorted() {
            let entries = shards[shard] ?? []
            files.append(
                (paths.idShardFile(shard), try serialise(IDShardDocument.encode(shard: shard, weeks: entries))))
        }
        if let label, !recordChanges.isEmpty {
            let entry = Change(label: label, at: timestamp, by: author, records: recordChanges)
            let next = (try UndoJournal.sequenceNumbers(in: paths.undoDirectory).last ?? 0) + 1
            files.append((UndoJournal.file(next), try serialise(UndoJournal.encode(entry))))
        }
        if let poppedUndoEntry { files.append((UndoJournal.file(poppedUndoEntry), nil)) }
        if categoriesDirty, let loadedCategories {
            files.append(("categories.json", try serialise(CategoriesDocument.encode(loadedCategories))))
        }
        return files
    }

    /// Offers the weeks written in this step to the cache, as their files now are.
    func cacheWrittenWeeks() {
        guard let cache else { return }
        for week in dirtyWeeks {
            if let identity = WeekCache.Identity.of(paths.absolute(paths.weekFile(week))), let tasks = weeks[week] {
                cache.store(week, identity: identity, tasks: tasks)
            }
        }
    }

    /// The week of each week file written in this step, by its absolute path.
    var dirtyWeekFiles: [String: ISOWeek] {
        Dictionary(uniqueKeysWithValues: dirtyWeeks.map { (paths.absolute(paths.weekFile($0)), $0) })
    }

    /// The summary files of the week-years whose weeks were written in this step, each written
    /// week summed up with the stamp its file now has.
    func summaryFiles(stamps: [ISOWeek: FileStamp]) throws(StoreError) -> [(relativePath: String, bytes: [UInt8]?)] {
        var years: Set<Int> = []
        for week in dirtyWeeks {
            var entries = try summary(week.year)
            if let stamp = stamps[week] {
                entries[week] = SummaryDocument.Entry(stamp: stamp, cells: WeekCells(weeks[week] ?? []))
            } else {
                entries[week] = nil
            }
            summaries[week.year] = entries
            years.insert(week.year)
        }
        return try years.sorted().map { year throws(StoreError) in
            (
                paths.summaryFile(year),
                try serialise(SummaryDocument.encode(year: year, entries: summaries[year] ?? [:]), layout: .compact)
            )
        }
    }

    /// Removes undo entries beyond the newest `StoreFormat.undoDepth` (best effort: extra old
    /// entries do no harm).
    func pruneUndoJournal() {
        guard let sequences = try? UndoJournal.sequenceNumbers(in: paths.undoDirectory) else { return }
        for sequence in sequences.dropLast(StoreFormat.undoDepth) {
            try? FileSystem.remove(paths.absolute(UndoJournal.file(sequence)))
        }
    }

    // MARK: Helpers

    private func missing(_ id: Int) -> StoreError {
        .invalidContent(
            file: paths.absolute(paths.idShardFile(id / StoreFormat.idsPerShard)), location: "weeks",
            reason: "task \(id) is not where the id index says it is")
    }

    /// Appends a task to its week (loaded first), in place.
    private func file(_ task: PlannerTask) throws(StoreError) {
        _ = try tasks(in: task.week)
        weeks[task.week, default: []].append(task)
        dirtyWeeks.insert(task.week)
    }

    private func detach(id: Int, from week: ISOWeek) throws(StoreError) {
        _ = try tasks(in: week)
        weeks[week, default: []].removeAll { $0.id == id }
        dirtyWeeks.insert(week)
    }

    private func record(_ key: String, before: PlannerRecord?, after: PlannerRecord?) {
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

    private func shard(_ number: Int) throws(StoreError) -> [ISOWeek?] {
        if let cached = shards[number] { return cached }
        let file = paths.absolute(paths.idShardFile(number))
        var entries: [ISOWeek?] = []
        if let bytes = try FileSystem.read(file) {
            entries = try decode(bytes, file: file) { value throws(StoreError) in
                try IDShardDocument.decode(value, file: file, shard: number)
            }
        }
        shards[number] = entries
        return entries
    }

    /// The entries of one id shard as its file holds them.
    func shardEntries(_ number: Int) throws(StoreError) -> [ISOWeek?] { try shard(number) }

    private func weekOfTask(id: Int) throws(StoreError) -> ISOWeek? {
        let entries = try shard(id / StoreFormat.idsPerShard)
        let index = id % StoreFormat.idsPerShard
        return index < entries.count ? entries[index] : nil
    }

    private func setWeek(_ week: ISOWeek?, forID id: Int) throws(StoreError) {
        let number = id / StoreFormat.idsPerShard
        let index = id % StoreFormat.idsPerShard
        let count = try shard(number).count
        if count <= index {
            shards[number, default: []].append(contentsOf: repeatElement(nil, count: index + 1 - count))
        }
        shards[number, default: []][index] = week
        dirtyShards.insert(number)
    }

    /// Parses a store file and decodes it; a problem in what it holds is placed by line and column.
    private func decode<T>(
        _ bytes: [UInt8], file: String, _ body: (JSONValue) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try StoreError.placing(in: bytes) { () throws(StoreError) -> T in
            let value: JSONValue
            do throws(JSONError) { value = try JSONParser.parse(bytes) } catch {
                throw .unreadable(file: file, error: error)
            }
            return try body(value)
        }
    }

    private func serialise(_ value: JSONValue, layout: JSONWriter.Layout = .pretty) throws(StoreError) -> [UInt8] {
        do { return try JSONWriter.bytes(value, layout: layout) } catch {
            throw .invalidContent(
                file: paths.root, location: "(writing)", reason: "a value could not be written as JSON")
        }
    }
}
