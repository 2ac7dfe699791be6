import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A store in a fresh temporary directory, removed when the test ends.
final class TemporaryStore {
    let directory: String
    let store: Store

    init() {
        directory = NSTemporaryDirectory() + "shade-store-test-" + UUID().uuidString
        store = Store(directory: directory)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: directory + "/" + relative).map { Array($0) }
    }

    func write(_ relative: String, _ text: String) {
        _ = FileManager.default.createFile(atPath: directory + "/" + relative, contents: Data(text.utf8))
    }
}

let now = Moment.fixture("2026-11-23T09:30", utcOffsetSeconds: 3600)

func draft(_ id: Int, _ date: String, _ slot: Slot, _ title: String, time: String? = nil) -> PlannerTask {
    PlannerTask(
        id: id, uid: "uid-\(id)-\(title.hashValue)", title: title, date: CivilDate.fixture(date), slot: slot,
        time: time.flatMap { TimeOfDay(parsing: $0) }, tags: ["t"], created: now.timestamp)
}

@discardableResult
func add(_ store: Store, _ date: String, _ slot: Slot, _ title: String, time: String? = nil) throws -> PlannerTask {
    try store.write(label: "add \(title)", now: now) { state in
        let task = draft(try state.allocateID(), date, slot, title, time: time)
        try state.insert(task)
        return task
    }
}

/// A REPL's store: changes acknowledged by the redo log, files written at each pause.
func replSession(_ directory: String) -> Store {
    Store(directory: directory, cache: WeekCache(), defersFiles: true, author: { "ana" })
}

/// A change that files one task, titled `title`, on 2026-11-24 in the evening.
func addTaskChange(_ title: String) -> (StoreState) throws -> [RecordChange] {
    { state in
        [RecordChange(before: nil, after: .task(draft(try state.allocateID(), "2026-11-24", .evening, title)))]
    }
}

@Suite struct StoreRoundTripTests {
    @Test func aMissingStoreReadsAsEmptyAndIsNotCreated() throws {
        let temp = TemporaryStore()
        let tasks = try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }
        #expect(tasks.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temp.directory))
    }

    @Test func tasksComeBackExactlyAsWritten() throws {
        let temp = TemporaryStore()
        let titles = ["Gym", "読書 📚", "مساء الخير", "quote \" and \\ backslash", "nul \u{0} inside", "👩‍👩‍👧"]
        var written: [PlannerTask] = []
        for (index, title) in titles.enumerated() {
            written.append(
                try add(
                    temp.store, "2026-11-2\(3 + index % 3)", Slot.allCases[index % 3], title,
                    time: index == 0 ? "07:30" : nil))
        }
        let read = try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }
        #expect(Set(read) == Set(written))
        for task in written {
            #expect(try temp.store.read { try $0.task(id: task.id) } == task)
        }
    }

    @Test func theStoreIsPrivateToTheUser() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        var info = stat()
        stat(temp.directory, &info)
        #expect(info.st_mode & 0o777 == 0o700)
        stat(temp.directory + "/weeks/2026/2026-W48.json", &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func aSaveWithTheSameContentIsByteForByteTheSame() throws {
        let temp = TemporaryStore()
        let task = try add(temp.store, "2026-11-23", .morning, "Gym")
        let before = temp.bytes("weeks/2026/2026-W48.json")
        try temp.store.write(label: "touch", now: now) { state in try state.update(task) }
        #expect(temp.bytes("weeks/2026/2026-W48.json") == before)
    }

    @Test func tasksAreFiledByWeekDayAndSlot() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-12-31", .evening, "New year's eve")
        try add(temp.store, "2027-01-04", .morning, "Back to work")
        #expect(temp.bytes("weeks/2026/2026-W53.json") != nil)
        #expect(temp.bytes("weeks/2027/2027-W01.json") != nil)
        let week = try JSONParser.parse(temp.bytes("weeks/2026/2026-W53.json")!)
        #expect(
            week.objectValue?["days"]?.objectValue?["2026-12-31"]?.objectValue?.keys == [
                "morning", "afternoon", "evening",
            ])
        #expect(try temp.store.read { try $0.storedWeeks() }.map(\.description) == ["2026-W53", "2027-W01"])
    }

    @Test func movingATaskAcrossWeeksKeepsItsID() throws {
        let temp = TemporaryStore()
        var task = try add(temp.store, "2026-12-31", .evening, "Party")
        task.date = CivilDate.fixture("2027-01-05")
        try temp.store.write(label: "mv", now: now) { state in try state.update(task) }
        #expect(try temp.store.read { try $0.task(id: task.id) }?.date.description == "2027-01-05")
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W53")!) }.isEmpty)
    }

    @Test func idsAreNeverReusedEvenAfterRemoval() throws {
        let temp = TemporaryStore()
        let first = try add(temp.store, "2026-11-23", .morning, "a")
        let second = try add(temp.store, "2026-11-23", .morning, "b")
        try temp.store.write(label: "rm", now: now) { state in try state.remove(id: second.id) }
        let third = try add(temp.store, "2026-11-23", .morning, "c")
        #expect([first.id, second.id, third.id] == [Int]([1, 2, 3]))
        #expect(try temp.store.read { try $0.task(id: 2) } == nil)
    }

    @Test func idsRollOverIntoTheNextShard() throws {
        let temp = TemporaryStore()
        let ids = try temp.store.write(label: "bulk", now: now) { state in
            try (0..<1_100).map { index in
                let task = draft(try state.allocateID(), "2026-11-23", .morning, "task \(index)")
                try state.insert(task)
                return task.id
            }
        }
        #expect(ids == Array(1...1_100))
        #expect(temp.bytes("ids/0000.json") != nil && temp.bytes("ids/0001.json") != nil)
        #expect(try temp.store.read { try $0.task(id: 1_050) }?.title == "task 1049")
        #expect(try add(temp.store, "2026-11-24", .evening, "next").id == 1_101)
    }
}

