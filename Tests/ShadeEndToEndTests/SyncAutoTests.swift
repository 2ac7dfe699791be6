import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Sync without typing it (SPEC §15): `sync status`, `sync auto on|off`, and the background sync
/// a saved change starts — two copies converge with no `sync` typed, and a copy whose remote
/// hangs answers its commands as fast as ever and shows the failure in `sync status`.
@Suite struct SyncAutoTests {
    /// `sync status --json` of a copy, as an object.
    private static func status(_ hub: SyncFixture, _ name: String) throws -> JSONObject {
        try #require(try hub.json(name, ["sync", "status"]).objectValue)
    }

    /// Waits (at most `seconds`) until `done` holds of a copy's sync status; returns the last
    /// status read.
    @discardableResult
    private static func waitFor(
        _ hub: SyncFixture, _ name: String, seconds: Double = 60, _ done: (JSONObject) -> Bool
    ) throws -> JSONObject {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let status = try status(hub, name)
            if done(status) || Date() > deadline { return status }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    /// Ends the background syncs still running on the fixture's copies (one waiting to retry).
    private static func stopBackground(_ hub: SyncFixture) {
        for copy in hub.copies {
            _ = try? ExternalCommand.run("/usr/bin/pkill", ["-f", "--", copy.store + " sync-background"])
        }
    }

    @Test func statusTellsTheRemoteTheLastSyncAndWhatWaits() throws {
        let hub = try SyncFixture(names: ["ana"])
        let alone = try Self.status(hub, "ana")
        #expect(alone["remote"] == .null)
        #expect(alone["auto"] == .bool(false))
        #expect(alone["last_sync"] == .null)
        #expect(alone["last_error"] == .null)
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        let joined = try Self.status(hub, "ana")
        #expect(joined["remote"]?.stringValue == hub.hub)
        #expect(joined["last_sync"]?.stringValue?.hasPrefix("2026-11-23T10:") == true, "\(joined)")
        #expect(joined["pending"] == .int(0))
        try hub.ok("ana", ["add", "tue", "Read"])
        try hub.ok("ana", ["done", "1"])
        #expect(try Self.status(hub, "ana")["pending"] == .int(2))
        try hub.ok("ana", ["sync"])
        let synced = try Self.status(hub, "ana")
        #expect(synced["pending"] == .int(0))
        #expect(synced["last_error"] == .null)
        #expect(synced["last_sync"] != joined["last_sync"])
        // A secret in the remote's URL is never shown; status asks the remote nothing.
        _ = try hub.git("ana", ["remote", "set-url", "origin", "https://ana:s3cret-token@planner.invalid/p.git"])
        let hidden = try Self.status(hub, "ana")
        #expect(hidden["remote"]?.stringValue == "https://ana:***@planner.invalid/p.git")
        let text = try hub.ok("ana", ["sync", "status"])
        #expect(!text.contains("s3cret"))
        // Through git-remote-gcrypt too: a token before @ in its https URL.
        _ = try hub.git("ana", ["remote", "set-url", "origin", "gcrypt::https://tok3n-secret@planner.invalid/p.git"])
        #expect(try Self.status(hub, "ana")["remote"]?.stringValue == "gcrypt::https://***@planner.invalid/p.git")
        _ = try hub.git("ana", ["remote", "set-url", "origin", "https://ana:s3cret-token@planner.invalid/p.git"])
        // A sync that fails says so in last_error, and keeps its changes waiting.
        try hub.ok("ana", ["add", "wed", "Swim"])
        #expect(try hub.run("ana", ["sync"]).status == 1)
        let failed = try Self.status(hub, "ana")
        #expect(failed["last_error"]?.stringValue?.contains("could not reach") == true, "\(failed)")
        #expect(failed["last_error"]?.stringValue?.contains("s3cret") == false)
        #expect(failed["pending"] == .int(1))
        #expect(failed["last_sync"] == synced["last_sync"])
    }

    @Test func autoIsASettingOfASharedCopy() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        let refused = try hub.run("ana", ["sync", "auto", "on"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("not shared"))
        #expect(try hub.run("ana", ["sync", "auto", "maybe"]).status == 64)
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ana", ["sync", "auto", "on"])
        #expect(try Self.status(hub, "ana")["auto"] == .bool(true))
        try hub.ok("ana", ["sync", "auto", "off"])
        #expect(try Self.status(hub, "ana")["auto"] == .bool(false))
        // Off, a change is sent by the next sync alone.
        try hub.ok("ana", ["add", "tue", "Read"])
        Thread.sleep(forTimeInterval: 2)
        #expect(try Self.status(hub, "ana")["pending"] == .int(1))
    }

    @Test func twoCopiesWithAutoOnConvergeWithNoSyncTyped() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        defer { Self.stopBackground(hub) }
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        for name in ["ana", "ben"] { try hub.ok(name, ["sync", "auto", "on"]) }
        func sent(_ name: String) throws {
            let status = try Self.waitFor(hub, name) { $0["pending"] == .int(0) }
            #expect(status["pending"] == .int(0), "\(name): \(status)")
            #expect(status["last_error"] == .null, "\(name): \(status)")
        }
        try hub.ok("ana", ["add", "tue", "Read"])
        try sent("ana")
        // Ben's change syncs: it sends his, and brings Ana's.
        try hub.ok("ben", ["add", "wed", "Swim"])
        try sent("ben")
        #expect(try hub.uid("ben", titled: "Read") != nil)
        try hub.ok("ana", ["add", "thu", "Cook"])
        try sent("ana")
        #expect(try hub.uid("ana", titled: "Swim") != nil)
        let swim = try #require(try hub.uid("ben", titled: "Swim"))
        try hub.ok("ben", ["done", String(try hub.ids("ben")[swim] ?? 0)])
        try sent("ben")
        // Both hold every task; each copy receives at its next sync, so Ana has all but Ben's
        // last change, which is on the shared repository.
        let ana = try hub.planner("ana")
        let ben = try hub.planner("ben")
        #expect(ana.count == 4)
        #expect(Set(ana.keys) == Set(ben.keys))
        for (uid, task) in ben where uid != swim { #expect(ana[uid] == task, "\(uid)") }
        #expect(ben[swim]?["status"]?.stringValue == "done")
        let log = try ExternalCommand.run("/usr/bin/git", ["--git-dir", hub.hub, "log", "-3", "--format=%s", "main"])
        #expect(log.output.contains("ben: 1 changed"), "\(log.output)")
    }

    @Test func aBackgroundSyncEndsWhenThePlannerIsNoLongerShared() throws {
        let hub = try SyncFixture(names: ["ana"])
        defer { Self.stopBackground(hub) }
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ana", ["sync", "auto", "on"])
        try FileManager.default.removeItem(atPath: hub["ana"].store + "/.git")
        try hub.ok("ana", ["add", "tue", "Read"])
        Thread.sleep(forTimeInterval: 3)
        let running = try ExternalCommand.run("/usr/bin/pgrep", ["-f", "--", hub["ana"].store + " sync-background"])
        #expect(
            running.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "still running: \(running.output)")
    }

