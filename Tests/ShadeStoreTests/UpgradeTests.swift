import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

@Suite struct FormatUpgradeTests {
    /// A copy of the store that format 1 wrote (Fixtures/format1-store), in a temporary directory.
    private func format1Store() throws -> TemporaryStore {
        let temp = TemporaryStore()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/format1-store")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: temp.directory)
        return temp
    }

    @Test func aFormat1StoreReadsWithNothingLost() throws {
        let temp = try format1Store()
        let tasks = try temp.store.read { try $0.allTasks() }.sorted { $0.id < $1.id }
        #expect(tasks.map(\.id) == [1, 3, 4, 5])
        #expect(tasks.map(\.title) == ["Gym", "Pay the internet bill", "New year's eve party", "Back to work"])
        #expect(tasks.map(\.status) == [.done, .cancelled, .open, .open])
        #expect(tasks[0].time?.description == "07:30" && tasks[0].tags == ["health"])
        #expect(tasks[3].date.description == "2027-01-05")
        #expect(tasks.allSatisfy { $0.category == nil && $0.color == nil && !$0.favorite })
        #expect(try temp.store.read { try $0.undoEntries() }.count == 10)
    }

    @Test func theFirstWriteUpgradesWhatItWritesAndKeepsEverything() throws {
        let temp = try format1Store()
        let before = try temp.store.read { try $0.allTasks() }
        try temp.store.write(label: "star 1", now: now) { state in
            var task = try #require(try state.task(id: 1))
            task.favorite = true
            task.category = "health"
            try state.update(task)
        }
        let meta = try JSONParser.parse(temp.bytes("shade.json")!)
        #expect(meta.objectValue?["format"] == 2)
        let week = try JSONParser.parse(temp.bytes("weeks/2026/2026-W48.json")!)
        #expect(week.objectValue?["format"] == 2)
        #expect(
            temp.bytes("weeks/2026/2026-W48.json").map { String(decoding: $0, as: UTF8.self) }?.contains(
                "\"favorite\": true") == true)
        // Untouched weeks stay as format 1 wrote them and still read.
        #expect(try JSONParser.parse(temp.bytes("weeks/2027/2027-W01.json")!).objectValue?["format"] == 1)
        let after = try temp.store.read { try $0.allTasks() }
        #expect(after.count == before.count)
        #expect(Set(after.map(\.uid)) == Set(before.map(\.uid)))
        // Changes recorded by format 1 can still be taken back, after the upgrade's own.
        #expect(try temp.store.undo(now: now)?.label == "star 1")
        #expect(try temp.store.undo(now: now)?.label == "mv 5 2027-01-05")
        #expect(try temp.store.read { try $0.task(id: 5) }?.date.description == "2027-01-04")
        #expect(try SchemaValidation.validate(stores: [temp.directory]) > 0)
    }
}
