import ShadeCore
import ShadeJSON
import ShadePlatform

/// A problem `shade check` found, with its place.
public struct StoreProblem: Sendable, Equatable {
    /// The file, absolute.
    public let file: String
    /// The line and column in it, when there is one.
    public let line: Int?
    public let column: Int?
    /// What is wrong.
    public let message: String

    /// A problem of `file` (absolute), at a line and column when there is one.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}

/// What `shade check` found: every file read, every task counted, every problem with its place.
public struct StoreReport: Sendable {
    public var files = 0
    public var tasks = 0
    public var problems: [StoreProblem] = []
    /// Things that are not wrong but worth knowing (a change waiting to be finished, a stale cache).
    public var notes: [String] = []
    /// How many sets of saved copies `shade restore` can bring back.
    public var backupSets = 0
}

/// Reads every file of a store and checks what one file cannot show alone: each id used once,
/// the id index and the weeks agreeing, every category a task names listed.
struct StoreCheck {
    let paths: StorePaths

    func run() throws(StoreError) -> StoreReport {
        var report = StoreReport()
        var weeks: [ISOWeek: [PlannerTask]] = [:]
        var shards: [Int: [ISOWeek?]] = [:]
        // The categories the tasks' categories are checked against: none without categories.json,
        // nil when it is there but could not be read (its own problem says why), rather than each
        // task's category reported missing.
        var categories: [Category]? = []
        var placeOfID: [Int: (file: String, week: ISOWeek)] = [:]
        // The id indexes of weeks (read before the weeks: `ids/` sorts before `weeks/`).
        var weekIndexes: [ISOWeek: [String: Int]] = [:]
        // Weeks whose file could not be read: the index's entries for them cannot be checked.
        var unreadableWeeks: Set<ISOWeek> = []
        // The repeat series (`series.json` sorts before `weeks/`), by uid.
        var series: [String: RepeatSeries] = [:]
        // Ids kept for occurrences no series shows any more (never handed out again).
        var staleOccurrences = 0
        // Whether a uid is an occurrence a series shows (numbered in its week's index, in no file).
        func isShownOccurrence(_ uid: String) -> Bool {
            guard let occurrence = RepeatSeries.occurrence(of: uid), let one = series[occurrence.series] else {
                return false
            }
            return one.shows(occurrence.date)
        }

        for relative in try storeFiles() {
            let file = paths.absolute(relative)
            guard let kind = StoreFileKind(relativePath: relative) else {
                if let status = FileStamp.status(of: file), status.st_mode & S_IFMT == S_IFLNK {
                    let refused: StoreError =
                        relative.hasSuffix(".json")
                        ? .notRegularFile(path: file, found: "a symlink") : .notFolder(path: file, found: "a symlink")
                    report.problems.append(problem(refused, bytes: []))
                } else {
                    report.notes.append("\(file): not a shade file (ignored)")
                }
                continue
            }
            let read: [UInt8]?
            do throws(StoreError) {
                // A change-log entry may be as large as a large import's (read back up to its own limit).
                if case .undo = kind {
                    read = try FileSystem.read(file, limit: UndoJournal.maximumEntrySize)
                } else {
                    read = try FileSystem.read(file)
                }
            } catch {
                // A link or a FIFO where a file belongs is a problem of its own; nothing is read
                // through it.
                guard case .notRegularFile = error else { throw error }
                if case .week(let week) = kind { unreadableWeeks.insert(week) }
                if case .collection(Category.kind) = kind { categories = nil }
                report.problems.append(problem(error, bytes: []))
                continue
            }
            guard let bytes = read else { continue }
            report.files += 1
            let content: StoreFileKind.Content
            do { content = try kind.decode(bytes, file: file) } catch {
                if case .week(let week) = kind { unreadableWeeks.insert(week) }
                if case .collection(Category.kind) = kind { categories = nil }
                if kind.scope == .cache {
                    report.notes.append("\(file): a damaged summary cache; it is rebuilt when next read")
                } else {
                    report.problems.append(problem(error, bytes: bytes))
                }
                continue
            }
            switch content {
            case .week(let content):
                guard case .week(let week) = kind else { break }
                var tasks = content.tasks
                if content.format >= 3 {
                    let ids = weekIndexes[week] ?? [:]
                    for index in tasks.indices { tasks[index].id = ids[tasks[index].uid] ?? 0 }
                    let unnumbered = tasks.filter { $0.id == 0 }
                    if !unnumbered.isEmpty {
                        report.notes.append(
                            "\(file): \(unnumbered.count) task(s) have no id in \(paths.weekIndexFile(week)) yet (come from another copy); the next command that reads the week numbers them"
                        )
                    }
                    let uids = Set(tasks.map(\.uid))
                    for uid in ids.keys.sorted() where !uids.contains(uid) {
                        // An occurrence's id: shown by its series, or kept from when it was.
                        if RepeatSeries.occurrence(of: uid) != nil, let id = ids[uid] {
                            placeOfID[id] = (paths.absolute(paths.weekIndexFile(week)), week)
                            if !isShownOccurrence(uid) { staleOccurrences += 1 }
                            continue
                        }
                        report.problems.append(
                            StoreProblem(
                                file: paths.absolute(paths.weekIndexFile(week)), line: nil, column: nil,
                                message:
                                    "the id index gives id \(ids[uid] ?? 0) to uid \(uid), which \(week) does not hold")
                        )
                    }
                }
                weeks[week] = tasks
                report.tasks += tasks.count
                for task in tasks where task.id > 0 {
                    if let other = placeOfID[task.id] {
                        report.problems.append(
                            place(
                                file, bytes, task,
                                "id \(task.id) is used twice: here and in \(other.file)"))
                    } else {
                        placeOfID[task.id] = (file, week)
                    }
                }
            case .idShard(let entries):
                if case .idShard(let shard) = kind { shards[shard] = entries }
            case .collection(let content):
                let list = content.records
                let found = list.compactMap { $0.base as? Category }
                if case .collection(Category.kind) = kind { categories = found }
                for one in list.compactMap({ $0.base as? RepeatSeries }) { series[one.uid] = one }
                for category in found {
                    if let found = TextEscaping.firstUnsafe(in: category.name) {
                        report.problems.append(
                            StoreProblem(
                                file: file, line: nil, column: nil,
                                message: "the category name '\(category.name)' holds \(StoreCheck.describe(found))"))
                    }
                }
            case .weekIndex(let ids):
                if case .weekIndex(let week) = kind { weekIndexes[week] = ids }
            case .meta, .undo, .summary, .reminderLedger, .repeatSummary, .goalWeeks, .placeSummary, .goalIndex,
                .inboxIndex,
                .conflictLog,
                .syncState, .caldavState:
                break
            }
        }

        // A week only repeat series fill has an id index and no file: its occurrences have ids.
        for (week, ids) in weekIndexes where weeks[week] == nil && !unreadableWeeks.contains(week) {
            for (uid, id) in ids where RepeatSeries.occurrence(of: uid) != nil {
                placeOfID[id] = (paths.absolute(paths.weekIndexFile(week)), week)
                if !isShownOccurrence(uid) { staleOccurrences += 1 }
            }
        }
        if staleOccurrences > 0 {
            report.notes.append(
                "\(staleOccurrences) id(s) were given to occurrences their series no longer shows; they are never handed out again"
            )
        }
        // Ids once given to occurrences no series shows any more (it ended, or changed its rule)
        // point at their week still; they are never handed out again.
        let numbered = Set(weekIndexes.values.flatMap(\.values))
        // The id index and the weeks must agree both ways.
        for (shard, entries) in shards.sorted(by: { $0.key < $1.key }) {
            let file = paths.absolute(paths.idShardFile(shard))
            for (index, week) in entries.enumerated() {
                guard let week, !unreadableWeeks.contains(week) else { continue }
                let id = shard * StoreFormat.idsPerShard + index
                if placeOfID[id] == nil, !numbered.contains(id), weekIndexes[week] != nil {
                    report.notes.append(
                        "\(file): id \(id) points at \(week), where nothing has it now (an occurrence no series shows); it is never handed out again"
                    )
                    continue
                }
                if placeOfID[id]?.week != week {
                    let found = placeOfID[id].map { "it is in \($0.week)" } ?? "no week holds it"
                    report.problems.append(
                        StoreProblem(
                            file: file, line: nil, column: nil,
                            message: "the index puts task \(id) in \(week), but \(found)"))
                }
            }
        }
        for week in weekIndexes.keys.sorted()
        where weeks[week] == nil && !unreadableWeeks.contains(week)
            && !(weekIndexes[week] ?? [:]).keys.allSatisfy({ RepeatSeries.occurrence(of: $0) != nil })
        {
            report.problems.append(
                StoreProblem(
                    file: paths.absolute(paths.weekIndexFile(week)), line: nil, column: nil,
                    message: "an id index for \(week), which has no week file"))
        }
        for (week, tasks) in weeks.sorted(by: { $0.key < $1.key }) {
            let file = paths.absolute(paths.weekFile(week))
            // Read again only when a problem needs placing: keeping every week's bytes from the
            // first pass would hold the whole history in memory.
            var bytes: [UInt8]?
            func place(_ task: PlannerTask, _ message: String, field: String = "uid") -> StoreProblem {
                let read = bytes ?? ((try? FileSystem.read(file)) ?? nil) ?? []
                bytes = read
                return self.place(file, read, task, message, field: field)
            }
            // A task with no id yet (id 0, from another copy) is checked for all but its id.
            for task in tasks where task.id == 0 || placeOfID[task.id]?.file == file {
                let shard = shards[task.id / StoreFormat.idsPerShard] ?? []
                let index = task.id % StoreFormat.idsPerShard
                if task.id > 0, index >= shard.count || shard[index] != week {
                    report.problems.append(place(task, "task \(task.id) is missing from the id index (ids/)"))
                }
                // Text kept exactly as it came (SPEC §13): worth knowing, not wrong — a copy that
                // received it from another must not fail every check until someone edits it.
                for (field, found) in StoreCheck.unsafeText(in: task) {
                    let placed = place(
                        task,
                        "task \(StoreCheck.name(task))'s \(field) holds \(StoreCheck.describe(found)); it is kept as it is and shown escaped",
                        field: field)
                    let position = placed.line.map { line in ":\(line):\(placed.column ?? 1)" } ?? ""
                    report.notes.append(placed.file + position + ": " + placed.message)
                }
                if let category = task.category, let categories, !categories.contains(where: { $0.name == category }) {
                    report.problems.append(
                        place(
                            task,
                            "task \(StoreCheck.name(task)) has category '\(category)', which categories.json does not list"
                        ))
                }
            }
        }

        let setAside = try CommitJournal(paths: paths).setAsideRecords().map { paths.journal + "/" + $0 }
        for record in try setAside + (FileSystem.exists(paths.refusedCommitRecord) ? [paths.refusedCommitRecord] : []) {
            report.problems.append(
                StoreProblem(
                    file: record, line: nil, column: nil,
                    message:
                        "a recovery record set aside and never replayed: it named a path that is no file of the store, or was no regular file; remove it"
                ))
        }
        if try AtomicCommit(paths: paths).hasPendingCommit {
            report.notes.append("a change waits to be finished (journal/); the next command finishes it")
        }
        if let waiting = try RedoLog.Tail.read(paths)?.waiting, !waiting.isEmpty {
            report.notes.append(
                "\(waiting.count) change(s) the REPL answered wait in journal/redo.log; the next command writes their files"
            )
        }
        let staged = try FileSystem.list(paths.staging)
        if !staged.isEmpty {
            report.notes.append("\(staged.count) unfinished file(s) in .staging; the next change removes them")
        }
        report.backupSets = try Backups(paths: paths).sets().count
        return report
    }

