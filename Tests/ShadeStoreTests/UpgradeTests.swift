import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// Stores written by earlier formats: read as they are, upgraded by their first write, after the
/// whole store is kept as it was, with every task, id, field, category and change-log entry kept.
@Suite struct FormatUpgradeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    /// A copy of a fixture store, in a temporary directory.
    private func copy(_ name: String) throws -> TemporaryStore {
        let temp = TemporaryStore()
        try FileManager.default.copyItem(
            atPath: FormatUpgradeTests.fixtures.appendingPathComponent(name).path, toPath: temp.directory)
        return temp
    }

    /// Every file under a directory, relative to it, with its bytes.
    private func files(under root: String) -> [String: Data] {
        let names = FileManager.default.enumerator(atPath: root)?.allObjects.compactMap { $0 as? String } ?? []
        var result: [String: Data] = [:]
        for name in names {
            if let data = FileManager.default.contents(atPath: root + "/" + name) { result[name] = data }
        }
        return result
    }

    private func format(_ temp: TemporaryStore, _ relative: String) throws -> Int64? {
        try JSONParser.parse(try #require(temp.bytes(relative))).objectValue?["format"]?.intValue
    }

    @Test func aFormat1StoreReadsWithNothingLost() throws {
        let temp = try copy("format1-store")
        let tasks = try temp.store.read { try $0.allTasks() }.sorted { $0.id < $1.id }
        #expect(tasks.map(\.id) == [1, 3, 4, 5])
        #expect(tasks.map(\.title) == ["Gym", "Pay the internet bill", "New year's eve party", "Back to work"])
        #expect(tasks.map(\.status) == [.done, .cancelled, .open, .open])
        #expect(tasks[0].time?.description == "07:30" && tasks[0].tags == ["health"])
        #expect(tasks[3].date.description == "2027-01-05")
        #expect(tasks.allSatisfy { $0.category == nil && $0.color == nil && !$0.favorite })
        #expect(try temp.store.read { try $0.undoEntries() }.count == 10)
    }

    @Test func theFirstWriteUpgradesEveryFileAndKeepsEverything() throws {
        let temp = try copy("format1-store")
        let original = files(under: temp.directory)
        let before = try temp.store.read { try $0.allTasks() }
        try temp.store.write(label: "star 1", now: now) { state in
            var task = try #require(try state.task(id: 1))
            task.favorite = true
            task.category = "health"
            try state.update(task)
        }
        #expect(try format(temp, "shade.json") == 3)
        #expect(try format(temp, "weeks/2026/2026-W48.json") == 3)
        #expect(
            temp.bytes("weeks/2026/2026-W48.json").map { String(decoding: $0, as: UTF8.self) }?.contains(
                "\"favorite\": true") == true)
        // Weeks the write did not touch are upgraded too; the whole store is kept as it was.
        #expect(try format(temp, "weeks/2027/2027-W01.json") == 3)
        let kept = files(under: temp.directory + "/backups/format-1")
        #expect(kept["weeks/2027/2027-W01.json"] == original["weeks/2027/2027-W01.json"])
        #expect(kept["shade.json"] == original["shade.json"] && kept["ids/0000.json"] == original["ids/0000.json"])
        let after = try temp.store.read { try $0.allTasks() }
        #expect(after.count == before.count)
        #expect(Set(after.map(\.uid)) == Set(before.map(\.uid)))
        #expect(Set(after.map(\.id)) == Set(before.map(\.id)))
        // Changes recorded by format 1 can still be taken back, after the upgrade's own.
        #expect(try temp.store.undo(now: now)?.label == "star 1")
        #expect(try temp.store.undo(now: now)?.label == "mv 5 2027-01-05")
        #expect(try temp.store.read { try $0.task(id: 5) }?.date.description == "2027-01-04")
        #expect(try SchemaValidation.validate(stores: [temp.directory]) > 0)
    }

    /// The tasks the last shade of format 2 listed (`ls all --json`), each as its fields.
    private func listed(_ name: String) throws -> [JSONObject] {
        let bytes = try Data(contentsOf: FormatUpgradeTests.fixtures.appendingPathComponent(name + ".ls.json"))
        return try JSONParser.parse(Array(bytes)).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    /// The fields `ls all --json` gives, of a task as the store holds it.
    private func fields(_ task: PlannerTask) -> [String: JSONValue] {
        var result: [String: JSONValue] = ["id": .int(Int64(task.id)), "uid": .string(task.uid)]
        for field in PlannerTask.Field.allCases where field != .id && field != .uid {
            result[field.rawValue] = JSONValue(task.value(of: field) ?? .none)
        }
        return result
    }

    @Test(arguments: ["format2-demo-store", "format2-generated"])
    func aFormat2StoreUpgradesOnItsFirstWriteWithNothingLost(fixture: String) throws {
        let temp = try copy(fixture)
        let original = files(under: temp.directory)
        let expected = try listed(fixture)
        #expect(expected.count == (fixture == "format2-generated" ? 2996 : 39))
        let logBefore = try temp.store.read { try $0.changeLog() }
        let categoriesBefore = try temp.store.read { try $0.categories() }

        // The first write: star the first task listed.
        let first = Int(try #require(expected.first?["id"]?.intValue))
        let author = Store(directory: temp.directory, author: "ana")
        let starred = try author.commit(label: "star \(first)", now: now) { state in
            try TaskOperations.setFavorite(
                true, ids: [first], in: state, context: OperationContext(now: now, schedule: .standard))
        }
        #expect(starred.records.count == 1)

        // Every planner file is of format 3 now; the store as it was is kept byte for byte.
        let upgraded = files(under: temp.directory)
        for path in upgraded.keys.sorted() where StoreFileKind(relativePath: path)?.scope == .shared {
            #expect(try format(temp, path) == 3, "\(path)")
        }
        #expect(upgraded.keys.contains { $0.hasPrefix("ids/weeks/") })
        let kept = files(under: temp.directory + "/backups/format-2")
        for (path, bytes) in original where StoreFileKind(relativePath: path)?.isBackedUp == true {
            #expect(kept[path] == bytes, "\(path) is kept as it was")
        }

        // Every task, by id and uid, with every field as the last shade of format 2 listed it.
        let tasks = try temp.store.read { try $0.allTasks() }
        #expect(tasks.count == expected.count)
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var compared = 0
        for listedTask in expected {
            let id = Int(try #require(listedTask["id"]?.intValue))
            let task = try #require(byID[id], "task \(id)")
            let have = fields(task)
            // Reminders, carrying, goals, recipients, deadlines and estimates came after format 2:
            // no task of it has one.
            #expect(task.remind == nil && task.carried == 0 && task.planned == nil && task.goal == nil)
            #expect(task.to == nil && task.due == nil && task.estimate == nil)
            let later: Set<String> = ["remind", "carried", "planned", "goal", "to", "due", "estimate"]
            for (key, value) in have where !later.contains(key) {
                if id == first, key == "favorite" || key == "modified" { continue }
                #expect(listedTask[key] == value, "task \(id): \(key)")
                compared += 1
            }
        }
        #expect(compared == expected.count * 15 - 2)
        #expect(byID[first]?.favorite == true)
        // Its stamps: the star by its author, the rest from when it was made or last changed.
        #expect(byID[first]?.stamps.stamp(of: "favorite") == FieldStamp(at: now.timestamp, by: "ana"))
        #expect(try temp.store.read { try $0.categories() }.map(\.name) == categoriesBefore.map(\.name))
        #expect(try temp.store.read { try $0.categories() }.map(\.color) == categoriesBefore.map(\.color))

        // Every change-log entry is still there and can be taken back, newest first.
        let log = try temp.store.read { try $0.changeLog() }
        #expect(log.map(\.change.label) == Array((logBefore.map(\.change.label) + ["star \(first)"]).suffix(50)))
        #expect(try temp.store.undo(now: now)?.label == "star \(first)")
        #expect(try temp.store.read { try $0.task(id: first) }?.favorite == false)
        for entry in log.dropLast().reversed() {
            #expect(try temp.store.undo(now: now)?.label == entry.change.label)
        }
        #expect(try temp.store.check().problems.isEmpty)
        #expect(try SchemaValidation.validate(stores: [temp.directory]) > 0)
        // New tasks get ids never handed out before.
        let highest = expected.compactMap { $0["id"]?.intValue }.max() ?? 0
        let next = try temp.store.write(label: "add", now: now) { state in try state.allocateID() }
        #expect(next > Int(highest))
    }

    @Test(arguments: ["format1-store", "format2-demo-store", "format2-generated"])
    func eachDayOfAnEarlierFormatReadsAsItsWeekGivesIt(fixture: String) throws {
        let temp = try copy(fixture)
        let original = files(under: temp.directory + "/weeks")
        let all = try temp.store.read { try $0.allTasks() }
        let dates = Set(all.map(\.date))
        #expect(!dates.isEmpty)
        for date in dates {
            let day = try temp.store.read { try $0.tasks(on: date) }
            let week: [PlannerTask] = try temp.store.read { try $0.tasks(in: date.isoWeek) }
            #expect(day == week.filter { $0.date == date }, "\(date)")
            #expect(Set(day.map(\.uid)) == Set(all.filter { $0.date == date }.map(\.uid)), "\(date)")
        }
        // Reads upgrade no week.
        #expect(files(under: temp.directory + "/weeks") == original)
    }

    @Test func aStoreOfANewerFormatIsRefusedAndNeverRewritten() throws {
        let temp = try copy("format2-demo-store")
        temp.write("shade.json", #"{"format": 4, "kind": "store"}"#)
        let before = files(under: temp.directory)
        let error = try #require(throws: StoreError.self) {
            try temp.store.write(label: "add", now: now) { state in _ = try state.allocateID() }
        }
        #expect(error.description.contains("format 4"), "\(error)")
        #expect(throws: StoreError.self) { try temp.store.read { try $0.allTasks() } }
        #expect(files(under: temp.directory).filter { $0.key != "lock" } == before)
    }
}

/// Ids are this copy's own: a task that arrives in a week file without one (from another copy)
/// is numbered once, by the first command that reads its week, and keeps that number; a long-lived
/// session's cache never keeps ids the store does not have.
@Suite struct LocalIDTests {
    /// Writes another copy's task (no id here) into a week file by hand, before its first task, as
    /// a merge would.
    private func plantArrival(_ uid: String, in week: String, of temp: TemporaryStore) throws {
        let file = temp.directory + "/weeks/" + week.prefix(4) + "/" + week + ".json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let firstUID = try #require(text.range(of: #""uid""#))
        let brace = try #require(text[..<firstUID.lowerBound].lastIndex(of: "{"))
        let arrived =
            #"{"uid": "\#(uid)", "title": "From the laptop", "notes": null, "time": null, "status": "open", "tags": [], "#
            + #""category": null, "color": null, "favorite": false, "created": "2026-11-22T10:00:00+00:00", "#
            + #""modified": "2026-11-22T10:00:00+00:00", "done_at": null, "#
            + #""stamps": {"made": {"at": "2026-11-22T10:00:00+00:00", "by": "ben"}, "changed": {}}}, "#
        try (String(text[..<brace]) + arrived + String(text[brace...])).write(
            toFile: file, atomically: false, encoding: .utf8)
    }

    @Test func aTaskArrivingWithoutAnIDIsNumberedOnceAndKeepsIt() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-24", .evening, "Read")
        try plantArrival("arrived-1", in: "2026-W48", of: temp)
        let week = ISOWeek(parsing: "2026-W48")!
        let first = try temp.store.read { try $0.tasks(in: week) }.first { $0.uid == "arrived-1" }
        #expect(first?.id == 3)
        // Saved by that read: every later command knows it as 3, by id too.
        #expect(try temp.store.read { try $0.task(id: 3) }?.uid == "arrived-1")
        #expect(try temp.store.read { try $0.tasks(in: week) }.first { $0.uid == "arrived-1" }?.id == 3)
        #expect(try add(temp.store, "2026-11-25", .morning, "Next").id == 4)
        #expect(try temp.store.check().problems.isEmpty)
    }

    @Test func arrivalsInTwoWeeksKeepTheIdsTheReadShowedWhateverOrderItReadThemIn() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-30", .morning, "Swim")
        try plantArrival("arrived-48", in: "2026-W48", of: temp)
        try plantArrival("arrived-49", in: "2026-W49", of: temp)
        // The later week read first: its arrival is numbered first.
        let shown = try temp.store.read { state in
            try state.tasks(in: ISOWeek(parsing: "2026-W49")!) + state.tasks(in: ISOWeek(parsing: "2026-W48")!)
        }.filter { $0.uid.hasPrefix("arrived") }.map { ($0.uid, $0.id) }
        #expect(shown.map(\.0) == ["arrived-49", "arrived-48"] && shown.map(\.1) == [3, 4])
        #expect(try temp.store.read { try $0.task(id: 3) }?.uid == "arrived-49")
        #expect(try temp.store.read { try $0.task(id: 4) }?.uid == "arrived-48")
        #expect(try temp.store.check().problems.isEmpty)
    }

    @Test func aCachedWeekOfAnEarlierFormatKeepsItsIdsThroughAChange() throws {
        let temp = TemporaryStore()
        try FileManager.default.copyItem(
            atPath: FormatUpgradeTests.fixtures.appendingPathComponent("format2-demo-store").path,
            toPath: temp.directory)
        let cache = WeekCache()
        let session = Store(directory: temp.directory, cache: cache)
        let week = ISOWeek(parsing: "2026-W48")!
        let before = try session.read { try $0.tasks(in: week) }.map { ($0.uid, $0.id) }
        let first = try #require(before.first?.1)
        _ = try session.commit(label: "done \(first)", now: now) { state in
            try TaskOperations.setStatus(
                .done, ids: [first], in: state, context: OperationContext(now: now, schedule: .standard))
        }
        let fresh = Store(directory: temp.directory)
        let after = try fresh.read { try $0.tasks(in: week) }.map { ($0.uid, $0.id) }
        #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1))
        #expect(try session.read { try $0.tasks(in: week) }.map(\.id) == before.map(\.1))
        #expect(try fresh.check().problems.isEmpty)
    }
}

