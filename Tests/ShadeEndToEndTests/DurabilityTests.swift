import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

@Suite(.serialized) struct DurabilityTests {
    @Test func twoHundredConcurrentAddsLoseNothing() throws {
        let shade = ShadeProcess()
        var processes: [Process] = []
        for index in 0..<200 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
            process.arguments = ["add", "task \(index)"]
            process.environment = shade.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.filter { $0.terminationStatus != 0 }.isEmpty)
        let tasks = try shade.allTasks()
        #expect(tasks.count == 200)
        #expect(Set(tasks.compactMap { $0.int("id") }) == Set(1...200))
        #expect(Set(tasks.compactMap { $0.string("title") }) == Set((0..<200).map { "task \($0)" }))
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func killingWritersAtRandomMomentsNeverDamagesTheStoreOrLosesAnAcknowledgedChange() throws {
        let shade = ShadeProcess()
        // How long one save takes, so that kills land inside saves.
        var durations: [Double] = []
        for index in 0..<5 {
            let start = Date()
            try shade.run(["add", "warm-up \(index)"])
            durations.append(Date().timeIntervalSince(start))
        }
        let typical = durations.sorted()[2]
        var acknowledged: [String] = []
        var killed = 0
        var generator = SystemRandomNumberGenerator()
        let deadline = Date().addingTimeInterval(25)
        var iteration = 0
        while iteration < 300, Date() < deadline {
            iteration += 1
            let title = "kill-loop \(iteration)"
            let output = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
            // Every other round also completes the previous task, so that updates are killed too.
            process.arguments = iteration % 2 == 0 ? ["done", String(iteration + 4)] : ["add", title]
            process.environment = shade.environment
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...(typical * 1.5), using: &generator) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if process.terminationReason == .exit, process.terminationStatus == 0, printed.hasPrefix("added ") {
                acknowledged.append(title)
            } else if process.terminationReason == .uncaughtSignal {
                killed += 1
            }
            // The store must load after every kill.
            let check = try shade.run(["ls", "all", "--json"])
            #expect(check.status == 0, "after round \(iteration): \(check.stderr)")
            if check.status != 0 { break }
        }
        #expect(killed > 10, "kills must land while shade runs (\(killed) of \(iteration))")
        let titles = Set(try shade.allTasks().compactMap { $0.string("title") })
        let lost = acknowledged.filter { !titles.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost)")
        // The next successful command leaves no staged file behind, and every file validates.
        try shade.run(["add", "after the storm"])
        let staged = (try? FileManager.default.contentsOfDirectory(atPath: shade.store + "/.staging")) ?? []
        #expect(staged.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: shade.store + "/commit.json"))
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func persistenceAndUndoWorkAcrossProcessesAndTheREPL() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "One-shot task"])
        try shade.run([], stdin: "add Script task\ndone 1\n")
        #expect(try shade.json(["show", "1"]).objectValue?.string("status") == "done")
        #expect(try shade.run([], stdin: "undo\n").stdout.contains("done 1"))
        #expect(try shade.json(["show", "1"]).objectValue?.string("status") == "open")
        #expect(try shade.run(["undo"]).stdout.contains("add Script task"))
        #expect(try shade.allTasks().map { $0.string("title")! } == ["One-shot task"])
    }
}

/// Validates a store directory against data/store.schema.json, failing the test when it does not.
enum SchemaCheck {
    static func validate(_ store: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        do { return try SchemaValidation.validate(stores: [store]) } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return 0
        }
    }
}