    /// Every file under the store that could be a store file, relative, in a stable order.
    private func storeFiles() throws(StoreError) -> [String] { try StoreFiles(paths: paths).all() }

    private func problem(_ error: StoreError, bytes: [UInt8]) -> StoreProblem {
        switch error {
        case .unreadable(let file, let json):
            return StoreProblem(file: file, line: json.line, column: json.column, message: json.reason)
        case .invalidContent(let file, let location, let reason, let place):
            if let place {
                return StoreProblem(
                    file: file, line: place.line, column: place.column, message: "(\(location)) \(reason)")
            }
            return StoreProblem(file: file, line: nil, column: nil, message: "at \(location): \(reason)")
        case .newerFormat(let file, let found, let supported):
            return StoreProblem(
                file: file, line: nil, column: nil,
                message: "format \(found) is newer than this shade reads (\(supported))")
        case .fileTooLarge(let file, let size, let limit):
            return StoreProblem(file: file, line: nil, column: nil, message: "\(size) bytes; the limit is \(limit)")
        case .noSuchBackup:
            return StoreProblem(file: paths.root, line: nil, column: nil, message: error.description)
        case .foreignRecord(let file, let path):
            return StoreProblem(
                file: file, line: nil, column: nil,
                message: "names \(path), which is no file of the store; never replayed")
        case .notRegularFile(let path, let found):
            return StoreProblem(
                file: path, line: nil, column: nil, message: "not a regular file (\(found)); shade reads none but those"
            )
        case .notFolder(let path, let found):
            return StoreProblem(
                file: path, line: nil, column: nil,
                message: "not a folder (\(found)); shade follows no link in its store")
        case .io(_, let path, _), .unfinished(_, let path, _), .locked(let path, _):
            return StoreProblem(
                file: path, line: nil, column: nil, message: error.description.split(separator: "\n")[0].description)
        }
    }

