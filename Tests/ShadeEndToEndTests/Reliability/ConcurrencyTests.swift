import Foundation
import Testing

/// Many writers on one store at once: 8 one-shot processes adding 200 tasks each, alone and with
/// a REPL writing at the same time; every task arrives, with distinct ids and nothing lost.
///
/// Reproduce: `swift test --filter ConcurrencyTests`.
@Suite(.serialized) struct ConcurrencyTests {
    static let writers = 8
    static let addsEach = 200

    /// Starts `writers` shells, each running `addsEach` one-shot adds in a row; returns them.
    private func startOneShotWriters(_ shade: ShadeProcess) throws -> [Process] {
        var processes: [Process] = []
        for writer in 0..<ConcurrencyTests.writers {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            // Spread over a year of days, as a real planner's adds are (a week of 1,600 tasks would
            // time the parsing of one huge file instead of the locking).
            let lines = (1...ConcurrencyTests.addsEach).map { task in
                let day = CivilDateText.adding(days: (task * ConcurrencyTests.writers + writer) % 364, to: 2026, 11, 23)
                return "\"$0\" add \(day) 'writer \(writer) task \(task)' >/dev/null || failed=$((failed + 1))"
            }
            process.arguments = [
                "-c", "failed=0\n" + lines.joined(separator: "\n") + "\nexit $failed\n", ShadeProcess.binary,
            ]
            process.environment = shade.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            processes.append(process)
        }
        return processes
    }

    private func expectEveryTask(_ shade: ShadeProcess, titles expected: Set<String>) throws {
        let tasks = try shade.allTasks()
        let ids = tasks.compactMap { $0.int("id") }
        #expect(tasks.count == expected.count)
        #expect(Set(ids).count == ids.count, "two tasks share an id")
        #expect(Set(ids) == Set(1...expected.count), "ids are not 1…\(expected.count)")
        #expect(Set(tasks.compactMap { $0.string("title") }) == expected)
        // Every id leads to its task through the id index.
        let lookups = try shade.run([], stdin: ids.map { "show \($0) --json" }.joined(separator: "\n") + "\n")
        #expect(lookups.status == 0, "\(lookups.stderr.prefix(500))")
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    private var oneShotTitles: Set<String> {
        Set(
            (0..<ConcurrencyTests.writers).flatMap { writer in
                (1...ConcurrencyTests.addsEach).map { "writer \(writer) task \($0)" }
            })
    }

    @Test func eightProcessesAddingTwoHundredTasksEachLoseNothing() throws {
        let started = Date()
        let shade = ShadeProcess()
        let processes = try startOneShotWriters(shade)
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "some adds failed")
        try expectEveryTask(shade, titles: oneShotTitles)
        print(
            "concurrency: \(ConcurrencyTests.writers) × \(ConcurrencyTests.addsEach) one-shot adds: "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }

    @Test func aREPLWritingAmongThemLosesNothingEither() throws {
        let started = Date()
        let shade = ShadeProcess()
        let processes = try startOneShotWriters(shade)
        // A REPL fed through a pipe, adding and completing its own tasks while the others add.
        let repl = Process()
        repl.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
        repl.environment = shade.environment
        let input = Pipe()
        let output = Pipe()
        repl.standardInput = input
        repl.standardOutput = output
        repl.standardError = FileHandle.nullDevice
        try repl.run()
        let reader = Thread { _ = output.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        for index in 1...ConcurrencyTests.addsEach {
            let day = CivilDateText.adding(days: (index * 5) % 364, to: 2026, 11, 23)
            input.fileHandleForWriting.write(Data("add \(day) REPL task \(index)\n".utf8))
        }
        input.fileHandleForWriting.closeFile()
        repl.waitUntilExit()
        for process in processes { process.waitUntilExit() }
        #expect(repl.terminationStatus == 0)
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "some adds failed")
        let titles = oneShotTitles.union((1...ConcurrencyTests.addsEach).map { "REPL task \($0)" })
        try expectEveryTask(shade, titles: titles)
        print(
            "concurrency: \(ConcurrencyTests.writers) × \(ConcurrencyTests.addsEach) one-shot adds "
                + "and a REPL adding \(ConcurrencyTests.addsEach): "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }
}

/// ISO dates for test data, counted from a start day.
enum CivilDateText {
    static func adding(days: Int, to year: Int, _ month: Int, _ day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let start =
            calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
        let date = calendar.date(byAdding: .day, value: days, to: start) ?? start
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
