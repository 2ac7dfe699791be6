import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Nothing in a store is followed or trusted by its name (SPEC §14): a week file or a folder that
/// is a link, a FIFO or a device is refused with its path and exit 1, never read, written, listed
/// through or waited on; a recovery record naming anything but a store file is never replayed.
/// Each test checks what the user sees and that nothing outside the store changed.
///
/// Reproduce: `swift test --filter UntrustedStoreFileTests`.
@Suite struct UntrustedStoreFileTests {
    static let week48 = "weeks/2026/2026-W48.json"

    /// A store with a task in 2026-W48 (Monday) and one in 2026-W49, and a folder beside the
    /// store standing for a place outside it.
    private func planner() throws -> (shade: ShadeProcess, outside: String) {
        let shade = ShadeProcess()
        #expect(try shade.run(["add", "mon", "morning", "Gym"]).status == 0)
        #expect(try shade.run(["add", "2026-11-30", "evening", "Read"]).status == 0)
        let outside = shade.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        return (shade, outside)
    }

    /// Every file under `directory` (relative) with its content: what "unchanged" is checked by.
    private func snapshot(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: directory)?.allObjects ?? [] {
            var isFolder: ObjCBool = false
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = FileManager.default.contents(atPath: path)
            }
        }
        return files
    }

    /// Whether any file under the store holds `text` (a secret that must not have been copied in).
    private func storeHolds(_ shade: ShadeProcess, _ text: String) -> Bool {
        let store = shade.store
        return FileManager.default.enumerator(atPath: store)?.allObjects.contains { name in
            guard let name = name as? String,
                let attributes = try? FileManager.default.attributesOfItem(atPath: store + "/" + name),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let data = FileManager.default.contents(atPath: store + "/" + name)
            else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        } ?? false
    }

    /// Replaces the store file `relative` by a link to `target`.
    private func link(_ shade: ShadeProcess, _ relative: String, to target: String) throws {
        try FileManager.default.removeItem(atPath: shade.store + "/" + relative)
        try FileManager.default.createSymbolicLink(atPath: shade.store + "/" + relative, withDestinationPath: target)
    }

    /// Runs shade under `timeout`, so that a command that blocks ends the test with 124 instead of
    /// hanging it; `stdin` is the path its standard input is opened from.
    private func runWithin(
        _ seconds: Int, _ shade: ShadeProcess, _ arguments: [String], stdin: String = "/dev/null"
    ) throws -> ShadeProcess.Result {
        let output = shade.root + "/out-" + UUID().uuidString
        let errors = shade.root + "/err-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        defer { for path in [output, errors] { try? FileManager.default.removeItem(atPath: path) } }
        let status = try ShadeProcess.spawn(
            "/usr/bin/timeout",
            arguments: (["timeout", "-s", "KILL", "\(seconds)", ShadeProcess.binary] + arguments).map {
                Array($0.utf8)
            },
            environment: shade.environment, stdin: stdin, stdout: output, stderr: errors)
        return ShadeProcess.Result(
            status: status,
            stdout: String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self))
    }

    @Test func aWeekFileLinkedToAPrivateFileIsNeitherReadNorCopiedAndTheErrorNamesIt() throws {
        let (shade, outside) = try planner()
        let secret = outside + "/private"
        let text = #"{"format": 3, "kind": "week", "week": "2026-W48", "tasks": [], "note": "SECRET-7731"}"#
        try text.write(toFile: secret, atomically: false, encoding: .utf8)
        try link(shade, UntrustedStoreFileTests.week48, to: secret)
        let path = shade.store + "/" + UntrustedStoreFileTests.week48

        for words in [["day", "mon"], ["add", "mon", "evening", "Swim"], ["ls", "all"], ["week"]] {
            let run = try shade.run(words)
            #expect(run.status == 1, "\(words)")
            #expect(
                run.stderr.contains("store file \(path) is not a regular file (a symlink)")
                    && run.stderr.contains("shade reads only regular files in its store"), "\(words): \(run.stderr)")
            #expect(!run.stdout.contains("SECRET") && !run.stderr.contains("SECRET"), "\(words)")
        }
        // Another week, read without this one, still works.
        let other = try shade.run(["day", "2026-11-30"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(other.stdout.contains("Read"))
        let check = try shade.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(path): not a regular file (a symlink)"), "\(check.stdout)")
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == text)
        #expect(!storeHolds(shade, "SECRET-7731"))
        #expect(snapshot(outside).count == 1)
    }

    @Test func aLinkedWeekFolderIsNeitherReadNorWrittenNorListedThrough() throws {
        let (shade, outside) = try planner()
        #expect(try shade.run(["add", "2027-01-05", "morning", "Dentist"]).status == 0)
        // The folder's week moves outside (a canary a shade that follows the link would read and
        // write), and the folder becomes a link to it.
        let folder = shade.store + "/weeks/2027"
        try FileManager.default.moveItem(atPath: folder + "/2027-W01.json", toPath: outside + "/2027-W01.json")
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createSymbolicLink(atPath: folder, withDestinationPath: outside)
        let before = snapshot(outside)

        for words in [
            ["day", "2027-01-05"], ["add", "2027-01-06", "morning", "Swim"], ["week", "2027-W01"], ["ls", "all"],
            ["add", "2027-03-01", "evening", "Plan"],
        ] {
            let run = try shade.run(words)
            #expect(run.status == 1, "\(words): \(run.stdout)")
            #expect(
                run.stderr.contains("store folder \(folder) is not a folder (a symlink)"), "\(words): \(run.stderr)")
            #expect(!run.stdout.contains("Dentist"), "\(words)")
        }
        #expect(snapshot(outside) == before, "nothing outside the store was written or made")
        // The weeks of other years keep working, reads and writes.
        #expect(try shade.run(["add", "mon", "evening", "Swim"]).status == 0)
        let day = try shade.run(["day", "mon"])
        #expect(day.status == 0 && day.stdout.contains("Swim") && day.stdout.contains("Gym"), "\(day.stderr)")
        let check = try shade.run(["check"])
        #expect(check.stdout.contains("\(folder): not a folder (a symlink)"), "\(check.stdout)")
        #expect(snapshot(outside) == before)
    }

    /// What a week file can be that a read would block on or never finish: a FIFO no one writes,
    /// a link to standard input (a pipe kept open and silent) or to `/dev/zero`.
    enum Trap: String, CaseIterable, CustomTestStringConvertible {
        case fifo, standardInput, zeros
        var testDescription: String { rawValue }
    }

    @Test(arguments: Trap.allCases)
    func aWeekFileThatWouldBlockOrNeverEndIsRefusedAtOnce(_ trap: Trap) throws {
        let (shade, _) = try planner()
        let path = shade.store + "/" + UntrustedStoreFileTests.week48
        try FileManager.default.removeItem(atPath: path)
        var stdin = "/dev/null"
        var writer: Int32 = -1
        defer { if writer >= 0 { close(writer) } }
        switch trap {
        case .fifo:
            #expect(mkfifo(path, 0o600) == 0)
        case .standardInput:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/stdin")
            stdin = shade.root + "/silent-pipe"
            #expect(mkfifo(stdin, 0o600) == 0)
            // Held open and never written: a read of it waits for ever.
            writer = open(stdin, O_RDWR)
        case .zeros:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        }
        let found = trap == .fifo ? "a FIFO" : "a symlink"
        for words in [["day", "mon"], ["add", "mon", "Swim"], ["check"]] {
            let run = try runWithin(20, shade, words, stdin: stdin)
            #expect(run.status == 1, "\(words) ended with \(run.status) (124 or 9: it blocked): \(run.stderr)")
            let said = run.stderr + run.stdout
            #expect(said.contains(path) && said.contains("not a regular file (\(found))"), "\(words): \(said)")
        }
        let other = try runWithin(20, shade, ["day", "2026-11-30"], stdin: stdin)
        #expect(other.status == 0 && other.stdout.contains("Read"), "\(other.stderr)")
    }

    @Test func idsLinkedElsewhereAreNeitherReadNorWritten() throws {
        let (shade, outside) = try planner()
        let ids = shade.store + "/ids"
        try FileManager.default.moveItem(atPath: ids, toPath: outside + "/ids")
        try FileManager.default.createSymbolicLink(atPath: ids, withDestinationPath: outside + "/ids")
        let before = snapshot(outside)
        for words in [["day", "mon"], ["add", "mon", "Swim"], ["done", "1"], ["ls", "all"]] {
            let run = try shade.run(words)
            #expect(run.status == 1, "\(words): \(run.stdout)")
            #expect(run.stderr.contains("store folder \(ids) is not a folder (a symlink)"), "\(words): \(run.stderr)")
        }
        #expect(snapshot(outside) == before)
        // Mended by putting the folder back: everything is as it was.
        try FileManager.default.removeItem(atPath: ids)
        try FileManager.default.moveItem(atPath: outside + "/ids", toPath: ids)
        let day = try shade.run(["day", "mon"])
        #expect(day.status == 0 && day.stdout.contains("1 Gym"), "\(day.stdout)\(day.stderr)")
    }

    /// Paths a hostile recovery record names: git's own configuration (whose `core.fsmonitor`
    /// would run a command), a way out of the store, an absolute path, a way out through a folder
    /// of the store, a file of no known kind.
    static let foreignTargets = [
        ".git/config", "../outside/canary", "OUTSIDE/canary", "ids/../../outside/canary", "weeks/2026/notes.txt",
    ]

    @Test(arguments: foreignTargets)
    func aRecoveryRecordNamingAnythingButAStoreFileIsNeverReplayed(_ target: String) throws {
        let (shade, outside) = try planner()
        try FileManager.default.createDirectory(atPath: shade.store + "/.git", withIntermediateDirectories: true)
        let config = "[core]\n\trepositoryformatversion = 0\n"
        try config.write(toFile: shade.store + "/.git/config", atomically: false, encoding: .utf8)
        try "canary\n".write(toFile: outside + "/canary", atomically: false, encoding: .utf8)
        let weekBefore = try #require(shade.storeFile(UntrustedStoreFileTests.week48))
        // A record of another boot, as a force-added file arrives: it also rewrites a week, which
        // must not happen either (the record is refused whole).
        let to = target.replacingOccurrences(of: "OUTSIDE", with: outside)
        let hostile = "[core]\n\tfsmonitor = touch \(outside)/ran\n"
        let record: JSONValue = [
            "format": 3, "kind": "commit",
            "files": [
                ["to": .string(UntrustedStoreFileTests.week48), "content": "{}"],
                ["to": .string(to), "content": .string(hostile)],
            ],
        ]
        let name = shade.store + "/journal/0000000099-0123456789abcdef0123456789abcdef.json"
        _ = FileManager.default.createFile(atPath: name, contents: Data(try JSONWriter.bytes(record)))

        let day = try shade.run(["day", "mon"])
        #expect(day.status == 0, "\(day.stderr)")
        #expect(day.stdout.contains("Gym"))
        #expect(shade.storeFile(UntrustedStoreFileTests.week48) == weekBefore)
        #expect(try String(contentsOfFile: shade.store + "/.git/config", encoding: .utf8) == config)
        #expect(try String(contentsOfFile: outside + "/canary", encoding: .utf8) == "canary\n")
        #expect(!FileManager.default.fileExists(atPath: shade.store + "/weeks/2026/notes.txt"))
        #expect(!FileManager.default.fileExists(atPath: outside + "/ran"))
        // Set aside, never replayed, and named by `check` until it is removed.
        let setAside = shade.store + "/journal/0000000099-0123456789abcdef0123456789abcdef.refused"
        #expect(FileManager.default.fileExists(atPath: setAside))
        #expect(!FileManager.default.fileExists(atPath: name))
        let check = try shade.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("\(setAside): a recovery record set aside and never replayed"), "\(check.stdout)")
        #expect(try shade.run(["add", "mon", "Swim"]).status == 0)
        #expect(try String(contentsOfFile: outside + "/canary", encoding: .utf8) == "canary\n")
        try FileManager.default.removeItem(atPath: setAside)
        #expect(try shade.run(["check"]).status == 0)
    }

    @Test func aRecoveryRecordThatIsALinkIsSetAsideUnread() throws {
        let (shade, outside) = try planner()
        let record: JSONValue = [
            "format": 3, "kind": "commit",
            "files": [["to": .string(UntrustedStoreFileTests.week48), "content": "{}"]],
        ]
        try Data(try JSONWriter.bytes(record)).write(to: URL(fileURLWithPath: outside + "/record.json"))
        let name = shade.store + "/journal/0000000099-0123456789abcdef0123456789abcdef.json"
        try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: outside + "/record.json")
        let weekBefore = shade.storeFile(UntrustedStoreFileTests.week48)
        let day = try shade.run(["day", "mon"])
        #expect(day.status == 0 && day.stdout.contains("Gym"), "\(day.stderr)")
        #expect(shade.storeFile(UntrustedStoreFileTests.week48) == weekBefore)
        #expect(FileManager.default.fileExists(atPath: outside + "/record.json"))
    }

    @Test func aValidRecoveryRecordLeftByACrashIsStillReplayed() throws {
        let (shade, _) = try planner()
        // The week as a crashed change would have left it in its record: one task retitled.
        let week = try #require(shade.storeFile(UntrustedStoreFileTests.week48))
        let retitled = String(decoding: week, as: UTF8.self).replacingOccurrences(of: "\"Gym\"", with: "\"Gym at six\"")
        let record: JSONValue = [
            "format": 3, "kind": "commit",
            "files": [["to": .string(UntrustedStoreFileTests.week48), "content": .string(retitled)]],
        ]
        let name = shade.store + "/journal/0000000099-0123456789abcdef0123456789abcdef.json"
        // A record file is newer than every frame of the commit log (one is written only after the
        // log's frames are flushed into their files and the log started again): as if none is left.
        try FileManager.default.removeItem(atPath: shade.store + "/journal/commit.log")
        _ = FileManager.default.createFile(atPath: name, contents: Data(try JSONWriter.bytes(record)))
        // Older than the week file, which the record then replaces (a newer file would be kept).
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: name)
        try FileManager.default.setAttributes(
            [.modificationDate: old.addingTimeInterval(-60)],
            ofItemAtPath: shade.store + "/" + UntrustedStoreFileTests.week48)
        let day = try shade.run(["day", "mon"])
        #expect(day.status == 0 && day.stdout.contains("Gym at six"), "\(day.stdout)\(day.stderr)")
        #expect(try shade.run(["check"]).status == 0)
    }

    @Test func aStoreWhoseRootIsALinkTheUserMadeWorks() throws {
        let shade = ShadeProcess()
        let real = shade.root + "/data/shade"
        try FileManager.default.createDirectory(atPath: shade.root + "/data", withIntermediateDirectories: true)
        let linked = shade.root + "/linked"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: shade.root + "/data")
        let environment = ["SHADE_STORE": linked + "/shade"]
        #expect(try shade.run(["add", "mon", "Gym"], environment: environment).status == 0)
        let day = try shade.run(["day", "mon"], environment: environment)
        #expect(day.status == 0 && day.stdout.contains("Gym"), "\(day.stderr)")
        #expect(FileManager.default.fileExists(atPath: real + "/" + UntrustedStoreFileTests.week48))
        #expect(try shade.run(["check"], environment: environment).status == 0)
    }
}
