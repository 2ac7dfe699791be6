import ShadeJSON
import Testing

/// Undo after a sync (SPEC §15): taking back a change a sync sent makes a new change, which the
/// next sync sends and which wins on every copy; it puts back only the fields the change
/// changed, so another member's later edit stays.
@Suite struct SyncUndoTests {
    private static func pending(_ hub: SyncFixture, _ name: String) throws -> JSONValue? {
        try hub.json(name, ["sync", "status"]).objectValue?["pending"]
    }

    @Test func undoAfterASyncReachesTheOtherCopyAndKeepsTheirEdit() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Read"]])
        let read = try #require(try hub.uid("ana", titled: "Read"))
        try hub.ok("ana", ["done", "1"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        // Ben renames it, and Ana receives the rename before she takes her done back.
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[read] ?? 0), "Read a book"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        let undone = try hub.json("ana", ["undo"]).objectValue
        #expect(undone?["undone"]?.stringValue == "done 1")
        #expect(try Self.pending(hub, "ana") == .int(1))
        let entry = try hub.json("ana", ["log", "1"]).objectValue?["changes"]?.arrayValue?.first?.objectValue
        #expect(entry?["label"]?.stringValue == "undo done 1")
        try hub.ok("ana", ["sync"])
        #expect(try Self.pending(hub, "ana") == .int(0))
        try hub.ok("ben", ["sync"])
        for name in ["ana", "ben"] {
            let task = try hub.planner(name)[read]
            #expect(task?["status"]?.stringValue == "open", "\(name): \(String(describing: task))")
            #expect(task?["title"]?.stringValue == "Read a book", "\(name): \(String(describing: task))")
        }
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    @Test func undoingARemovalAndAnAdditionAfterASyncReachesTheOtherCopy() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Gym"], ["tue", "Swim"]])
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        try hub.ok("ana", ["rm", "1"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        #expect(try hub.planner("ben")[gym] == nil)
        // Back on Ana's copy, then on Ben's: the removal is taken back by a change of its own.
        try hub.ok("ana", ["undo"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        #expect(try hub.planner("ben")[gym]?["title"]?.stringValue == "Gym")
        // The undo of Ana's addition of Swim, sent before: Swim goes on every copy.
        let swim = try #require(try hub.uid("ana", titled: "Swim"))
        try hub.ok("ana", ["undo"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        #expect(try hub.planner("ben")[swim] == nil)
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    /// Ana's rename was overwritten by Ben's later one before she takes hers back: Ben's stays.
    @Test func undoLeavesAFieldSomeoneChangedSince() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Read"]])
        let read = try #require(try hub.uid("ana", titled: "Read"))
        try hub.ok("ana", ["edit", "1", "Read a book"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[read] ?? 0), "Read two books"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ana", ["undo"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        for name in ["ana", "ben"] {
            #expect(try hub.planner(name)[read]?["title"]?.stringValue == "Read two books", "\(name)")
        }
    }

    /// Ana's removal lost to Ben's later change (the task came back) before she takes it back:
    /// the task is there once, not twice.
    @Test func undoOfARemovalThatLostAddsNoSecondTask() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Gym"]])
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        try hub.ok("ana", ["rm", "1"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[gym] ?? 0), "Gym at 8"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try hub.planner("ana")[gym] != nil)
        try hub.ok("ana", ["undo"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        for name in ["ana", "ben"] {
            let titles = try hub.planner(name).values.compactMap { $0["title"]?.stringValue }
            #expect(titles == ["Gym at 8"], "\(name): \(titles)")
        }
        let check = try hub.run("ana", ["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func undoPassesOverTheSyncsOwnBookkeepingAndUndoesItsOwnUndoNever() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.share(adding: [["mon", "Gym"], ["tue", "Swim"]])
        // The sync listed Ana among the members: a change of the log, which undo passes over.
        let first = try hub.json("ana", ["undo"]).objectValue
        #expect(first?["undone"]?.stringValue == "add tue Swim")
        // The next undo takes back the change before, not the undo just made.
        let second = try hub.json("ana", ["undo"]).objectValue
        #expect(second?["undone"]?.stringValue == "add mon Gym")
        #expect(try hub.planner("ana").isEmpty)
        let members = try hub.json("ana", ["members"]).objectValue?["members"]?.arrayValue ?? []
        #expect(members.count == 1)
    }

    /// A change not sent yet is taken back as in a planner of one: no undo change is logged.
    @Test func undoOfAChangeNotSentYetIsAPlainUndo() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.share(adding: [["mon", "Gym"]])
        try hub.ok("ana", ["add", "tue", "Swim"])
        #expect(try Self.pending(hub, "ana") == .int(1))
        try hub.ok("ana", ["undo"])
        let labels = try hub.json("ana", ["log"]).objectValue?["changes"]?.arrayValue?.compactMap {
            $0.objectValue?["label"]?.stringValue
        }
        #expect(labels?.contains { $0.hasPrefix("undo ") } == false, "\(labels ?? [])")
        try hub.ok("ana", ["sync"])
        #expect(try Self.pending(hub, "ana") == .int(0))
    }
}
