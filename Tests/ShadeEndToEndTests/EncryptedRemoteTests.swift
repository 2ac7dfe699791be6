import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// An encrypted remote (SPEC §15): `sync init gcrypt::URL --key ID…` shares the planner through
/// git-remote-gcrypt, with GnuPG keys made for the test. Two copies converge through it, no
/// planner text is in any file of the remote (read raw and as git objects), and what arrives
/// through it passes the same gate as through a plain remote.
@Suite struct EncryptedRemoteTests {
    /// Titles that must never be in the remote in the clear.
    static let secrets = ["Zorro rendezvous at the old mill", "Ben's surprise party for Cy"]

    /// Two copies, each with a GnuPG home of its own (its own key, the other's public key), and
    /// an empty bare repository.
    private static func fixture() throws -> SyncFixture {
        let hub = try SyncFixture(names: ["ana", "ben"])
        var publicKeys: [String: Data] = [:]
        for copy in hub.copies {
            let home = hub.root + "/gnupg-" + copy.name
            try FileManager.default.createDirectory(
                atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            copy.shade.environment["GNUPGHOME"] = home
            let made = try gpg(
                home,
                [
                    "--passphrase", "", "--quick-gen-key", "\(copy.name) <\(copy.name)@example.org>",
                    "future-default", "default", "never",
                ])
            #expect(made.status == 0, "\(made.output)")
            publicKeys[copy.name] = Data(try gpg(home, ["--export", "\(copy.name)@example.org"]).output.utf8)
        }
        for copy in hub.copies {
            for (name, key) in publicKeys where name != copy.name {
                let file = hub.root + "/\(name).key"
                try key.write(to: URL(fileURLWithPath: file))
                let imported = try gpg(hub.root + "/gnupg-" + copy.name, ["--import", file])
                #expect(imported.status == 0, "\(imported.output)")
            }
        }
        return hub
    }

    private static func gpg(_ home: String, _ arguments: [String]) throws -> ExternalCommand.Result {
        try ExternalCommand.run(
            "/usr/bin/gpg", ["--homedir", home, "--batch", "--quiet", "--armor"] + arguments,
            environment: ["GNUPGHOME": home, "PATH": "/usr/bin:/bin"])
    }

    private static var keys: [String] { ["--key", "ana@example.org", "--key", "ben@example.org"] }

    /// Every file of the remote read raw, and every git object of it decompressed.
    private static func remoteText(_ hub: SyncFixture, repository: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let files = FileManager.default.enumerator(atPath: repository)
        while let file = files?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: repository + "/" + file) { bytes += data }
        }
        let objects = try ExternalCommand.run(
            "/usr/bin/git", ["--git-dir", repository, "cat-file", "--batch-all-objects", "--batch"])
        bytes += Array(objects.output.utf8)
        return bytes
    }

    private static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard pattern.count <= haystack.count else { return false }
        return (0...(haystack.count - pattern.count)).contains { start in
            haystack[start] == pattern[0] && Array(haystack[start..<(start + pattern.count)]) == pattern
        }
    }

    @Test func twoCopiesConvergeAndTheRemoteHoldsNoPlannerText() throws {
        let hub = try Self.fixture()
        let remote = "gcrypt::" + hub.hub
        try hub.ok("ana", ["add", "mon", Self.secrets[0], "+private"])
        try hub.ok("ana", ["sync", "init", remote] + Self.keys)
        let joined = try hub.json("ben", ["sync", "init", remote] + Self.keys).objectValue
        #expect(joined?["action"]?.stringValue == "joined")
        #expect(try hub.uid("ben", titled: Self.secrets[0]) != nil)
        try hub.ok("ben", ["add", "tue", Self.secrets[1]])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try hub.uid("ana", titled: Self.secrets[1]) != nil)
        #expect(try hub.planner("ana") == hub.planner("ben"))
        // The keys are kept by their fingerprints, never by an address gcrypt would search for.
        let participants = try hub.git("ana", ["config", "remote.origin.gcrypt-participants"]).output
        #expect(participants.split(separator: " ").count == 2, "\(participants)")
        #expect(!participants.contains("@"), "\(participants)")
        let status = try hub.json("ana", ["sync", "status"]).objectValue
        #expect(status?["remote"]?.stringValue == remote)
        let text = try Self.remoteText(hub, repository: hub.hub)
        #expect(!text.isEmpty)
        for secret in Self.secrets + ["private", "\"title\""] {
            #expect(!Self.contains(text, secret), "“\(secret)” is in the remote in the clear")
        }
    }

    /// The check above can fail: the same planner through a plain remote is there in the clear.
    @Test func aPlainRemoteHoldsTheTitlesTheCheckLooksFor() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.ok("ana", ["add", "mon", Self.secrets[0]])
        try hub.ok("ana", ["sync", "init", hub.hub])
        #expect(Self.contains(try Self.remoteText(hub, repository: hub.hub), Self.secrets[0]))
    }

    @Test func whatArrivesThroughItPassesTheGate() throws {
        let hub = try Self.fixture()
        let remote = "gcrypt::" + hub.hub
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", remote] + Self.keys)
        // Ben, by plain git through gcrypt, pushes a file that is no planner file.
        let clone = hub.root + "/attacker"
        let environment = ["GNUPGHOME": hub.root + "/gnupg-ben", "PATH": "/usr/bin:/bin", "HOME": hub.root]
        func git(_ arguments: [String], in directory: String? = nil) throws -> ExternalCommand.Result {
            try ExternalCommand.run(
                "/usr/bin/git", (directory.map { ["-C", $0] } ?? []) + arguments, environment: environment)
        }
        let cloned = try git(["clone", "-q", "-b", "main", remote, clone])
        #expect(cloned.status == 0, "\(cloned.output)")
        _ = try git(
            ["config", "remote.origin.gcrypt-participants", "ana@example.org ben@example.org"], in: clone)
        _ = try git(["config", "remote.origin.gcrypt-publish-participants", "true"], in: clone)
        try FileManager.default.createDirectory(atPath: clone + "/notes", withIntermediateDirectories: true)
        try Data("#!/bin/sh\ntouch \(hub.root)/ran\n".utf8).write(to: URL(fileURLWithPath: clone + "/notes/run.sh"))
        _ = try git(["add", "-f", "notes/run.sh"], in: clone)
        _ = try git(["-c", "user.name=ben", "-c", "user.email=ben@x", "commit", "-q", "-m", "notes"], in: clone)
        let pushed = try git(["push", "-q", "origin", "main"], in: clone)
        #expect(pushed.status == 0, "\(pushed.output)")
        let refused = try hub.run("ana", ["sync"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("notes/run.sh"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: hub["ana"].store + "/notes/run.sh"))
        #expect(!FileManager.default.fileExists(atPath: hub.root + "/ran"))
    }

    @Test func keysAreForAnEncryptedRemoteAndOneNeedsThem() throws {
        let hub = try Self.fixture()
        try hub.ok("ana", ["add", "mon", "Gym"])
        let plain = try hub.run("ana", ["sync", "init", hub.hub, "--key", "ana@example.org"])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("gcrypt::"))
        let keyless = try hub.run("ana", ["sync", "init", "gcrypt::" + hub.hub])
        #expect(keyless.status == 1)
        #expect(keyless.stderr.contains("--key"))
        // Neither made the store a repository.
        #expect(!FileManager.default.fileExists(atPath: hub["ana"].store + "/.git"))
        let unknown = try hub.run("ana", ["sync", "init", "gcrypt::" + hub.hub, "--key", "cy@example.org"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no key 'cy@example.org'"))
        // A key named by part of an address, or by a short id, is refused.
        let short = try hub.run("ana", ["sync", "init", "gcrypt::" + hub.hub, "--key", "DEADBEEF"])
        #expect(short.status == 1)
        #expect(short.stderr.contains("16 or 40 hex digits"), "\(short.stderr)")
        let partial = try hub.run("ana", ["sync", "init", "gcrypt::" + hub.hub, "--key", "na@example.org"])
        #expect(partial.status == 1, "\(partial.stdout)")
        let shell = try hub.run("ana", ["sync", "init", "gcrypt::" + hub.hub, "--key", "$(touch x)"])
        #expect(shell.status == 1)
        #expect(shell.stderr.contains("is not a GnuPG key"))
    }
}
