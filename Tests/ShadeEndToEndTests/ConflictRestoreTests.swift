import ShadeJSON
import Testing

/// `conflicts restore N` (SPEC §15): the value that lost in conflict N goes back as a new change,
/// which the next sync sends to every copy; a removal that lost is made again; a change that lost
/// against a removal cannot be put back, and says so.
@Suite struct ConflictRestoreTests {
    /// Two copies of a planner with one task, each of which changed its title offline, synced:
    /// Ben's later title won and his copy logged Ana's as lost.
    private static func titleConflict() throws -> (SyncFixture, uid: String) {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Gym"]])
        let uid = try #require(try hub.uid("ana", titled: "Gym"))
        try hub.ok("ana", ["edit", "1", "Gym at 7"])
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[uid] ?? 0), "Gym at 8"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        return (hub, uid)
    }

    @Test func theLostValueGoesBackAndReachesTheOtherCopy() throws {
        let (hub, uid) = try Self.titleConflict()
        let listed = try hub.json("ben", ["conflicts"]).objectValue?["conflicts"]?.arrayValue?.first?.objectValue
        #expect(listed?["number"] == .int(1))
        #expect(listed?["lost"]?.stringValue == "Gym at 7")
        #expect(try hub.ok("ben", ["conflicts"]).hasPrefix("1 "))
        let restored = try hub.json("ben", ["conflicts", "restore", "1"]).objectValue
        #expect(restored?["changed"] == .bool(true))
        #expect(try hub.planner("ben")[uid]?["title"]?.stringValue == "Gym at 7")
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try hub.planner("ana")[uid]?["title"]?.stringValue == "Gym at 7")
        #expect(try hub.planner("ana") == hub.planner("ben"))
        // Again: the value is there already.
        let again = try hub.json("ben", ["conflicts", "restore", "1"]).objectValue
        #expect(again?["changed"] == .bool(false))
        // It is one change of the log, which undo takes back.
        let undone = try hub.json("ben", ["undo"]).objectValue
        #expect(undone?["undone"]?.stringValue == "conflicts restore 1")
        #expect(try hub.planner("ben")[uid]?["title"]?.stringValue == "Gym at 8")
    }

    @Test func aNumberThatNamesNoConflictIsRefused() throws {
        let (hub, _) = try Self.titleConflict()
        let missing = try hub.run("ben", ["conflicts", "restore", "2"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no conflict 2"))
        #expect(try hub.run("ben", ["conflicts", "restore", "0"]).status == 64)
        #expect(try hub.run("ben", ["conflicts", "restore", "one"]).status == 64)
        let none = try hub.run("ana", ["conflicts", "restore", "1"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no conflicts"))
    }

    @Test func aRemovalThatLostIsMadeAgainAndAChangeThatLostToARemovalIsNot() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Gym"], ["tue", "Swim"]])
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        let swim = try #require(try hub.uid("ana", titled: "Swim"))
        // Gym: Ana removes it, Ben renames it later: the change wins, the removal lost.
        // Swim: Ben renames it, Ana removes it later: the removal wins, the change lost.
        try hub.ok("ana", ["rm", "1"])
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[gym] ?? 0), "Gym at 8"])
        try hub.ok("ben", ["edit", String(try hub.ids("ben")[swim] ?? 0), "Swim at 9"])
        try hub.ok("ana", ["rm", "2"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        let conflicts = try hub.json("ben", ["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? []
        func number(of uid: String) -> String? {
            conflicts.compactMap(\.objectValue).first { $0["uid"]?.stringValue == uid }?["number"]?.intValue.map {
                String($0)
            }
        }
        let removalLost = try #require(number(of: gym), "\(conflicts)")
        let changeLost = try #require(number(of: swim), "\(conflicts)")
        let refused = try hub.run("ben", ["conflicts", "restore", changeLost])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is gone"), "\(refused.stderr)")
        try hub.ok("ben", ["conflicts", "restore", removalLost])
        #expect(try hub.planner("ben")[gym] == nil)
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try hub.planner("ana")[gym] == nil)
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }
}