@Suite struct UndoTests {
    @Test func undoTakesBackAnAddARemovalAndAMoveInReverseOrder() throws {
        let temp = TemporaryStore()
        let task = try add(temp.store, "2026-11-23", .morning, "Gym")
        var moved = task
        moved.date = CivilDate.fixture("2026-12-01")
        try temp.store.write(label: "mv", now: now) { state in try state.update(moved) }
        try temp.store.write(label: "rm", now: now) { state in try state.remove(id: task.id) }

        #expect(try temp.store.undo(now: now)?.label == "rm")
        #expect(try temp.store.read { try $0.task(id: task.id) } == moved)
        #expect(try temp.store.undo(now: now)?.label == "mv")
        #expect(try temp.store.read { try $0.task(id: task.id) } == task)
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W49")!) }.isEmpty)
        #expect(try temp.store.undo(now: now)?.label == "add Gym")
        #expect(try temp.store.read { try $0.task(id: task.id) } == nil)
        #expect(try temp.store.undo(now: now) == nil)
    }

    @Test func theJournalKeepsTheLastFiftyChanges() throws {
        let temp = TemporaryStore()
        for index in 0..<55 { try add(temp.store, "2026-11-23", .morning, "t\(index)") }
        let entries = try temp.store.read { try $0.undoEntries() }
        #expect(entries.count == 50)
        #expect(entries.first?.label == "add t5")
    }
}

