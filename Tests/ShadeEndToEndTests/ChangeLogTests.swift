import Foundation
import ShadeJSON
import Testing

/// One change log for every change: `undo` takes back whatever the last change touched
/// (categories too) in another process, and `log` lists the changes field by field.
@Suite struct ChangeLogTests {
    private func categories(_ shade: ShadeProcess) throws -> [String] {
        try shade.json(["cat"]).objectValue?["categories"]?.arrayValue?.compactMap {
            $0.objectValue?.string("name")
        } ?? []
    }

    @Test func undoOfACategoryRenameInAnotherProcessBringsBackTheNameAndEveryTask() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Standup", "cat:work"])
        try shade.run(["add", "tue", "Review", "cat:work"])
        try shade.run(["cat", "color", "work", "teal"])
        let renamed = try shade.run(["cat", "rename", "work", "job"])
        #expect(renamed.stdout.contains("renamed the category work to job (2 tasks)"))
        #expect(try categories(shade) == ["job"])
        let undone = try shade.run(["undo"])
        #expect(
            undone.stdout.contains("undid “cat rename work job” (tasks 1, 2 and categories work, job)"),
            "\(undone.stdout)")
        #expect(try categories(shade) == ["work"])
        #expect(try shade.json(["show", "2"]).objectValue?.string("category") == "work")
        // The colour change before it is the next undo step, then the adds.
        #expect(try shade.run(["undo"]).stdout.contains("cat color work teal"))
        #expect(
            try shade.json(["cat"]).objectValue?["categories"]?.arrayValue?.first?.objectValue?.string("color") == "red"
        )
        #expect(try shade.run(["undo"]).stdout.contains("add tue Review cat:work"))
    }

    @Test func undoOfACategoryRemovalWithItsTasksMovedElsewhere() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Milk", "cat:grocery"])
        try shade.run(["cat", "rm", "grocery", "--to", "errand"])
        #expect(try categories(shade) == ["errand"])
        try shade.run(["undo"])
        #expect(try categories(shade) == ["grocery"])
        #expect(try shade.json(["show", "1"]).objectValue?.string("category") == "grocery")
    }

    @Test func logListsEachChangeFieldByFieldNewestFirst() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym", "at:7"])
        try shade.run(["done", "1"])
        try shade.run(["cat", "add", "school", "blue"])
        let text = try shade.run(["log"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("#3 2026-11-23 09:30") == true, "\(text)")
        #expect(lines.contains("  added category school"))
        #expect(lines.contains { $0.contains("task 1 “Gym”: status open → done") })
        #expect(lines.contains("  added task 1 “Gym”"))
        let json = try shade.json(["log", "2"]).objectValue
        let changes = try #require(json?["changes"]?.arrayValue)
        #expect(changes.count == 2)
        let done = try #require(changes.last?.objectValue)
        #expect(done.string("label") == "done 1" && done.int("number") == 2)
        let record = try #require(done["records"]?.arrayValue?.first?.objectValue)
        #expect(record.string("kind") == "task" && record.int("id") == 1 && record.string("action") == "change")
        let fields = record["fields"]?.arrayValue?.compactMap { $0.objectValue } ?? []
        #expect(
            fields.contains {
                $0.string("field") == "status" && $0.string("old") == "open" && $0.string("new") == "done"
            })
        #expect(try shade.run(["log", "0"]).status == 64)
        #expect(try ShadeProcess().run(["log"]).stdout == "no changes yet\n")
    }

    @Test func aChangeThatChangesNothingIsNoUndoStep() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        let moved = try shade.run(["mv", "1", "mon", "morning"])
        #expect(moved.status == 0 && moved.stdout.contains("moved 1"))
        #expect(try shade.json(["log"]).objectValue?["changes"]?.arrayValue?.count == 1)
    }

    @Test func theLogNamesWhoMadeEachChange() throws {
        let shade = ShadeProcess()
        try FileManager.default.createDirectory(atPath: shade.root + "/config/shade", withIntermediateDirectories: true)
        try "{\"user\": {\"name\": \"ana\"}}".write(
            toFile: shade.root + "/config/shade/config.json", atomically: false, encoding: .utf8)
        try shade.run(["add", "Gym"])
        #expect(try shade.json(["log"]).objectValue?["changes"]?.arrayValue?.first?.objectValue?.string("by") == "ana")
        try FileManager.default.removeItem(atPath: shade.root + "/config/shade/config.json")
        try shade.run(["add", "Read"], environment: ["USER": "sam"])
        #expect(try shade.run(["log", "1"]).stdout.contains("· sam ·"))
    }
}
