import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A one-shot change (`Store.commit`, no cache) reads only the day it touches of a week
/// (`StoreState.readDayAlone`), when the week's index certifies every other day's text as read in
/// full or written by shade. What it writes is byte for byte what a change that reads the whole
/// week writes, whatever the step does after (another day, a removal, a move); a week it cannot
/// read so (a day edited by hand, a task from another copy) is read whole.
@Suite struct DayChangeTests {
    static let week = CivilDate.fixture("2026-11-23").isoWeek
    static let weekFile = "weeks/2026/2026-W48.json"

    /// A store with tasks on every day of the week but Thursday.
    private func filledStore() throws -> (TemporaryStore, [PlannerTask]) {
        let temp = TemporaryStore()
        var added: [PlannerTask] = []
        for (index, day) in [3, 0, 6, 1, 5, 2, 0, 1, 5].enumerated() where day != 3 {
            let date = DayChangeTests.week.days[day].description
            added.append(try add(temp.store, date, Slot.allCases[index % 3], "Task \(index) ☕"))
        }
        return (temp, added)
    }

    /// `filledStore`, then (when `certified`) two one-shot changes: the first reads the week whole
    /// and certifies its days, the second reads its day alone and writes the file's certificate
    /// (`WeekCertificate`), from which the next change reads its day.
    private func filledStore(certified: Bool) throws -> (TemporaryStore, [PlannerTask]) {
        let (temp, added) = try filledStore()
        guard certified, let last = added.last else { return (temp, added) }
        _ = try temp.store.commit(label: "done", now: now, marking(last.id, .done))
        _ = try temp.store.commit(label: "undone", now: now, marking(last.id, .open))
        #expect(try certificate(temp) != nil)
        return (temp, added)
    }

    private func certificate(_ temp: TemporaryStore) throws -> WeekCertificate? {
        let index = "ids/weeks/\(DayChangeTests.week).json"
        return WeekIndexDocument.certificate(
            try JSONDocument(parsing: try #require(temp.bytes(index))).value, expected: DayChangeTests.week)
    }

    private func copy(_ temp: TemporaryStore) throws -> TemporaryStore {
        let copy = TemporaryStore()
        try FileManager.default.copyItem(atPath: temp.directory, toPath: copy.directory)
        return copy
    }

    /// The files of the weeks, their id indexes (the ids alone: `checked` is a one-shot change's
    /// own), the id shards and the change log, by path.
    private func plannerFiles(_ temp: TemporaryStore) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for folder in ["weeks", "ids", "undo"] {
            let root = temp.directory + "/" + folder
            guard let walk = FileManager.default.enumerator(atPath: root) else { continue }
            for case let path as String in walk {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder),
                    !isFolder.boolValue
                {
                    var bytes = temp.bytes(folder + "/" + path) ?? []
                    if folder == "ids", path.hasPrefix("weeks/"), case .object(let index) = try JSONParser.parse(bytes)
                    {
                        var ids = JSONObject()
                        for (key, value) in index where key != "checked" { ids.appendUnique(key, value) }
                        bytes = try JSONWriter.bytes(.object(ids))
                    }
                    files[folder + "/" + path] = bytes
                }
            }
        }
        return files
    }