@Suite struct EarlierFormatWeekTests {
    @Test func aHandCopiedTaskOfAnEarlierFormatGetsAUidOfItsOwnAndTheRestKeepTheirs() {
        let tasks = [draft(1, "2026-11-23", .morning, "Gym"), draft(2, "2026-11-23", .evening, "Read")]
        let copied = [tasks[0], tasks[1], tasks[0].withUID(tasks[0].uid)]
        let distinct = WeekDocument.distinctUIDs(copied)
        #expect(distinct[0] == tasks[0] && distinct[1] == tasks[1])
        #expect(distinct[2].uid != tasks[0].uid && distinct[2].title == "Gym" && distinct[2].id == 1)
        #expect(Set(distinct.map(\.uid)).count == 3)
    }
}

@Suite struct UpgradeEdgeTests {
    @Test func aHandCopyGetsTheSameUidOnEveryReadAndKeepsItThroughAnUndoOfAnEarlierEntry() throws {
        let tasks = [draft(5, "2026-11-23", .morning, "Gym"), draft(6, "2026-11-23", .morning, "Gym")]
        let copied = [tasks[0], tasks[1].withUID(tasks[0].uid)]
        let first = WeekDocument.distinctUIDs(copied)
        #expect(first == WeekDocument.distinctUIDs(copied))
        #expect(first[1].uid == tasks[0].uid + "-copy-6")
        // An entry of the change log written before the upgrade names the copy by the old uid:
        // applying it keeps the uid the copy has now.
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let task = try #require(try temp.store.read { try $0.task(id: 1) })
        var renamed = task.withUID("another-uid")
        renamed.title = "Gym at 7"
        try temp.store.write(label: "edit", now: now) { state in try state.update(renamed) }
        let after = try #require(try temp.store.read { try $0.task(id: 1) })
        #expect(after.uid == task.uid && after.title == "Gym at 7")
    }

    @Test func aWriteThatChangesNothingStillFinishesTheUpgrade() throws {
        let temp = TemporaryStore()
        try FileManager.default.copyItem(
            atPath: FormatUpgradeTests.fixtures.appendingPathComponent("format2-demo-store").path,
            toPath: temp.directory)
        // A write whose body changes nothing commits nothing of its own.
        try temp.store.write(label: "nothing", now: now) { _ in }
        let meta = try JSONParser.parse(try #require(temp.bytes("shade.json")))
        #expect(meta.objectValue?["format"] == 3)
    }
}
