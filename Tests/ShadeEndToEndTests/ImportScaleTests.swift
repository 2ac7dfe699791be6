import Foundation
import ShadeTestSupport
import Testing

/// What an import costs grows with the file, not faster (SPEC §17): importing twice the tasks
/// into one week costs about twice the instructions. Counted with callgrind, which a noisy
/// machine does not sway, on a copy of the binary without the debug information valgrind cannot
/// read.
@Suite struct ImportScaleTests {
    /// A CSV file of `count` tasks, all in one week.
    static func csv(_ count: Int, in directory: String) throws -> String {
        var text = "uid,date,slot,title,status,created,modified\n"
        for index in 0..<count {
            text += "u\(index),2026-11-2\(3 + index % 5),morning,Task \(index),open,"
            text += "2026-11-25T10:00:00+00:00,2026-11-25T10:00:00+00:00\n"
        }
        let path = directory + "/tasks-\(count).csv"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The instructions `shade import FILE` runs into an empty store, by callgrind.
    static func instructions(importing file: String, binary: String, valgrind: String) throws -> Int {
        let shade = ShadeProcess(now: "2026-11-25T10:00")
        let counts = shade.root + "/callgrind.out"
        let run = try ExternalCommand.run(
            valgrind, ["--tool=callgrind", "--callgrind-out-file=" + counts, binary, "import", file],
            environment: shade.environment)
        #expect(run.status == 0, "\(run.output)")
        let text = try String(contentsOfFile: counts, encoding: .utf8)
        let summary = text.split(separator: "\n").first { $0.hasPrefix("summary:") }
        return try #require(
            summary.flatMap { Int($0.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces)) })
    }

    @Test func importingTwiceTheTasksIntoOneWeekCostsAboutTwice() throws {
        let valgrind = try ShellCompletionTests.tool("valgrind")
        let objcopy = try ShellCompletionTests.tool("objcopy")
        let scratch = ShadeProcess()
        let binary = scratch.root + "/shade"
        let strip = try ExternalCommand.run(objcopy, ["--strip-debug", ShadeProcess.binary, binary])
        #expect(strip.status == 0, "\(strip.output)")
        let small = try Self.instructions(
            importing: try Self.csv(1500, in: scratch.root), binary: binary, valgrind: valgrind)
        let large = try Self.instructions(
            importing: try Self.csv(3000, in: scratch.root), binary: binary, valgrind: valgrind)
        // Linear is 2×; filing each task by a scan of its growing week was 3.5× here.
        #expect(Double(large) <= 2.3 * Double(small), "1,500 tasks: \(small), 3,000: \(large) instructions")
    }
}
