import Foundation
import Testing

/// A change is durable after at most two flushes: its commit record, and the directory entry of
/// it. The files it changes follow without a flush of their own; the record is the truth until
/// they reach the disk, and is replayed when they may not have.
@Suite struct FlushTests {
    /// The flush calls a command makes, counted with strace.
    private func flushes(_ shade: ShadeProcess, _ arguments: [String]) throws -> [String] {
        let log = shade.root + "/flushes-" + UUID().uuidString
        let run = try shade.run(
            raw: [
                "/usr/bin/strace", "-f", "-qq", "-e", "trace=fsync,fdatasync,sync_file_range,msync,syncfs,sync",
                "-o", log, ShadeProcess.binary,
            ].map { Array($0.utf8) } + arguments.map { Array($0.utf8) },
            stdin: [], viaExecutable: "/usr/bin/strace")
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.contains("+++") && !$0.contains("---") }
    }

    @Test func addAndDoneAreDurableAfterAtMostTwoFlushes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            Issue.record("strace is not installed")
            return
        }
        let shade = ShadeProcess()
        for title in ["Gym", "Read", "Call Mum"] { try shade.run(["add", "mon", title]) }
        let add = try flushes(shade, ["add", "tue", "evening", "Walk", "+health"])
        #expect(add.count <= 2, "add flushed \(add.count) times: \(add)")
        let done = try flushes(shade, ["done", "4"])
        #expect(done.count <= 2, "done flushed \(done.count) times: \(done)")
        // Both changes are there, and every file is where the views read it.
        #expect(try shade.json(["show", "4"]).objectValue?.string("status") == "done")
        print("flushes: add \(add.count), done \(done.count)")
    }

    /// The week file a change wrote is lost (as an unflushed file may be in a power loss): the
    /// next command replays the change from its commit record.
    @Test func aRecordOfAnotherBootIsReplayedAndItsFilesFlushed() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        try shade.run(["add", "mon", "Read"])
        let journal = shade.store + "/journal"
        let records = try FileManager.default.contentsOfDirectory(atPath: journal).sorted()
        let last = try #require(records.last)
        // As after a restart: the record is of another boot, and the file it wrote never arrived.
        let other = last.replacingOccurrences(
            of: #"-[0-9a-f]+\."#, with: "-0123456789abcdef0123456789abcdef.", options: .regularExpression)
        try FileManager.default.moveItem(atPath: journal + "/" + last, toPath: journal + "/" + other)
        try Data().write(to: URL(fileURLWithPath: shade.store + "/weeks/2026/2026-W48.json"))
        let list = try shade.run(["ls", "all"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Gym") && list.stdout.contains("Read"), "\(list.stdout)")
        // Replayed, flushed, and the records cleared.
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal).isEmpty)
        #expect(try shade.run(["check"]).status == 0)
    }

    /// A writer killed after its commit point left its record pending: a reader finishes it.
    @Test func aPendingRecordIsFinishedByTheNextReader() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        let before = try Data(contentsOf: URL(fileURLWithPath: shade.store + "/weeks/2026/2026-W48.json"))
        try shade.run(["add", "mon", "Read"])
        let journal = shade.store + "/journal"
        let last = try #require(try FileManager.default.contentsOfDirectory(atPath: journal).sorted().last)
        // As if killed after the record was in and before the week was renamed into place.
        try FileManager.default.moveItem(
            atPath: journal + "/" + last, toPath: journal + "/" + last.replacingOccurrences(of: ".done", with: ".json"))
        // The week as it was before the change, as old as it was then.
        let week = shade.store + "/weeks/2026/2026-W48.json"
        try before.write(to: URL(fileURLWithPath: week))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: week)
        #expect(try shade.run(["ls", "all"]).stdout.contains("Read"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal).allSatisfy { $0.hasSuffix(".done") })
    }

    /// A file changed after the record was written (by hand, say) is newer than the record: a
    /// replay after a restart leaves it as it is.
    @Test func aReplayKeepsAFileEditedAfterItsRecord() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        let journal = shade.store + "/journal"
        let last = try #require(try FileManager.default.contentsOfDirectory(atPath: journal).sorted().last)
        let other = last.replacingOccurrences(
            of: #"-[0-9a-f]+\."#, with: "-0123456789abcdef0123456789abcdef.", options: .regularExpression)
        try FileManager.default.moveItem(atPath: journal + "/" + last, toPath: journal + "/" + other)
        let week = shade.store + "/weeks/2026/2026-W48.json"
        let edited = try String(contentsOfFile: week, encoding: .utf8).replacingOccurrences(
            of: "\"Gym\"", with: "\"Swim\"")
        Thread.sleep(forTimeInterval: 0.01)
        try edited.write(toFile: week, atomically: false, encoding: .utf8)
        #expect(try shade.json(["show", "1"]).objectValue?.string("title") == "Swim")
    }

    @Test func aCheckpointFlushesTheFilesAndClearsTheRecords() throws {
        let shade = ShadeProcess()
        let script = (1...40).map { "add mon Task \($0)" }.joined(separator: "\n") + "\n"
        #expect(try shade.run([], stdin: script).status == 0)
        let records = try FileManager.default.contentsOfDirectory(atPath: shade.store + "/journal")
        #expect(records.count < 32, "\(records.count) records kept")
        #expect(try shade.json(["ls", "all"]).objectValue?["tasks"]?.arrayValue?.count == 40)
    }
}
