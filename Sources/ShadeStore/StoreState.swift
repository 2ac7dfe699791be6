import ShadeCore
import ShadeJSON
import ShadePlatform

/// The store's content as loaded under its lock, and the changes made to it in this step.
///
/// Weeks, id shards and the undo journal are read only when asked for, so a command pays for
/// the weeks it touches, not for the whole history.
public final class StoreState: PlannerRecords {
    let paths: StorePaths
    var weeks: [ISOWeek: [PlannerTask]] = [:]
    /// The uids and id positions of a week's filed tasks, for the weeks read while a cache is kept
    /// (kept as this step files tasks; dropped when one leaves): a task filed is checked against
    /// them, and a task found by its id, without a scan of its week.
    var filedKeys: [ISOWeek: WeekKeys] = [:]
    /// The texts of the weeks read from their files (a few: `WeekSource.kept`), to write back the
    /// tasks a step leaves as they were.
    var weekSources: [ISOWeek: WeekSource] = [:]
    var dirtyWeeks: Set<ISOWeek> = []
    var shards: [Int: [ISOWeek?]] = [:]
    /// The texts of the id shards read from their files in a step with no cache (`IDShardText`).
    var shardTexts: [Int: IDShardText] = [:]
    var dirtyShards: Set<Int> = []
    /// Weeks whose id index must be written: a task came or went, or an id was handed out.
    var dirtyIndexes: Set<ISOWeek> = []
    /// Weeks read from a file of an earlier format, which held the ids: when such a week is
    /// written, its id index is written with it.
    var unindexedWeeks: Set<ISOWeek> = []
    /// The weeks whose tasks were given ids in this step, in the order they were numbered (saving
    /// the numbers again in that order hands out the same ids).
    var numberedWeeks: [ISOWeek] = []
    var nextID: Int?
    /// Every record changed in this step, first state and last, in the order first touched.
    var changeOrder: [String] = []
    var changes: [String: (before: PlannerRecord?, after: PlannerRecord?)] = [:]
    /// Changes of this step closed already, each an entry of the change log of its own (a batch).
    var closedChanges: [Change] = []
    var poppedUndoEntry: Int?
    /// The tasks removed from each week read so far, by uid, with when and by whom: the week
    /// file's tombstones, which let a merge tell a removal from a change (`RecordMerge`).
    var removedTasks: [ISOWeek: [String: FieldStamp]] = [:]
    /// The records removed from each keyed kind's collection read so far, by key.
    var removedRecords: [RecordKind: [String: FieldStamp]] = [:]
    /// The stamp a removal in this step leaves: this change's moment and author.
    var removalStamp = FieldStamp(at: "", by: "")
    /// The records of each keyed kind read so far (categories, …), in key order.
    var collections: [RecordKind: [AnyKeyedRecord]] = [:]
    /// The keyed kinds whose collection changed in this step.
    var dirtyCollections: Set<RecordKind> = []
    var summaries: [Int: [ISOWeek: SummaryDocument.Entry]] = [:]
    /// The repeat summary as read or counted in this step, if it was needed.
    var repeatSummary: RepeatSummaryDocument.Content?
    /// Each week's id index (uid → id) as read, with the ids handed out since.
    var weekIDs: [ISOWeek: [String: Int]] = [:]
    /// The occurrences the repeat series show in each week, numbered (computed on first use;
    /// cleared when a series changes).
    var occurrences: [ISOWeek: [PlannerTask]] = [:]

    /// This copy's goal numbers by uid, once read; whether a goal was numbered in this step.
    var goalIDs: [String: Int]?
    var goalIndexChanged = false
    /// This copy's inbox numbers by uid, once read; whether an inbox task was numbered in this step.
    var inboxIDs: [String: Int]?
    var inboxIndexChanged = false