@Suite struct StoreSafetyTests {
    @Test func aDamagedWeekFileIsReportedWithLineAndColumnAndLeftUntouched() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let path = "weeks/2026/2026-W48.json"
        let original = temp.bytes(path)!
        let truncated = Array(original.prefix(original.count / 2))
        _ = FileManager.default.createFile(atPath: temp.directory + "/" + path, contents: Data(truncated))
        #expect {
            try add(temp.store, "2026-11-24", .morning, "Call")
        } throws: { error in
            guard case .unreadable(let file, let json) = error as? StoreError else { return false }
            return file.hasSuffix(path) && json.line > 1 && json.column >= 1
        }
        #expect(temp.bytes(path) == truncated)
        #expect(throws: StoreError.self) { try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) } }
    }

    @Test(arguments: [
        (#""status": "open""#, #""status": "maybe""#, "status"),
        (#""format": 3,"#, #""format": 99999999999999999999,"#, "64 bits"),
        (#""format": 3,"#, #""format": 7,"#, "format 7"),
        (#""morning""#, #""noon""#, "unknown key"),
        (#""title": "Gym""#, #""title": "Gym", "title": "Gym""#, "duplicate key"),
    ])
    func handEditMistakesAreNamed(original: String, replacement: String, expected: String) throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let path = temp.directory + "/weeks/2026/2026-W48.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = text.replacingOccurrences(of: original, with: replacement)
        #expect(broken != text)
        try broken.write(toFile: path, atomically: false, encoding: .utf8)
        let error = try #require(throws: StoreError.self) {
            try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }
        }
        #expect(error.description.contains(expected), "\(error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == broken)
    }

    /// The error reading week 2026-W48 gives after `file` (relative) had `original` replaced.
    private func errorReadingWeek48(
        _ temp: TemporaryStore, editing file: String, replacing original: String, with replacement: String
    ) throws -> StoreError {
        let path = temp.directory + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: original, with: replacement).write(
            toFile: path, atomically: false, encoding: .utf8)
        let week = try #require(ISOWeek(parsing: "2026-W48"))
        return try #require(throws: StoreError.self) { try temp.store.read { try $0.tasks(in: week) } }
    }

    @Test func twoTasksWithOneUIDAreRejected() throws {
        let temp = TemporaryStore()
        let gym = try add(temp.store, "2026-11-23", .morning, "Gym")
        let read = try add(temp.store, "2026-11-23", .evening, "Read")
        let error = try errorReadingWeek48(
            temp, editing: "weeks/2026/2026-W48.json", replacing: #""uid": "\#(read.uid)""#,
            with: #""uid": "\#(gym.uid)""#)
        #expect(error.description.contains("uid \(gym.uid) appears twice"))
    }

    @Test func twoTasksWithOneIDInAnIndexAreRejected() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-23", .evening, "Read")
        let error = try errorReadingWeek48(temp, editing: "ids/weeks/2026-W48.json", replacing: ": 2", with: ": 1")
        #expect(error.description.contains("id 1 appears twice"))
    }

    @Test func aCommitLeftByACrashAfterItsCommitPointIsFinished() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        // Stage a second week and an id shard as a crashed writer would have, then its commit record.
        let staged = temp.directory + "/.staging"
        let week = WeekDocument.encode(
            week: ISOWeek(parsing: "2026-W49")!, tasks: [draft(2, "2026-11-30", .evening, "Read")])
        _ = FileManager.default.createFile(atPath: staged + "/9-0.tmp", contents: Data(try JSONWriter.bytes(week)))
        let shard = IDShardDocument.encode(
            shard: 0, weeks: [nil, ISOWeek(parsing: "2026-W48")!, ISOWeek(parsing: "2026-W49")!])
        _ = FileManager.default.createFile(atPath: staged + "/9-1.tmp", contents: Data(try JSONWriter.bytes(shard)))
        let index = WeekIndexDocument.encode(
            week: ISOWeek(parsing: "2026-W49")!, ids: [draft(2, "2026-11-30", .evening, "Read").uid: 2])
        _ = FileManager.default.createFile(atPath: staged + "/9-2.tmp", contents: Data(try JSONWriter.bytes(index)))
        try FileManager.default.createDirectory(
            atPath: temp.directory + "/weeks/2026", withIntermediateDirectories: true)
        temp.write(
            "commit.json",
            #"{"format": 1, "kind": "commit", "moves": [{"from": ".staging/9-0.tmp", "to": "weeks/2026/2026-W49.json"}, {"from": ".staging/9-1.tmp", "to": "ids/0000.json"}, {"from": ".staging/9-2.tmp", "to": "ids/weeks/2026-W49.json"}]}"#
        )
        #expect(try temp.store.read { try $0.task(id: 2) }?.title == "Read")
        #expect(temp.bytes("commit.json") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: staged).isEmpty)
    }

    @Test func filesStagedBeforeACrashedCommitPointAreDiscarded() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        temp.write(".staging/77-0.tmp", "{ half a file")
        try add(temp.store, "2026-11-23", .morning, "Read")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.directory + "/.staging").isEmpty)
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.count == 2)
    }

    @Test func everyFileTheStoreWritesValidatesAgainstTheSchema() throws {
        let temp = TemporaryStore()
        let task = try add(temp.store, "2026-11-23", .morning, "Gym", time: "07:30")
        try add(temp.store, "2026-12-31", .evening, "読書")
        var done = task
        done.setStatus(.done, at: now)
        try temp.store.write(label: "done", now: now) { state in try state.update(done) }
        try temp.store.write(label: "rm", now: now) { state in try state.remove(id: 2) }
        // The saved copies of replaced files are store files too, and validate as such.
        let backups =
            FileManager.default.enumerator(atPath: temp.directory + "/backups")?.allObjects
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.count ?? 0
        #expect(backups >= 3)
        #expect(
            try SchemaValidation.validate(stores: [temp.directory]) == 10 + backups + 4,
            "store, two weeks and their id indexes, an id shard, four undo entries, the saved copies and four commit records"
        )
    }

    @Test func theSchemaRejectsAFileThatBreaksIt() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let path = temp.directory + "/weeks/2026/2026-W48.json"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: #""open""#, with: #""someday""#)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: SchemaValidation.Failure.self) { try SchemaValidation.validate(stores: [temp.directory]) }
    }
}

