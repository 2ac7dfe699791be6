import Foundation
import ShadeCore
import Testing

@testable import ShadeInterchange

/// Streaming a large file holds a chunk of it and a record, never the whole of either: measured
/// as the growth of the peak resident memory (VmHWM) of a child process, this test binary running
/// only the probe below, so that no other test's memory counts.
@Suite struct StreamedMemoryTests {
    typealias F = StreamFixtures

    static let probe = "SHADE_STREAM_MEMORY_PROBE"

    /// The most a stream may add to the peak memory of the process.
    static let allowedGrowth = 64 << 20

    /// Runs the probe in a child on the file at `path`: the records it read and its peak growth.
    static func measure(_ format: InterchangeFormat, _ path: String, whole: Bool = false) throws
        -> (records: Int, growth: Int)
    {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("shade-hwm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [
            "--testing-library", "swift-testing", "--filter",
            "ShadeInterchangeTests.StreamedMemoryTests/streamAFileInThisProcess",
        ]
        let request = [format.rawValue, path, whole ? "whole" : "stream", output.path].joined(separator: "\n")
        process.environment = ProcessInfo.processInfo.environment.merging(
            [probe: request], uniquingKeysWith: { $1 })
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let words = try String(contentsOf: output, encoding: .utf8).split(separator: " ").compactMap { Int($0) }
        return (words.first ?? 0, words.last ?? .max)
    }

    @Test func streamingFiftyMegabytesOfTaskwarriorAndCsvHoldsLittleOfThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shade-hwm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let taskwarrior = folder.appendingPathComponent("tasks.json")
        let lines = F.taskwarriorLines(300_000)
        #expect(lines.count > 45 << 20)
        try Data(lines).write(to: taskwarrior)
        let csv = folder.appendingPathComponent("tasks.csv")
        let rows = F.csv(150_000)
        #expect(rows.count > 12 << 20)
        try Data(rows).write(to: csv)
        for (format, path, records) in [
            (InterchangeFormat.taskwarrior, taskwarrior.path, 312_000), (.csv, csv.path, 150_000),
        ] {
            let (read, growth) = try Self.measure(format, path)
            #expect(read == records, "\(format)")
            #expect(growth < Self.allowedGrowth, "\(format): the peak grew by \(growth >> 20) MiB")
        }
        // The measure sees a reader that holds the file: reading it whole does.
        let (_, whole) = try Self.measure(.csv, csv.path, whole: true)
        #expect(whole > Self.allowedGrowth, "reading the CSV whole grew the peak by \(whole >> 20) MiB")
    }

    /// The peak resident memory of this process so far, in bytes.
    static func peak() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
        }
        return 0
    }

    /// The child's side: streams (or reads whole) the file the probe variable names and writes
    /// the records read and the growth of the peak to the output it names.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[probe] != nil, "runs in a child of its own"))
    func streamAFileInThisProcess() throws {
        let request = try #require(ProcessInfo.processInfo.environment[Self.probe]).split(separator: "\n")
        let format = try #require(InterchangeFormat(rawValue: String(request[0])))
        let before = Self.peak()
        var records = 0
        if request[2] == "whole" {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: String(request[1]))))
            let bundle = try format.read(bytes, context: F.context)
            records = bundle.tasks.count + bundle.records.count
        } else {
            _ = try format.stream(from: .file(String(request[1])), context: F.context) { _ in records += 1 }
        }
        try "\(records) \(Self.peak() - before)".write(toFile: String(request[3]), atomically: true, encoding: .utf8)
    }
}