    let cache: WeekCache?
    /// For a large change (an import): the files of the weeks this step let go of, staged
    /// durably, and its change-log entry written so far (`StoreState+Release`).
    var released: ReleasedFiles?
    /// Whether a task a week's id index does not know (one that came from another copy) is given
    /// the next id (else it keeps id 0: `restore` reads weeks so, to rebuild the shards).
    var numbersArrivals = true
    /// Whether a week this step changes stays in the cache as its file holds it (the step then
    /// changes a copy): for a change acknowledged by the redo log, whose files are written after
    /// the answer from the weeks as their files hold them, without reading those files again.
    var keepsCachedWeeks = false
    /// Whether a week this step changes may be read one day alone (`readDayAlone`): a one-shot
    /// change, which holds no cache. The weeks so read, until read whole (`completeWeek`).
    var readsDaysAlone = false
    var partialWeeks: [ISOWeek: PartialWeek] = [:]
    /// The days of each week whose text its index certifies, as read (`WeekIndexDocument`), and
    /// those this step's writes certify (written into the index with the week).
    var checkedDays: [ISOWeek: [CivilDate: UInt64]] = [:]
    var certifiedDays: [ISOWeek: [CivilDate: UInt64]] = [:]
    /// The certificate of each week file, as its index holds it, and as this step's writes make it.
    var weekCertificates: [ISOWeek: WeekCertificate] = [:]
    var writtenCertificates: [ISOWeek: WeekCertificate] = [:]
    /// The text of each week's id index as read, with the ids it holds, for them to be written
    /// back as that text when a change leaves them so (`indexFile`).
    var weekIndexTexts: [ISOWeek: WeekIndexText] = [:]

    init(paths: StorePaths, cache: WeekCache? = nil) {
        self.paths = paths
        self.cache = cache
    }

    /// The tasks of one week: those filed in it, in the order they were filed, then the
    /// occurrences its repeat series show (each with the id this copy gave it).
    public func tasks(in week: ISOWeek) throws(StoreError) -> [PlannerTask] {
        let (filed, shown) = try parts(of: week)
        return shown.isEmpty ? filed : filed + shown
    }

    /// A week's tasks in their two parts: those filed in it, and the occurrences its repeat series
    /// show besides them (numbered).
    private func parts(of week: ISOWeek) throws(StoreError) -> (filed: [PlannerTask], shown: [PlannerTask]) {
        let filed = try filedTasks(in: week)
        return (filed, try occurrences(in: week, besides: filed))
    }

    /// The tasks filed in one week's file, in the order they were filed.
    func filedTasks(in week: ISOWeek) throws(StoreError) -> [PlannerTask] {
        if partialWeeks[week] != nil { return try completeWeek(week) }
        if let cached = weeks[week] { return cached }
        let file = paths.absolute(paths.weekFile(week))
        // Identify the files before reading them: a file replaced in between is read again next time.
        let identity = cache != nil ? weekIdentity(week) : nil
        if let identity, let cached = cache?.tasks(week, identity: identity) {
            weeks[week] = cached.tasks
            filedKeys[week] = cached.keys
            removedTasks[week] = cached.removed
            if !cached.indexed { unindexedWeeks.insert(week) }
            return cached.tasks
        }
        var tasks: [PlannerTask] = []
        var removed: [String: FieldStamp] = [:]
        var indexed = true
        if let bytes = try FileSystem.read(released?.stagedPath(of: paths.weekFile(week)) ?? file) {
            let content = try decode(bytes, file: file) { value throws(StoreError) in
                try WeekDocument.decode(value, file: file, expected: week)
            }
            tasks = content.tasks
            removed = content.removed
            if content.format >= 3 {
                tasks = try numbered(tasks, in: week)
                if content.format == StoreFormat.version,
                    weekSources.count < WeekSource.kept || weekSources[week] != nil
                {
                    weekSources[week] = WeekSource(bytes: bytes, tasks: tasks)
                }
            } else {
                indexed = false
                unindexedWeeks.insert(week)
                tasks = WeekDocument.distinctUIDs(tasks)
            }
        }
        weeks[week] = tasks
        filedKeys[week] = nil
        removedTasks[week] = removed
        // Ids handed out here and not saved yet are never kept for another command.
        if let identity, !dirtyIndexes.contains(week) {
            let keys = WeekKeys(tasks)
            filedKeys[week] = keys
            cache?.store(week, identity: identity, tasks: tasks, removed: removed, indexed: indexed, keys: keys)
        }
        return tasks
    }

    /// The identity of a week's file and id index as they are now, or nil without a week file.
    func weekIdentity(_ week: ISOWeek) -> WeekCache.WeekIdentity? {
        guard let file = WeekCache.Identity.of(paths.absolute(paths.weekFile(week))) else { return nil }
        return WeekCache.WeekIdentity(
            file: file, index: WeekCache.Identity.of(paths.absolute(paths.weekIndexFile(week))))
    }

