import ShadeJSON
import Testing

/// Sets merge as sets (SPEC §15): a tag added on one copy and another on a second copy, offline,
/// are both on the task once they have synced, and a tag one copy removes while the other adds
/// one is gone while the added one stays; no conflict is logged for either.
@Suite struct SyncSetMergeTests {
    @Test func tagsAddedOnTwoCopiesAreBothKept() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Gym", "+health", "+morning"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        let ana = try hub.ids("ana")[gym] ?? 0
        let ben = try hub.ids("ben")[gym] ?? 0
        // Offline: Ana adds +a, Ben adds +b and takes +morning off.
        try hub.ok("ana", ["edit", String(ana), "+a"])
        try hub.ok("ben", ["edit", String(ben), "+b", "-morning"])
        for name in ["ana", "ben", "ana"] { try hub.ok(name, ["sync"]) }
        for name in ["ana", "ben"] {
            let task = try hub.planner(name)[gym]
            let tags = task?["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(Set(tags) == ["health", "a", "b"], "\(name): \(tags)")
            let conflicts = try hub.json(name, ["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? []
            #expect(conflicts.isEmpty, "\(name): \(conflicts)")
        }
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    /// A goal's participants merge the same way: shared with one person on one copy and with
    /// another on the second, it is shared with both.
    @Test func participantsAddedOnTwoCopiesAreBothKept() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["goal", "add", "Trip"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        try hub.ok("ana", ["goal", "share", "g1", "cy"])
        try hub.ok("ben", ["goal", "share", "g1", "dee"])
        for name in ["ana", "ben", "ana"] { try hub.ok(name, ["sync"]) }
        for name in ["ana", "ben"] {
            let goal = try hub.json(name, ["goal", "show", "g1"]).objectValue
            let participants = goal?["participants"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(Set(participants) == ["cy", "dee"], "\(name): \(participants)")
        }
    }
}
