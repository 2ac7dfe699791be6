import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A commit record names its files on one JSON line and carries their contents after it, byte for
/// byte; a record an earlier shade wrote (every content a JSON string) is still read.
@Suite struct FramedRecordTests {
    private let paths = StorePaths(root: "/store")

    private func staged(_ relative: String, _ bytes: [UInt8]?) -> AtomicCommit.StagedFile {
        AtomicCommit.StagedFile(target: paths.absolute(relative), staged: nil, bytes: bytes)
    }

    /// A record with `header` (JSON text) on its first line and `tail` after it.
    private func framed(_ header: String, _ tail: String) -> [UInt8] { Array((header + "\n" + tail).utf8) }

    @Test func aRecordGivesBackEveryContentByteForByte() throws {
        // Text JSON would escape (quotes, backslashes, newlines, a NUL), bytes that are not UTF-8,
        // an empty file, and a removal between them.
        let week = Array("{\n  \"title\": \"a \\\"b\\\" \\\\ c\"\n}\n".utf8) + [0, 0xFF, 0xFE, 0x0A]
        let files = [
            staged("weeks/2026/2026-W48.json", week), staged("ids/weeks/2026-W48.json", []),
            staged("undo/0000000003.json", nil), staged("ids/0000.json", Array("{}".utf8)),
        ]
        let bytes = try AtomicCommit(paths: paths).recordBytes(for: files)
        let read = try CommitJournal.files(in: bytes, file: "r")
        #expect(read.map(\.relativePath) == files.map { paths.relative($0.target) })
        #expect(read.map(\.bytes) == files.map(\.bytes))
        // The header is one line of JSON; the contents follow it unescaped.
        let header = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
        let value = try JSONParser.parse(Array(bytes[..<header]))
        #expect(value.objectValue?["kind"]?.stringValue == "commit")
        #expect(value.objectValue?["framed"]?.arrayValue?.count == 4)
        #expect(bytes.count == header + 1 + week.count + 2)
    }

    @Test func aRecordOfAnEarlierShadeIsStillRead() throws {
        // Compact (one line, no newline at all) and pretty (a first line that is no JSON alone).
        let value: JSONValue = [
            "format": 3, "kind": "commit",
            "files": [
                ["to": "weeks/2026/2026-W48.json", "content": "{\n}\n"], ["to": "ids/0000.json", "content": nil],
            ],
        ]
        for layout in [JSONWriter.Layout.compact, .pretty] {
            let read = try CommitJournal.files(in: try JSONWriter.bytes(value, layout: layout), file: "r")
            #expect(read.map(\.relativePath) == ["weeks/2026/2026-W48.json", "ids/0000.json"])
            #expect(read.map(\.bytes) == [Array("{\n}\n".utf8), nil])
        }
    }

    @Test(arguments: [".git/config", "../outside", "/etc/passwd", "ids/../../x", "lock"])
    func aRecordNamingAPathOfNoStoreFileIsRefusedWhole(_ path: String) throws {
        let bytes = try AtomicCommit(paths: paths).recordBytes(for: [
            staged("weeks/2026/2026-W48.json", Array("{}".utf8)), staged(path, Array("x".utf8)),
        ])
        #expect(throws: StoreError.foreignRecord(file: "r", path: path)) {
            try CommitJournal.files(in: bytes, file: "r")
        }
    }

    @Test(arguments: [
        // Bytes after the last file, a file cut short, a size below zero, a size that is no integer,
        // no path, a list that is no list.
        (#"{"format":3,"kind":"commit","framed":[{"to":"ids/0000.json","size":2}]}"#, "{}x"),
        (#"{"format":3,"kind":"commit","framed":[{"to":"ids/0000.json","size":3}]}"#, "{}"),
        (#"{"format":3,"kind":"commit","framed":[{"to":"ids/0000.json","size":-1}]}"#, ""),
        (#"{"format":3,"kind":"commit","framed":[{"to":"ids/0000.json","size":1.5}]}"#, "{}"),
        (#"{"format":3,"kind":"commit","framed":[{"size":2}]}"#, "{}"),
        (#"{"format":3,"kind":"commit","framed":{"to":"ids/0000.json","size":2}}"#, "{}"),
    ])
    func aRecordWhoseSizesDoNotAccountForItsBytesIsRefused(_ header: String, _ tail: String) {
        var location: String?
        do {
            _ = try CommitJournal.files(in: framed(header, tail), file: "r")
        } catch {
            if case .invalidContent(let file, let place, _, _) = error, file == "r" { location = place }
        }
        #expect(location?.hasPrefix("framed") == true, "\(header) \(tail)")
    }

    @Test func aFramedRecordIsReplayedAfterACrash() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let before = try #require(temp.bytes("weeks/2026/2026-W48.json"))
        try add(temp.store, "2026-11-23", .evening, "Read \"late\"\n")
        let after = try #require(temp.bytes("weeks/2026/2026-W48.json"))
        // The newest record, the log's last frame, is framed; put back as pending (the done mark
        // set back before it), with the week as it was before it.
        let log = try #require(try CommitJournal(paths: temp.store.paths).openLog(writable: true))
        let frames = log.frames(after: .start)
        let record = try #require(frames.last).payload
        let header = try #require(record.firstIndex(of: UInt8(ascii: "\n")))
        #expect(try JSONParser.parse(Array(record[..<header])).objectValue?["framed"] != nil)
        log.markDone(frames[0].mark)
        _ = FileManager.default.createFile(
            atPath: temp.directory + "/weeks/2026/2026-W48.json", contents: Data(before),
            attributes: [.modificationDate: Date(timeIntervalSince1970: 0)])
        let titles = try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.map(\.title)
        #expect(titles == ["Gym", "Read \"late\"\n"])
        #expect(temp.bytes("weeks/2026/2026-W48.json") == after)
    }
}
