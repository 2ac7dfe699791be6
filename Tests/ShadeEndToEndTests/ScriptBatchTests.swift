import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// A piped script's task lines are saved in batches (several lines, one atomic save): each line
/// still says what it did only once that is on disk, keeps its own undo step, and fails alone.
@Suite struct ScriptBatchTests {
    @Test func aScriptsLinesSayWhatTheyDidInOrderEachItsOwnUndoStep() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "first"])
        var script = (1...120).map { "add tue evening Walk \($0)" }
        script += ["done 2", "done 999", "add wed Swim", "day tue", "star 3", "add thu Read"]
        let run = try shade.run([], stdin: script.joined(separator: "\n") + "\n")
        // The bad line fails alone, named by its number; every other line did what it said.
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("line 122: "), "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "added 2 · Tue 24 Nov · evening · Walk 1")
        #expect(lines.contains("added 121 · Tue 24 Nov · evening · Walk 120"))
        let done = try #require(lines.firstIndex(of: "done 2 · Walk 1"))
        let added = try #require(lines.firstIndex { $0.hasPrefix("added 122 · Wed 25 Nov") })
        #expect(done < added, "out of order: \(lines)")
        #expect(lines.last == "added 123 · Thu 26 Nov · morning · Read")
        #expect(try shade.allTasks().count == 123)
        // One change-log entry a line: undo takes back the last line only.
        let log = try shade.json(["log", "5"]).objectValue?["changes"]?.arrayValue ?? []
        #expect(
            log.compactMap { $0.objectValue?.string("label") } == [
                "add thu Read", "star 3", "add wed Swim", "done 2", "add tue evening Walk 120",
            ])
        #expect(try shade.run(["undo"]).status == 0)
        #expect(try shade.allTasks().count == 122)
        #expect(try shade.json(["show", "3"]).objectValue?["favorite"] == .bool(true))
    }

    @Test func aBadLineInTheMiddleFailsAloneAndIsNamed() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "first"])
        let script = ["add tue A", "done 99", "add tue B", "mv 1 sometime", "add tue C"]
        let run = try shade.run([], stdin: script.joined(separator: "\n") + "\n")
        #expect(run.status == 1)
        #expect(
            run.stdout
                == "added 2 · Tue 24 Nov · morning · A\nadded 3 · Tue 24 Nov · morning · B\nadded 4 · Tue 24 Nov · morning · C\n"
        )
        #expect(run.stderr.contains("line 2: "))
        #expect(run.stderr.contains("line 4: "))
        #expect(try shade.allTasks().count == 4)
    }

    /// The batch's save fails (an I/O error on its only flush): nothing of it is on disk, so its
    /// lines run again one at a time, each saved alone — each is there once and says so.
    @Test func aBatchWhoseSaveFailsRunsItsLinesAgainOneByOne() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            Issue.record("strace is not installed")
            return
        }
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "first"])
        let script = (1...5).map { "add tue Task \($0)" }.joined(separator: "\n") + "\n"
        let run = try shade.run(
            raw: [
                "/usr/bin/strace", "-f", "-qq", "-o", "/dev/null", "-e", "inject=fdatasync:error=EIO:when=1",
                ShadeProcess.binary,
            ]
            .map { Array($0.utf8) },
            stdin: Array(script.utf8), viaExecutable: "/usr/bin/strace")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == (2...6).map { "added \($0) · Tue 24 Nov · morning · Task \($0 - 1)\n" }.joined())
        let titles = try shade.allTasks().compactMap { $0.string("title") }
        #expect(titles == ["first"] + (1...5).map { "Task \($0)" })
        let log = try shade.json(["log", "10"]).objectValue?["changes"]?.arrayValue ?? []
        #expect(log.count == 6)
    }

    /// Kills a script at random moments while it pipes in adds: every line it acknowledged is in
    /// the store, which loads after every kill.
    @Test func everyAcknowledgedLineOfAKilledScriptIsThere() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "first"])
        var random = SplitMix64(seed: 20_261_123)
        var acknowledged: [String] = []
        let kills = ProcessInfo.processInfo.environment["SHADE_LONG_FAULTS"] == nil ? 12 : 120
        for round in 0..<kills {
            let input = Pipe()
            let output = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
            process.environment = shade.environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let script = (0..<2000).map { "add tue Round \(round) line \($0)" }.joined(separator: "\n") + "\n"
            let writer = Thread { try? input.fileHandleForWriting.write(contentsOf: Data(script.utf8)) }
            writer.start()
            usleep(UInt32(20_000 + random.next() % 500_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            for line in printed.split(separator: "\n") where line.hasPrefix("added ") {
                if let title = line.split(separator: "·").last {
                    acknowledged.append(title.trimmingCharacters(in: .whitespaces))
                }
            }
            #expect(try shade.run(["ls", "all"]).status == 0, "the store does not load after kill \(round)")
        }
        let titles = Set(try shade.allTasks().compactMap { $0.string("title") })
        let lost = acknowledged.filter { !titles.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost.prefix(5))")
        #expect(acknowledged.count > 100, "only \(acknowledged.count) lines were acknowledged before the kills")
        try ReliabilityFixture.expectCleanAfterNextCommand(shade, "after the script kills")
        print("script kills: \(kills) kills, \(acknowledged.count) acknowledged lines, all there")
    }
}