@Suite struct SummaryDocumentTests {
    @Test func countsAreReadFromTheirString() {
        #expect(SummaryDocument.numbers("1 22 0 333") == [1, 22, 0, 333])
        #expect(SummaryDocument.numbers("1 -2").isEmpty)
        #expect(SummaryDocument.numbers("1,2").isEmpty)
        #expect(SummaryDocument.numbers("99999999999").isEmpty)
    }

    @Test func aSummaryRoundTripsAndAnUnreadableOneCountsAsEmpty() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let file = temp.directory + "/summary/2026.json"
        // A change writes no summary; the first reader of the week's tallies writes it back.
        #expect(SummaryDocument.read(file, year: 2026).isEmpty)
        let week = ISOWeek(parsing: "2026-W48")!
        try temp.store.read { state in try state.visitWeekCells(from: week, through: week) { _, _, _ in } }
        let entries = SummaryDocument.read(file, year: 2026)
        #expect(entries[ISOWeek(parsing: "2026-W48")!]?.cells.total.open == 1)
        temp.write("summary/2026.json", "not json")
        #expect(SummaryDocument.read(file, year: 2026).isEmpty)
    }
}

/// The views that look across every week (a goal's tasks, the tallies by category, who changed
/// the planner) read each week's digest from the summaries, and a week only when they need it.
@Suite struct WeekDigestTests {
    /// Replaces a week file with bytes that do not parse, keeping its size and times (its stamp).
    private func damageKeepingStamp(_ path: String) throws {
        var info = stat()
        #expect(stat(path, &info) == 0)
        try Data(repeating: UInt8(ascii: "x"), count: Int(info.st_size)).write(to: URL(fileURLWithPath: path))
        let times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
    }

    private func addTask(_ temp: TemporaryStore, _ date: String, _ title: String, goal: String?) throws {
        try temp.store.write(label: "add \(title)", now: now) { state in
            var task = draft(try state.allocateID(), date, .morning, title)
            task.goal = goal
            try state.insert(task)
        }
    }