    /// The text fields of a task that hold a character that must not reach a terminal raw
    /// (line breaks are at home in a note), each with the first such character.
    static func unsafeText(in task: PlannerTask) -> [(field: String, found: (scalar: Unicode.Scalar, position: Int))] {
        var result: [(field: String, found: (scalar: Unicode.Scalar, position: Int))] = []
        if let found = TextEscaping.firstUnsafe(in: task.title) { result.append(("title", found)) }
        if let notes = task.notes, let found = TextEscaping.firstUnsafe(in: notes, keepingLineBreaks: true) {
            result.append(("notes", found))
        }
        if let found = task.tags.lazy.compactMap({ TextEscaping.firstUnsafe(in: $0) }).first {
            result.append(("tags", found))
        }
        if let category = task.category, let found = TextEscaping.firstUnsafe(in: category) {
            result.append(("category", found))
        }
        return result
    }

    /// A task as a problem names it: its id, or its uid while it has no id here yet.
    static func name(_ task: PlannerTask) -> String { task.id > 0 ? String(task.id) : task.uid }

    /// `the control character U+001B (shown as \e) at character 4`.
    static func describe(_ found: (scalar: Unicode.Scalar, position: Int)) -> String {
        let kind =
            TextEscaping.isBidiControl(found.scalar)
            ? "the bidi control" : found.scalar.value >= 0x2028 ? "the line separator" : "the control character"
        return
            "\(kind) \(TextEscaping.codePoint(found.scalar)) (shown as \(TextEscaping.shown(found.scalar))) at character \(found.position)"
    }

    private func place(_ file: String, _ bytes: [UInt8], _ task: PlannerTask, _ message: String, field: String = "uid")
        -> StoreProblem
    {
        let slots =
            (try? JSONParser.parse(bytes))?.objectValue?["days"]?.objectValue?[task.date.description]?
            .objectValue?[task.slot.rawValue]?.arrayValue ?? []
        let index = slots.firstIndex { $0.objectValue?["uid"]?.stringValue == task.uid }
        let position = index.flatMap {
            JSONLocator.position(of: "days.\(task.date).\(task.slot.rawValue)[\($0)].\(field)", in: bytes)
        }
        return StoreProblem(file: file, line: position?.line, column: position?.column, message: message)
    }
}
