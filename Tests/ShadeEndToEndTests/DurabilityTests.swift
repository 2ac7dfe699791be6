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