    /// The tasks of a week file, numbered by the week's id index. A task the index does not know
    /// (one that came from another copy) gets the next id, written with this step's changes.
    func numbered(_ tasks: [PlannerTask], in week: ISOWeek) throws(StoreError) -> [PlannerTask] {
        var result = tasks
        for index in result.indices { result[index].id = try id(of: result[index].uid, in: week) }
        return result
    }

    /// The id this copy gives a uid of a week: the one its id index holds, else (a task from
    /// another copy, an occurrence shown for the first time) the next id, saved with this step.
    private func id(of uid: String, in week: ISOWeek) throws(StoreError) -> Int {
        _ = try weekIndex(week)
        if let id = weekIDs[week]?[uid] { return id }
        guard numbersArrivals else { return 0 }
        // A task planned on another copy keeps the id this copy's inbox gave it.
        // (An occurrence, whose uid names its series and day, was never in the inbox.)
        var id = RepeatSeries.occurrence(of: uid) != nil ? 0 : try inboxID(of: uid) ?? 0
        if id == 0 { id = try allocateID() }
        weekIDs[week]?[uid] = id
        try setWeek(week, forID: id)
        dirtyIndexes.insert(week)
        if numberedWeeks.last != week { numberedWeeks.append(week) }
        return id
    }

    /// A week's id index (uid → id), as read and numbered in this step.
    func weekIndex(_ week: ISOWeek) throws(StoreError) -> [String: Int] {
        if let ids = weekIDs[week] { return ids }
        let file = paths.absolute(paths.weekIndexFile(week))
        var ids: [String: Int] = [:]
        if let bytes = try FileSystem.read(released?.stagedPath(of: paths.weekIndexFile(week)) ?? file) {
            var (checked, certificate): ([CivilDate: UInt64], WeekCertificate?) = ([:], nil)
            let text = WeekIndexText(bytes: bytes) { rest in
                (try? decode(rest, file: file) { value throws(StoreError) -> Void in
                    _ = try WeekIndexDocument.decode(value, file: file, expected: week)
                    checked = WeekIndexDocument.checked(value, expected: week)
                    certificate = WeekIndexDocument.certificate(value, expected: week)
                }) != nil
            }
            if let text {
                ids = text.ids
                if readsDaysAlone { weekIndexTexts[week] = text }
            } else {
                ids = try decode(bytes, file: file) { value throws(StoreError) in
                    let ids = try WeekIndexDocument.decode(value, file: file, expected: week)
                    checked = WeekIndexDocument.checked(value, expected: week)
                    certificate = WeekIndexDocument.certificate(value, expected: week)
                    return ids
                }
            }
            // (Kept once the index reads: what a damaged one says certifies nothing.)
            (checkedDays[week], weekCertificates[week]) = (checked, certificate)
        }
        weekIDs[week] = ids
        return ids
    }

    /// The repeat series, by uid order.
    public func repeatSeries() throws(StoreError) -> [RepeatSeries] {
        try keyedRecords(of: RepeatSeries.kind).compactMap { $0.base as? RepeatSeries }
    }

    /// The occurrences the repeat series show in a week (none on a day a task of the week file
    /// stands for), numbered.
    func occurrences(in week: ISOWeek, besides filed: [PlannerTask]) throws(StoreError) -> [PlannerTask] {
        if let cached = occurrences[week] { return cached }
        var result: [PlannerTask] = []
        let series = try repeatSeries()
        if !series.isEmpty {
            let keys = filedKeys[week] ?? WeekKeys(filed)
            for one in series {
                for var task in one.occurrences(from: week.monday, through: week.days[6])
                where !keys.contains(uid: task.uid) {
                    task.id = try id(of: task.uid, in: week)
                    // An id an undo took out of the index's shard (the occurrence was a record of
                    // its own, then removed) is put back: the series shows it again.
                    if task.id > 0, try weekOfTask(id: task.id) != week { try setWeek(week, forID: task.id) }
                    result.append(task)
                }
            }
        }
        occurrences[week] = result
        return result
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
        let filed = try filedTasks(in: week, holding: id)
        let shown = try occurrences(in: week, besides: filed)
        if let index = filedIndex(of: id, in: week, filed) { return filed[index] }
        return Self.task(id: id, in: shown)
    }

