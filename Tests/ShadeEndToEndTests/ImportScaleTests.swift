import Foundation
import ShadeTestSupport
import Testing

/// What import and export cost grows with the tasks, not faster (SPEC §17): twice the tasks cost
/// about twice the instructions. Counted with callgrind, which a noisy machine does not sway, on
/// a copy of the binary without the debug information valgrind cannot read.
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

    /// A Taskwarrior export (`task export`, a JSON array) of `count` tasks, three a day from
    /// 2026-01-01: over weeks, as a history is.
    static func taskwarrior(_ count: Int, in directory: String) throws -> String {
        var lines: [String] = []
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        // 2026-01-01T09:00Z, then three a day, at 09:00, 13:00 and 17:00.
        let start = Date(timeIntervalSince1970: 1_767_258_000)
        for index in 0..<count {
            let date = formatter.string(
                from: start.addingTimeInterval(Double(index / 3) * 86_400 + Double(index % 3) * 4 * 3_600))
            let uuid = String(format: "00000000-0000-4000-8000-%012d", index)
            let status = index % 4 == 0 ? "completed" : "pending"
            let end = status == "completed" ? ",\"end\":\"\(date)\"" : ""
            lines.append(
                "{\"uuid\":\"\(uuid)\",\"description\":\"Task \(index), [a] \\\"b\\\"\",\"status\":\"\(status)\",\"entry\":\"20260101T000000Z\",\"due\":\"\(date)\",\"tags\":[\"work\"],\"project\":\"p\(index % 3)\"\(end)}"
            )
        }
        let path = directory + "/tasks-\(count).json"
        try Data(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The instructions `shade ARGUMENTS…` runs on `shade`'s store, by callgrind.
    static func instructions(_ arguments: [String], shade: ShadeProcess, binary: String, valgrind: String) throws -> Int
    {
        let counts = shade.root + "/callgrind.out"
        let run = try ExternalCommand.run(
            valgrind, ["--tool=callgrind", "--callgrind-out-file=" + counts, binary] + arguments,
            environment: shade.environment)
        #expect(run.status == 0, "\(run.output)")
        let text = try String(contentsOfFile: counts, encoding: .utf8)
        let summary = text.split(separator: "\n").first { $0.hasPrefix("summary:") }
        return try #require(
            summary.flatMap { Int($0.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces)) })
    }

    /// The instructions `shade import FILE` runs into an empty store, by callgrind.
    static func instructions(importing file: String, binary: String, valgrind: String) throws -> Int {
        try instructions(
            ["import", file], shade: ShadeProcess(now: "2026-11-25T10:00"), binary: binary, valgrind: valgrind)
    }

    /// valgrind, and a copy of the built binary it can read.
    static func tools() throws -> (valgrind: String, binary: String, scratch: ShadeProcess) {
        let valgrind = try ShellCompletionTests.tool("valgrind")
        let objcopy = try ShellCompletionTests.tool("objcopy")
        let scratch = ShadeProcess()
        let binary = scratch.root + "/shade"
        let strip = try ExternalCommand.run(objcopy, ["--strip-debug", ShadeProcess.binary, binary])
        #expect(strip.status == 0, "\(strip.output)")
        return (valgrind, binary, scratch)
    }

    @Test func importingTwiceTheTasksIntoOneWeekCostsAboutTwice() throws {
        let (valgrind, binary, scratch) = try Self.tools()
        let small = try Self.instructions(
            importing: try Self.csv(1500, in: scratch.root), binary: binary, valgrind: valgrind)
        let large = try Self.instructions(
            importing: try Self.csv(3000, in: scratch.root), binary: binary, valgrind: valgrind)
        // Linear is 2×; filing each task by a scan of its growing week was 3.5× here.
        #expect(Double(large) <= 2.3 * Double(small), "1,500 tasks: \(small), 3,000: \(large) instructions")
    }

    /// A Taskwarrior export over weeks, imported, then exported again in both of its shapes.
    @Test func importingAndExportingTwiceTheTasksOfATaskwarriorExportCostsAboutTwice() throws {
        let (valgrind, binary, scratch) = try Self.tools()
        var costs: [String: [Int]] = [:]
        for count in [1500, 3000] {
            let file = try Self.taskwarrior(count, in: scratch.root)
            let shade = ShadeProcess(now: "2026-11-25T10:00")
            costs["import", default: []].append(
                try Self.instructions(["import", file], shade: shade, binary: binary, valgrind: valgrind))
            for format in ["taskwarrior", "csv"] {
                costs["export \(format)", default: []].append(
                    try Self.instructions(
                        ["export", "--format", format, "-o", shade.root + "/out.\(format)"], shade: shade,
                        binary: binary, valgrind: valgrind))
            }
            // RFC 4180's lines end in CRLF, which a Swift string holds as one character.
            let rows = try Data(contentsOf: URL(fileURLWithPath: shade.root + "/out.csv")).filter { $0 == 10 }.count
            #expect(rows == count + 1, "every task imported and exported, under its header")
        }
        // Finding each task's line by a walk from the start of the text made import quadratic
        // (5,000 tasks took 6.5 s in a release build; 0.28 s since).
        for (what, pair) in costs.sorted(by: { $0.key < $1.key }) {
            #expect(Double(pair[1]) <= 2.3 * Double(pair[0]), "\(what): 1,500 tasks \(pair[0]), 3,000: \(pair[1])")
        }
    }
}