    @Test func aHangingRemoteDelaysNoCommandAndItsFailureShows() throws {
        let hub = try SyncFixture(names: ["ana"])
        defer { Self.stopBackground(hub) }
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ana", ["sync", "auto", "on"])
        // A remote that takes the connection and never answers.
        let listener = try HangingListener()
        _ = try hub.git("ana", ["remote", "set-url", "origin", "git://127.0.0.1:\(listener.port)/planner.git"])
        let changed = Date()
        let started = Date()
        try hub.ok("ana", ["add", "tue", "Read"])
        try hub.ok("ana", ["add", "wed", "Swim"])
        try hub.ok("ana", ["day", "tue"])
        // Each command answered while the sync it started hangs (git would wait 20 s).
        #expect(Date().timeIntervalSince(started) < 5)
        let failed = try Self.waitFor(hub, "ana", seconds: 40) { $0["last_error"] != .null }
        #expect(Date().timeIntervalSince(changed) < 30, "the failure showed too late: \(failed)")
        #expect(failed["last_error"]?.stringValue?.contains("git fetch took more than") == true, "\(failed)")
        #expect(failed["pending"] == .int(2))
        // Nothing was lost; once the remote answers again, the waiting retry sends it all.
        _ = try hub.git("ana", ["remote", "set-url", "origin", hub.hub])
        let sent = try Self.waitFor(hub, "ana", seconds: 60) { $0["pending"] == .int(0) }
        #expect(sent["pending"] == .int(0), "\(sent)")
        #expect(sent["last_error"] == .null)
        let log = try ExternalCommand.run("/usr/bin/git", ["--git-dir", hub.hub, "log", "--format=%s", "main"])
        #expect(log.output.contains("2 added"), "\(log.output)")
    }
}

/// A TCP listener on the loopback that accepts connections (the kernel does) and never answers:
/// a remote that hangs.
final class HangingListener: @unchecked Sendable {
    let port: Int
    private let socketDescriptor: Int32

    init() throws {
        let made = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(made, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard made >= 0, bound == 0, listen(made, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(made, $0, &length) }
        }
        socketDescriptor = made
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socketDescriptor) }
}