    /// Where the task with an id lies among a week's filed tasks (`filed`): from the week's keys
    /// when this step keeps them (a position that does not hold the id is never trusted), else by
    /// a scan.
    func filedIndex(of id: Int, in week: ISOWeek, _ filed: [PlannerTask]) -> Int? {
        guard let keys = filedKeys[week] else { return Self.index(of: id, in: filed) }
        guard let index = keys.position(of: id) else { return nil }
        return filed.indices.contains(index) && filed[index].id == id ? index : Self.index(of: id, in: filed)
    }

    /// The task with an id in a list, looked for by index (each task is compared where it lies,
    /// not copied out as a `first(where:)` would).
    static func task(id: Int, in tasks: [PlannerTask]) -> PlannerTask? {
        index(of: id, in: tasks).map { tasks[$0] }
    }

    static func index(of id: Int, in tasks: [PlannerTask]) -> Int? {
        for index in tasks.indices where tasks[index].id == id { return index }
        return nil
    }

    /// Reads a week about to be changed in this step (its filed tasks and the occurrences its
    /// series show, numbered), and makes this step's copy of its tasks the only one, so that the
    /// change is made in place rather than on a copy of the whole week (unless the cache is to
    /// keep the week as its file holds it: `keepsCachedWeeks`). A change to `day` of a week this
    /// step read that day alone of leaves the others unread (`readDayAlone`).
    func loadForChange(_ week: ISOWeek, day: CivilDate? = nil) throws(StoreError) {
        if let day, partialWeeks[week]?.text.day == day {
            _ = try occurrences(in: week, besides: weeks[week] ?? [])
        } else {
            _ = try parts(of: week)
        }
        if !keepsCachedWeeks { cache?.forget(week) }
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
        // Changes of this step not written yet (a batch's, a session's acknowledged by the redo
        // log) come after, numbered as they will be.
        let last = numbers.last ?? 0
        for (offset, change) in closedChanges.enumerated() { entries.append((last + offset + 1, change)) }
        return Array(entries.suffix(limit ?? entries.count))
    }

    func undoEntry(_ sequence: Int) throws(StoreError) -> Change {
        let file = paths.absolute(paths.changeLogFile(sequence))
        guard let bytes = try FileSystem.read(file, limit: UndoJournal.maximumEntrySize) else {
            throw .io(operation: "read", path: file, errno: 2)
        }
        return try decode(bytes, file: file) { value throws(StoreError) in try UndoJournal.decode(value, file: file) }
    }

    /// The records of a keyed kind, in key order.
    public func keyedRecords(of kind: RecordKind) throws(StoreError) -> [AnyKeyedRecord] {
        if let loaded = collections[kind] { return loaded }
        var result: [AnyKeyedRecord] = []
        let document = StoreFileKind.collection(kind)
        let file = paths.absolute(document.relativePath)
        var removed: [String: FieldStamp] = [:]
        // A session that caches reads a collection again only when its file was replaced (every
        // change of a week consults the repeat series, and parsing them took a REPL `add` on the
        // demo store about a tenth of its time); no file, as its status says, holds none.
        var identity: WeekCache.Identity?
        if let cache {
            identity = WeekCache.Identity.of(file)
            if identity == nil, errno == ENOENT {
                (collections[kind], removedRecords[kind]) = ([], [:])
                return []
            }
            if let identity, let cached = cache.collection(kind, identity: identity) {
                (collections[kind], removedRecords[kind]) = (cached.records, cached.removed)
                return cached.records
            }
        }
        if let bytes = try FileSystem.read(file), case .collection(let content) = try document.decode(bytes, file: file)
        {
            result = content.records
            removed = content.removed
        }
        collections[kind] = result
        removedRecords[kind] = removed
        if let identity { cache?.store(collection: kind, identity: identity, records: result, removed: removed) }
        return result
    }

    /// Parses a store file and decodes it; a problem in what it holds is placed by line and column.
    func decode<T>(
        _ bytes: [UInt8], file: String, _ body: (JSONNode) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        try StoreError.placing(in: bytes) { () throws(StoreError) -> T in
            let document: JSONDocument
            do throws(JSONError) { document = try JSONDocument(parsing: bytes) } catch {
                throw .unreadable(file: file, error: error)
            }
            return try body(document.value)
        }
    }

    func serialise(_ value: JSONValue, layout: JSONWriter.Layout = .pretty) throws(StoreError) -> [UInt8] {
        try StoreText.bytes(value, layout: layout, file: paths.root)
    }
}
