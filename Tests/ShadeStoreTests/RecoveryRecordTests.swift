import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A recovery record may name only files of the store's registry: any other is set aside whole,
/// never replayed, and a valid one is still replayed.
@Suite struct RecoveryRecordTests {
    private func record(_ files: [(String, String?)]) throws -> [UInt8] {
        let list: [JSONValue] = files.map { ["to": .string($0.0), "content": $0.1.map(JSONValue.string) ?? .null] }
        return try JSONWriter.bytes(["format": 3, "kind": "commit", "files": .array(list)])
    }

    @Test(arguments: [
        ".git/config", "../outside", "/etc/passwd", "ids/../../x", "weeks/2026/../../../x.json", "weeks/2026/x.txt",
        "ids/7.json", "journal/0000000001-x.json", "lock",
    ])
    func aRecordNamingAPathOfNoStoreFileIsRefusedWhole(_ path: String) throws {
        let bytes = try record([("weeks/2026/2026-W48.json", "{}"), (path, "x")])
        #expect(throws: StoreError.foreignRecord(file: "r", path: path)) {
            try CommitJournal.files(in: bytes, file: "r")
        }
    }

    @Test(arguments: [
        "weeks/2026/2026-W48.json", "ids/0000.json", "ids/weeks/2026-W48.json", "undo/0000000003.json",
        "shade.json", "categories.json", "journal/redo-applied.json",
    ])
    func aRecordNamingStoreFilesReads(_ path: String) throws {
        let files = try CommitJournal.files(in: try record([(path, "{}"), (path, nil)]), file: "r")
        #expect(files.map(\.relativePath) == [path, path])
    }

    @Test func aForeignRecordIsSetAsideAndTheStoreKeepsWorking() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let week = try #require(temp.bytes("weeks/2026/2026-W48.json"))
        temp.write(
            "journal/0000000050-0123456789abcdef0123456789abcdef.json",
            String(
                decoding: try record([("weeks/2026/2026-W48.json", "{}"), (".git/config", "[core]")]), as: UTF8.self))
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.map(\.title) == ["Gym"])
        #expect(temp.bytes("weeks/2026/2026-W48.json") == week)
        #expect(temp.bytes(".git/config") == nil)
        #expect(temp.bytes("journal/0000000050-0123456789abcdef0123456789abcdef.refused") != nil)
        let report = try temp.store.check()
        #expect(
            report.problems.map(\.file) == [
                temp.directory + "/journal/0000000050-0123456789abcdef0123456789abcdef.refused"
            ])
        try add(temp.store, "2026-11-23", .evening, "Read")
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.count == 2)
    }

    @Test func anEarlierShadesCommitRecordNamingNoStoreFileIsSetAside() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        temp.write(".staging/9-0.tmp", "[core]")
        temp.write(
            "commit.json",
            #"{"format": 1, "kind": "commit", "moves": [{"from": ".staging/9-0.tmp", "to": ".git/config"}]}"#)
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.map(\.title) == ["Gym"])
        #expect(temp.bytes(".git/config") == nil)
        #expect(temp.bytes("commit.json") == nil && temp.bytes("commit.refused") != nil)
        #expect(try temp.store.check().problems.map(\.file) == [temp.directory + "/commit.refused"])
    }

    @Test func aBackupSetListsAndRestoresOnlyStoreFiles() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-23", .evening, "Read")
        let set = try #require(try temp.store.backupSets().first)
        let folder = temp.directory + "/backups/" + StorePaths.padded(set.number, 10)
        temp.write("backups/" + StorePaths.padded(set.number, 10) + "/..~..~outside.json", "{}")
        temp.write("backups/" + StorePaths.padded(set.number, 10) + "/.git~config", "[core]")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 4)
        let listed = try #require(try temp.store.backupSets().first)
        #expect(listed.files == set.files)
        _ = try temp.store.restore(set: set.number)
        #expect(temp.bytes(".git/config") == nil)
        #expect(!FileManager.default.fileExists(atPath: temp.directory + "/../outside.json"))
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.map(\.title) == ["Gym"])
    }
}
