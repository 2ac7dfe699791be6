import Foundation
import Testing

/// A change is durable after one flush: its commit record, a frame of `journal/commit.log`. The
/// files it changes follow without a flush of their own; the record is the truth until they reach
/// the disk, and is replayed when they may not have (`CommitLogTests` crash and restart them).
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

    @Test func addAndDoneAreDurableAfterOneFlush() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            Issue.record("strace is not installed")
            return
        }
        let shade = ShadeProcess()
        for title in ["Gym", "Read", "Call Mum"] { try shade.run(["add", "mon", title]) }
        let add = try flushes(shade, ["add", "tue", "evening", "Walk", "+health"])
        #expect(add.count == 1 && add.first?.contains("fdatasync(") == true, "add flushed \(add.count) times: \(add)")
        let done = try flushes(shade, ["done", "4"])
        #expect(
            done.count == 1 && done.first?.contains("fdatasync(") == true, "done flushed \(done.count) times: \(done)")
        // Both changes are there, and every file is where the views read it.
        #expect(try shade.json(["show", "4"]).objectValue?.string("status") == "done")
        print("flushes: add \(add.count), done \(done.count)")
    }

    @Test func aCheckpointFlushesTheFilesAndClearsTheRecords() throws {
        let shade = ShadeProcess()
        let script = (1...40).map { "add mon Task \($0)" }.joined(separator: "\n") + "\n"
        #expect(try shade.run([], stdin: script).status == 0)
        let journal = shade.store + "/journal"
        let records = try FileManager.default.contentsOfDirectory(atPath: journal).filter {
            $0.hasSuffix(".json") && $0 != "redo-applied.json" || $0.hasSuffix(".done")
        }
        #expect(records.isEmpty, "\(records)")
        // The log's header says how many frames are done since it last started (a little-endian
        // count at byte 32): fewer than a checkpoint's worth.
        let log = try #require(FileManager.default.contents(atPath: journal + "/commit.log"))
        let done = log[32..<40].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(done < 32, "\(done) frames kept")
        #expect(try shade.json(["ls", "all"]).objectValue?["tasks"]?.arrayValue?.count == 40)
    }
}
