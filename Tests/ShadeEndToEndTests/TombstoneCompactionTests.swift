import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Tombstones are compacted (SPEC §15): a removal older than `sync.keep_removals_days` (90 days
/// unless set) that every known member has synced past is dropped from the files, on every copy;
/// one a member has not synced past stays.
@Suite struct TombstoneCompactionTests {
    /// The week file of 2026-W48 (where the removed task was) as a copy holds it.
    private static func removed(_ hub: SyncFixture, _ name: String) throws -> [String] {
        let path = hub[name].store + "/weeks/2026/2026-W48.json"
        let value = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        return value.objectValue?["removed"]?.objectValue?.map(\.key) ?? []
    }

    /// Runs a command on a copy at a moment of its own (days after the fixture's clock).
    @discardableResult
    private static func later(_ hub: SyncFixture, _ name: String, _ arguments: [String], at moment: String) throws
        -> String
    {
        let result = try hub[name].shade.run(arguments, environment: ["SHADE_NOW": moment])
        #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)")
        return result.stdout
    }

    /// Ana and Ben share a planner; Ana removes Gym, and both sync past the removal.
    private static func removedAndSyncedPast() throws -> (SyncFixture, gym: String) {
        let hub = try SyncFixture(names: ["ana", "ben", "cy"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["add", "tue", "Swim"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        try hub.ok("ana", ["rm", "1"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        // Ben's next change is built on the removal: he has synced past it.
        try hub.ok("ben", ["add", "wed", "Read"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try Self.removed(hub, "ana") == [gym])
        return (hub, gym)
    }

    @Test func anOldRemovalEveryMemberSyncedPastIsDroppedOnEveryCopy() throws {
        let (hub, gym) = try Self.removedAndSyncedPast()
        // Within 90 days it stays.
        try Self.later(hub, "ana", ["sync"], at: "2027-01-20T09:00")
        #expect(try Self.removed(hub, "ana") == [gym])
        // Past them, Ana's sync drops it and sends the file without it; Ben's sync takes that.
        try Self.later(hub, "ana", ["sync"], at: "2027-03-01T09:00")
        #expect(try Self.removed(hub, "ana").isEmpty)
        try Self.later(hub, "ben", ["sync"], at: "2027-03-01T09:05")
        #expect(try Self.removed(hub, "ben").isEmpty)
        try Self.later(hub, "ana", ["sync"], at: "2027-03-01T09:10")
        let shared = try ExternalCommand.run(
            "/usr/bin/git", ["--git-dir", hub.hub, "show", "main:weeks/2026/2026-W48.json"])
        #expect(!shared.output.contains(gym), "\(shared.output)")
        #expect(try hub.planner("ana") == hub.planner("ben"))
        #expect(try hub.planner("ana")[gym] == nil)
        for name in ["ana", "ben"] {
            let conflicts = try hub.json(name, ["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? []
            #expect(conflicts.isEmpty, "\(name): \(conflicts)")
        }
    }

    @Test func aMemberWhoHasNotSyncedPastTheRemovalKeepsIt() throws {
        let hub = try SyncFixture(names: ["ana", "ben", "cy"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        // Cy joins before the removal and sends nothing since: his copy still holds Gym.
        try hub.ok("cy", ["sync", "init", hub.hub])
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        try hub.ok("ana", ["rm", "1"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ben", ["add", "wed", "Read"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        try Self.later(hub, "ana", ["sync"], at: "2027-03-01T09:00")
        #expect(try Self.removed(hub, "ana") == [gym])
        // Once Cy has synced past it (a change of his built on it), it goes.
        try Self.later(hub, "cy", ["sync"], at: "2027-03-01T09:05")
        try Self.later(hub, "cy", ["add", "thu", "Cook"], at: "2027-03-01T09:06")
        try Self.later(hub, "cy", ["sync"], at: "2027-03-01T09:07")
        try Self.later(hub, "ana", ["sync"], at: "2027-03-02T09:00")
        #expect(try Self.removed(hub, "ana").isEmpty)
        #expect(try hub.planner("cy")[gym] == nil)
    }

    /// Ben received Gym without committing anything, then changed it offline; his newest commit
    /// predates Gym. That is no evidence he synced past the removal: the tombstone stays, and
    /// the removal (later than his change) still wins when he syncs.
    @Test func aMemberWhoseNewestCommitPredatesTheRecordKeepsTheTombstone() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Swim"]])
        try hub.ok("ana", ["add", "tue", "Gym"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        let gym = try #require(try hub.uid("ben", titled: "Gym"))
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[gym] ?? 0), "Gym at 8"])
        try hub.ok("ana", ["rm", String(try hub.ids("ana")[gym] ?? 0)])
        try hub.ok("ana", ["sync"])
        try Self.later(hub, "ana", ["sync"], at: "2027-03-10T09:00")
        #expect(try Self.removed(hub, "ana") == [gym])
        try Self.later(hub, "ben", ["sync"], at: "2027-03-10T09:05")
        #expect(try hub.planner("ben")[gym] == nil)
    }

    @Test func howLongRemovalsAreKeptIsASetting() throws {
        let (hub, gym) = try Self.removedAndSyncedPast()
        let config = hub["ana"].shade.root + "/config/shade/config.json"
        try Data("{\"user\": {\"name\": \"ana\"}, \"sync\": {\"keep_removals_days\": 400}}\n".utf8).write(
            to: URL(fileURLWithPath: config))
        try Self.later(hub, "ana", ["sync"], at: "2027-03-01T09:00")
        #expect(try Self.removed(hub, "ana") == [gym])
        try Data("{\"user\": {\"name\": \"ana\"}, \"sync\": {\"keep_removals_days\": 0}}\n".utf8).write(
            to: URL(fileURLWithPath: config))
        let refused = try hub["ana"].shade.run(["sync"], environment: ["SHADE_NOW": "2027-03-02T09:00"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("keep_removals_days"))
    }
}