    @Test func onlyTheWeeksThatHoldAGoalsTasksAreRead() throws {
        let temp = TemporaryStore()
        try addTask(temp, "2026-09-28", "Outline", goal: "goal-a")
        try addTask(temp, "2026-10-26", "Gym", goal: nil)
        try addTask(temp, "2026-11-23", "Draft", goal: "goal-a")
        try addTask(temp, "2026-11-24", "Call", goal: "goal-b")
        let titles = { (uids: Set<String>) in
            try temp.store.read { state in try state.tasks(ofGoals: uids).map(\.title).sorted() }
        }
        // The first look sums every week up (no summary yet) and writes the summaries back.
        #expect(try titles(["goal-a"]) == ["Draft", "Outline"])
        let entries = SummaryDocument.read(temp.directory + "/summary/2026.json", year: 2026)
        #expect(entries[ISOWeek(parsing: "2026-W44")!]?.digest?.goals == [])
        #expect(entries[ISOWeek(parsing: "2026-W48")!]?.digest?.goals == ["goal-a", "goal-b"])
        // A week whose summary lists no goal asked for is not read: its file, made unreadable
        // with its size and time kept, goes unnoticed.
        try damageKeepingStamp(temp.directory + "/weeks/2026/2026-W44.json")
        #expect(try titles(["goal-b"]) == ["Call"])
        #expect(throws: StoreError.self) { try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W44")!) } }
    }

    @Test func aWeekChangedSinceItsSummaryOrSummedUpWithoutGoalsIsReadAgain() throws {
        let temp = TemporaryStore()
        try addTask(temp, "2026-10-26", "Gym", goal: nil)
        try addTask(temp, "2026-11-23", "Draft", goal: "goal-a")
        let titles = { try temp.store.read { state in try state.tasks(ofGoals: ["goal-a"]).map(\.title).sorted() } }
        #expect(try titles() == ["Draft"])
        // A hand edit makes Gym join the goal: its week no longer matches its summary.
        let gym = temp.directory + "/weeks/2026/2026-W44.json"
        let edited = try String(contentsOfFile: gym, encoding: .utf8).replacingOccurrences(
            of: #""title": "Gym""#, with: #""title": "Gym", "goal": "goal-a""#)
        Thread.sleep(forTimeInterval: 0.01)
        try edited.write(toFile: gym, atomically: false, encoding: .utf8)
        #expect(try titles() == ["Draft", "Gym"])
        // A summary an earlier shade wrote lists no goals: its weeks are read.
        let summary = temp.directory + "/summary/2026.json"
        let old = try String(contentsOfFile: summary, encoding: .utf8).replacingOccurrences(
            of: #","goals":\["goal-a"\]"#, with: "", options: .regularExpression)
        #expect(!old.contains("goals"))
        try old.write(toFile: summary, atomically: false, encoding: .utf8)
        #expect(try titles() == ["Draft", "Gym"])
    }

    @Test func categoryTalliesAndAuthorsComeFromTheDigests() throws {
        let temp = TemporaryStore()
        for (date, title, category, done) in [
            ("2026-10-26", "Gym", "health", true), ("2026-10-27", "Run", "health", false),
            ("2026-11-23", "Draft", "work", false), ("2026-11-24", "Swim", "health", true),
        ] {
            _ = try Store(directory: temp.directory, author: "ana").commit(label: "add \(title)", now: now) { state in
                var task = draft(try state.allocateID(), date, .morning, title)
                task.category = category
                if done { task.status = .done }
                return [.added(.task(task))]
            }
        }
        let expected = [
            "health": Tally(done: 2, open: 1, cancelled: 0), "work": Tally(done: 0, open: 1, cancelled: 0),
        ]
        #expect(try temp.store.read { try $0.categoryTallies() } == expected)
        #expect(try temp.store.read { try $0.authorChanges() } == ["ana": 4])
        // From the summaries now: the weeks themselves are not read.
        try damageKeepingStamp(temp.directory + "/weeks/2026/2026-W44.json")
        #expect(try temp.store.read { try $0.categoryTallies() } == expected)
        #expect(try temp.store.read { try $0.authorChanges() } == ["ana": 4])
    }
}