    /// Makes one change on two copies of `temp`: by `commit` (which may read one day alone) and by
    /// `write` (which reads every week whole). Their files come out alike; returns both copies.
    @discardableResult
    private func expectAlike(
        _ temp: TemporaryStore, _ label: String, _ make: @escaping (StoreState) throws -> [RecordChange],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (byDay: TemporaryStore, whole: TemporaryStore) {
        let (byDay, whole) = (try copy(temp), try copy(temp))
        _ = try byDay.store.commit(label: label, now: now, make)
        _ = try whole.store.write(label: label, now: now) { state in
            try whole.store.apply(make, to: state, label: label, now: now)
        }
        let (written, expected) = (try plannerFiles(byDay), try plannerFiles(whole))
        #expect(written.keys.sorted() == expected.keys.sorted(), sourceLocation: sourceLocation)
        for (path, bytes) in expected where written[path] != bytes {
            Issue.record(
                "\(path) differs:\n\(String(decoding: written[path] ?? [], as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
        return (byDay, whole)
    }

    private func marking(_ id: Int, _ status: TaskStatus) -> (StoreState) throws -> [RecordChange] {
        { state in
            let task = try #require(try state.task(id: id))
            var marked = task
            marked.status = status
            return [RecordChange(before: .task(task), after: .task(marked))]
        }
    }

    private func adding(_ days: [Int], _ title: String) -> (StoreState) throws -> [RecordChange] {
        { state in
            try days.map { day in
                let task = draft(try state.allocateID(), DayChangeTests.week.days[day].description, .evening, title)
                return RecordChange(before: nil, after: .task(task))
            }
        }
    }

    @Test(arguments: [false, true]) func anAddOrAMarkWritesWhatAReadOfTheWholeWeekWrites(certified: Bool) throws {
        let (temp, added) = try filledStore(certified: certified)
        try expectAlike(temp, "add", adding([0], "Monday's"))
        try expectAlike(temp, "add", adding([3], "Thursday, empty till now"))
        try expectAlike(temp, "add", adding([6], "Sunday's"))
        for task in added.prefix(4) {
            try expectAlike(temp, "done", marking(task.id, .done))
        }
        // A day changed twice in one step.
        try expectAlike(temp, "add") { state in
            try adding([2, 2], "Wednesday's")(state) + (try marking(added[5].id, .cancelled)(state))
        }
    }

    /// Of a week file its certificate stands for (one this copy wrote), the day read has only the
    /// task a change names decoded (none for an add); the day's other tasks are carried as their
    /// text, in the file's order, with their ids from the index. What the change writes is what a
    /// read of the whole week writes (`anAddOrAMarkWritesWhatAReadOfTheWholeWeekWrites`).
    @Test func aDayOfACertifiedFileHasOnlyTheTaskNamedDecoded() throws {
        let (temp, added) = try filledStore(certified: true)
        let monday = added.filter { $0.date == DayChangeTests.week.days[0] }.sorted {
            Slot.allCases.firstIndex(of: $0.slot)! < Slot.allCases.firstIndex(of: $1.slot)!
        }
        #expect(monday.count == 2)
        let steps: [(label: String, make: (StoreState) throws -> [RecordChange], read: [Int], carried: [Int])] = [
            ("done", marking(monday[1].id, .done), [monday[1].id], [monday[0].id]),
            ("add", adding([0], "Monday's"), [], monday.map(\.id)),
        ]
        for step in steps {
            _ = try temp.store.write(label: step.label, now: now) { state in
                state.readsDaysAlone = true
                let change = try temp.store.apply(step.make, to: state, label: step.label, now: now)
                let partial = try #require(state.partialWeeks[DayChangeTests.week])
                #expect(partial.originals.map(\.id) == step.read, "\(step.label)")
                #expect(partial.carried.map(\.id) == step.carried, "\(step.label)")
                return change
            }
        }
        let tasks = try temp.store.read { try $0.tasks(in: DayChangeTests.week) }
        #expect(tasks.count == added.count + 1)
        #expect(tasks.first { $0.id == monday[1].id }?.status == .done)
    }

    @Test(arguments: [false, true]) func aStepThatGoesOnToAnotherDayReadsTheWeekWholeAndWritesTheSame(certified: Bool)
        throws
    {
        let (temp, added) = try filledStore(certified: certified)
        let monday = try #require(added.first { $0.date == DayChangeTests.week.days[0] })
        let tuesday = try #require(added.first { $0.date == DayChangeTests.week.days[1] })
        // Monday read alone, then another day: added to, marked, removed from, moved to.
        try expectAlike(temp, "add", adding([0, 4, 1], "Three days"))
        try expectAlike(temp, "done") { state in
            try marking(monday.id, .done)(state) + (try marking(tuesday.id, .done)(state))
        }
        try expectAlike(temp, "rm") { state in
            let kept = try #require(try state.task(id: monday.id))
            let gone = try #require(try state.task(id: tuesday.id))
            var done = kept
            done.status = .done
            return [
                RecordChange(before: .task(kept), after: .task(done)), RecordChange(before: .task(gone), after: nil),
            ]
        }
        try expectAlike(temp, "mv") { state in
            let task = try #require(try state.task(id: monday.id))
            var moved = task
            moved.date = DayChangeTests.week.days[4]
            return [RecordChange(before: .task(task), after: .task(moved))]
        }
        // The day read alone gains a task, then the week is read whole for a removal elsewhere.
        try expectAlike(temp, "add") { state in
            let gone = try #require(try state.task(id: tuesday.id))
            return try adding([0], "Monday's")(state) + [RecordChange(before: .task(gone), after: nil)]
        }
    }

    @Test func aWeekTheDayAloneCannotStandForIsReadWhole() throws {
        // A task another copy filed on Tuesday, which the index does not number yet: numbered
        // as a read of the whole week numbers it.
        let (arrival, _) = try filledStore()
        let path = arrival.directory + "/" + DayChangeTests.weekFile
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let tuesday = try #require(text.range(of: "\"2026-11-24\": {"))
        let morning = try #require(text.range(of: "\"morning\": [", range: tuesday.upperBound..<text.endIndex))
        let task =
            #"{"uid": "from-ana", "title": "Ana's", "status": "open", "tags": [], "created": "2026-11-22T10:00:00+01:00", "modified": "2026-11-22T10:00:00+01:00", "stamps": {"made": {"at": "2026-11-22T10:00:00+01:00", "by": "ana"}, "changed": {}}},"#
        try (text[..<morning.upperBound] + task + text[morning.upperBound...]).write(
            toFile: path, atomically: false, encoding: .utf8)
        try expectAlike(arrival, "add", adding([0], "Monday's"))
        // A task written by hand with its uid last: its day is not as shade writes one.
        let (layout, _) = try filledStore()
        let layoutPath = layout.directory + "/" + DayChangeTests.weekFile
        var edited = try String(contentsOfFile: layoutPath, encoding: .utf8)
        let pattern = #"\{\s*("uid": "[^"]*"),\s*("title": "[^"]*"),"#
        let first = try #require(edited.range(of: pattern, options: .regularExpression))
        edited = edited.replacingOccurrences(of: pattern, with: "{$2, $1,", options: .regularExpression, range: first)
        try edited.write(toFile: layoutPath, atomically: false, encoding: .utf8)
        #expect(try layout.store.read { try $0.tasks(in: DayChangeTests.week) }.count == 8)
        try expectAlike(layout, "add", adding([0], "Monday's"))
        try expectAlike(layout, "add", adding([3], "Thursday's"))
    }

    /// The days the week's index certifies, by date, and the hash of each day's text now.
    private func certification(_ temp: TemporaryStore) throws -> (
        certified: [CivilDate: UInt64], now: [CivilDate: UInt64]
    ) {
        let index = try #require(temp.bytes("ids/weeks/2026-W48.json"))
        let document = try JSONDocument(parsing: index)
        let week = try #require(temp.bytes(DayChangeTests.weekFile))
        return (
            WeekIndexDocument.checked(document.value, expected: DayChangeTests.week), WeekDayText.dayHashes(of: week)
        )
    }

    @Test func aChangeCertifiesTheDaysItWritesAndAChangeToOneDayReadsItAlone() throws {
        let (temp, added) = try filledStore()
        // Written by `write`, which certifies nothing: a one-shot change reads the week whole,
        // and certifies every day as it writes them.
        #expect(try certification(temp).certified.isEmpty)
        let monday = try #require(added.first { $0.date == DayChangeTests.week.days[0] })
        let tuesday = try #require(added.first { $0.date == DayChangeTests.week.days[1] })
        _ = try temp.store.commit(label: "done", now: now, marking(monday.id, .done))
        var (certified, days) = try certification(temp)
        #expect(certified == days && days.count == 5)
        // A mark of Monday's task again reads Monday alone, and certifies Monday as it writes it:
        // the index is written with its ids as their text was, and its days as they are now.
        let index = try #require(temp.bytes("ids/weeks/2026-W48.json"))
        _ = try temp.store.commit(label: "undone", now: now, marking(monday.id, .open))
        let written = try #require(temp.bytes("ids/weeks/2026-W48.json"))
        let checkedAt = { (text: [UInt8]) in text.firstRange(of: Array("\"checked\"".utf8))?.lowerBound ?? text.count }
        #expect(written[..<checkedAt(written)] == index[..<checkedAt(index)])
        (certified, days) = try certification(temp)
        #expect(certified == days && days.count == 5)
        // So a change to Tuesday reads Tuesday alone, and certifies it in turn.
        var readAlone = false
        _ = try temp.store.commit(label: "done", now: now) { state in
            let changes = try marking(tuesday.id, .done)(state)
            readAlone = state.partialWeeks[DayChangeTests.week] != nil
            return changes
        }
        #expect(readAlone)
        (certified, days) = try certification(temp)
        #expect(certified == days)
        // An add writes the index anyway, and certifies the day it changed with the others.
        _ = try temp.store.commit(label: "add", now: now, adding([1], "Tuesday's"))
        (certified, days) = try certification(temp)
        #expect(certified == days && days.count == 5)
    }

    /// With the week's file certified, the day read carries its other tasks unread: an open one
    /// among them keeps the day from being finished (`PartialWeek.openCarried`).
    @Test(arguments: [false, true]) func whatAMarkFinishedIsJudgedOnTheWholeWeek(certified: Bool) throws {
        // Tuesday's tasks, all but the last done; Monday and Friday keep open ones.
        let (temp, added) = try filledStore(certified: certified)
        let tuesdays = added.filter { $0.date == DayChangeTests.week.days[1] }
        let mondays = added.filter { $0.date == DayChangeTests.week.days[0] }
        _ = try temp.store.commit(label: "done", now: now, marking(tuesdays[0].id, .done))
        // One of Monday's two open tasks (each alone in its slot) done: its slot is finished, not
        // its day, whose other task (carried, when certified) is still open.
        #expect(try outcome(of: mondays[0].id, in: temp).milestone == .slot(mondays[0].date, mondays[0].slot))
        #expect(try outcome(of: tuesdays[1].id, in: temp).milestone == .day(DayChangeTests.week.days[1]))
    }

    /// What marking `id` done finished, found by a one-shot change and by a read of the whole
    /// week (each on a copy of `temp`): the same, returned.
    private func outcome(of id: Int, in temp: TemporaryStore) throws -> CompletionOutcome {
        let context = OperationContext(now: now, schedule: .standard)
        var outcomes: [CompletionOutcome] = []
        for (byDay, store) in [(true, try copy(temp)), (false, try copy(temp))] {
            let make: (StoreState) throws -> CompletionOutcome = { state in
                try TaskMarking(.status(.done), ids: [id], in: state, context: context).completion
            }
            var outcome = CompletionOutcome.none
            if byDay {
                _ = try store.store.commit(label: "done", now: now) { state in
                    outcome = try make(state)
                    return []
                }
            } else {
                try store.store.write(label: "done", now: now) { state in outcome = try make(state) }
            }
            outcomes.append(outcome)
        }
        #expect(outcomes[0] == outcomes[1])
        return outcomes[0]
    }

    @Test func aDayEditedByHandIsReadInFullAndRefusedWithItsPlace() throws {
        let (temp, added) = try filledStore()
        let monday = try #require(added.first { $0.date == DayChangeTests.week.days[0] })
        _ = try temp.store.commit(label: "done", now: now, marking(monday.id, .done))
        // Tuesday's first task given a status nobody knows: a change to Monday is refused (its
        // certification no longer matches Tuesday's text), and the file is left as it is.
        let (text, _) = try damage(temp, on: "2026-11-24")
        let path = temp.directory + "/" + DayChangeTests.weekFile
        for change in [marking(monday.id, .open), adding([0], "Monday's")] {
            let error = try #require(throws: StoreError.self) { try temp.store.commit(label: "x", now: now, change) }
            #expect(error.description.contains("days.2026-11-24.morning[0].status"), "\(error)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        // Monday, read alone by `day`, still reads.
        #expect(try temp.store.read { try $0.tasks(on: monday.date) }.count == 2)
    }

    /// Gives the first open task of a day a status nobody knows, by hand: the file's text after,
    /// and where that status is in it.
    private func damage(_ temp: TemporaryStore, on day: String) throws -> (text: String, status: String.Index) {
        let path = temp.directory + "/" + DayChangeTests.weekFile
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let date = try #require(text.range(of: "\"\(day)\": {"))
        let status = try #require(text.range(of: #""status": "open""#, range: date.upperBound..<text.endIndex))
        text.replaceSubrange(status, with: #""status": "maybe""#)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (text, status.lowerBound)
    }

    @Test func aProblemInTheDayChangedIsReportedAtItsPlaceInTheFile() throws {
        let (temp, added) = try filledStore()
        let task = try #require(added.first { $0.date == DayChangeTests.week.days[0] })
        // Every day certified, then Monday damaged by hand: a change to Monday reads it alone,
        // meets the damage, and reads the week whole to report it where the file has it.
        _ = try temp.store.commit(label: "add", now: now, adding([4], "Friday's"))
        #expect(try certification(temp).certified.count == 6)
        let (text, status) = try damage(temp, on: "2026-11-23")
        let byDay = try #require(throws: StoreError.self) {
            try temp.store.commit(label: "done", now: now, marking(task.id, .done))
        }
        let whole = try #require(throws: StoreError.self) {
            try temp.store.write(label: "done", now: now) { state in
                try temp.store.apply(marking(task.id, .done), to: state, label: "done", now: now)
            }
        }
        #expect(byDay.description == whole.description)
        #expect(byDay.description.contains("days.2026-11-23"), "\(byDay)")
        let line = text[..<status].filter { $0 == "\n" }.count + 1
        #expect(byDay.description.contains("line \(line)"), "\(byDay)")
    }
}
