import Foundation
import ShadeHost
import Synchronization
import Testing

@testable import ShadeCLI
@testable import ShadeCore
@testable import ShadeStore

/// Who the user is, in a session: the identity's defaults, and the registration of the current
/// user as a member that joining a shared planner makes.
@Suite struct ParticipantSessionTests {
    private func environment(_ root: String) -> ShadeEnvironment {
        ShadeEnvironment(variables: [
            "SHADE_STORE": root + "/store", "SHADE_NOW": "2026-11-23T09:30", "HOME": root, "USER": "login",
            "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state", "GIT_CONFIG_NOSYSTEM": "1",
            "PATH": "/usr/bin:/bin",
        ])
    }

    @Test func theCurrentUserIsRegisteredOnceWithTheirAddress() throws {
        let root = NSTemporaryDirectory() + "shade-participants-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/config/shade", withIntermediateDirectories: true)
        try #"{"user": {"name": "ana", "email": "ana@example.org"}}"#.write(
            toFile: root + "/config/shade/config.json", atomically: true, encoding: .utf8)
        let session = try ShadeMain.makeSession(
            environment: environment(root), store: nil, color: .never, interactive: false)
        #expect(session.identity.nameSetting == UserIdentity.Setting(value: "ana", source: .config))
        let change = try session.registerCurrentUser(label: "sync")
        #expect(change.by == "ana" && change.records.count == 1)
        #expect(try session.registerCurrentUser(label: "sync").isEmpty, "known already: no change")
        let members = try session.store.read { try $0.members() }
        #expect(members.map(\.name) == ["ana"] && members.first?.email == "ana@example.org")
        #expect(members.first?.stamps.made.by == "ana")
    }

    @Test func gitIsAskedOnlyOnceAndOnlyWhenANameIsWanted() {
        let asked = AskedKeys()
        let identity = UserIdentity(
            name: nil, email: nil, git: { key in asked.add(key) ? "Ana  Maria Lopez" : nil }, loginName: { "login" })
        #expect(asked.keys.isEmpty)
        #expect(identity.name == "Ana.Maria.Lopez")
        #expect(identity.name == "Ana.Maria.Lopez")
        #expect(asked.keys == ["user.name"])
        identity.configure(name: "ana")
        #expect(identity.nameSetting == UserIdentity.Setting(value: "ana", source: .config))
        identity.configure(name: nil)
        #expect(identity.nameSetting.source == .git)
    }

    @Test(
        arguments: [
            ("ana", "ana"), ("Ana Lopez", "Ana.Lopez"), ("  Ana \t Lopez ", "Ana.Lopez"), ("Ana (work)", nil),
            ("", nil), ("O'Brien", nil),
        ] as [(String, String?)])
    func gitsNameAsAParticipantsName(git: String, name: String?) {
        #expect(UserIdentity.participantName(fromGit: git) == name)
    }
}

/// The keys a test identity asked git for.
private final class AskedKeys: Sendable {
    private let asked = Mutex<[String]>([])

    var keys: [String] { asked.withLock { $0 } }

    /// Notes a key; true for user.name (the name git has), false for any other.
    func add(_ key: String) -> Bool {
        asked.withLock { $0.append(key) }
        return key == "user.name"
    }
}
