import Foundation
import ShadeTestSupport
import Testing

/// The files a user names for shade to write — `export -o FILE`, `report --html FILE` — must be
/// regular files or not exist yet (SPEC §14): a FIFO, a device, a directory or a symbolic link to
/// one is refused in one line, exit 1, and left exactly as it was; `-` is standard output; a link
/// to a regular file is written through, and stays a link.
@Suite struct OutputTargetTests {
    static func planner() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-24T10:00")
        #expect(try shade.run(["add", "tue", "Pay the bill"]).status == 0)
        return shade
    }

    /// The commands that write a file the user names, with the file's place in their words.
    static let writers: [[String]] = [
        ["export", "-o", "TARGET"], ["export", "--format", "ics", "--output", "TARGET"],
        ["report", "--html", "TARGET"],
    ]

    static func words(_ writer: [String], _ target: String) -> [String] {
        writer.map { $0 == "TARGET" ? target : $0 }
    }

    /// What `lstat` says of a path: its kind and size, or where a link leads.
    static func entry(_ path: String) throws -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else { return "nothing" }
        if info.st_mode & S_IFMT == S_IFLNK {
            return "link → " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
        }
        return "mode \(String(info.st_mode, radix: 8)), \(info.st_size) bytes"
    }

    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    static func expectRefused(
        _ shade: ShadeProcess, _ target: String, kind: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try entry(target)
        for writer in writers {
            let result = try shade.run(words(writer, target))
            #expect(result.status == 1, "\(writer): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr == "error: \(target) is \(kind), not a regular file; name a regular or a new file "
                    + "(- writes to standard output)\n", sourceLocation: sourceLocation)
            #expect(try entry(target) == before, "\(writer) left \(target) as it was", sourceLocation: sourceLocation)
        }
    }

    @Test func aFIFOIsRefusedAndLeftAFIFO() throws {
        let shade = try Self.planner()
        let fifo = shade.root + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        try Self.expectRefused(shade, fifo, kind: "a FIFO (named pipe)")
        #expect(Self.isFIFO(fifo))
    }

    @Test func aLinkToDevNullIsRefusedAndLeftALink() throws {
        let shade = try Self.planner()
        let link = shade.root + "/null"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        try Self.expectRefused(shade, link, kind: "a symbolic link to a character device")
        #expect(try Self.entry(link) == "link → /dev/null")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    }

    @Test func aDeviceNamedDirectlyIsRefused() throws {
        let shade = try Self.planner()
        try Self.expectRefused(shade, "/dev/null", kind: "a character device")
    }

    @Test func aDirectoryIsRefusedAndLeftEmpty() throws {
        let shade = try Self.planner()
        let folder = shade.root + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try Self.expectRefused(shade, folder, kind: "a directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func aLinkToNothingIsRefusedAndNothingIsMade() throws {
        let shade = try Self.planner()
        let link = shade.root + "/dangling"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: shade.root + "/nowhere")
        try Self.expectRefused(shade, link, kind: "a symbolic link to nothing")
        #expect(!FileManager.default.fileExists(atPath: shade.root + "/nowhere"))
    }

    @Test func aLinkToARegularFileIsWrittenThroughAndStaysALink() throws {
        let shade = try Self.planner()
        let file = shade.root + "/real.csv"
        let link = shade.root + "/link.csv"
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let result = try shade.run(["export", "--format", "csv", "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.entry(link) == "link → " + file)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.hasPrefix("uid,date,slot") && written.contains("Pay the bill"))
    }

    @Test func aNewFileAndARegularOneAreWritten() throws {
        let shade = try Self.planner()
        let file = shade.root + "/week.html"
        #expect(try shade.run(["report", "--html", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<html"))
        #expect(try shade.run(["report", "--html", file]).status == 0, "a regular file is replaced")
    }

    @Test func aDashIsStandardOutput() throws {
        let shade = try Self.planner()
        let export = try shade.run(["export", "--format", "csv", "-o", "-"])
        #expect(export.status == 0 && export.stdout.contains("Pay the bill"))
        let report = try shade.run(["report", "--html", "-"])
        #expect(report.status == 0 && report.stdout.contains("<html"))
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }
}

/// An export to standard output is set down while the planner is read and printed after: a
/// reader at the other end of a pipe that takes its time (a pager) holds up no change.
@Suite struct ExportPipeTests {
    @Test func aSlowReaderOfAnExportHoldsUpNoChange() throws {
        let shade = try InterchangeTests.demo()
        // More than a pipe holds (230 KB), read only after 20 seconds.
        let marker = shade.root + "/export-done"
        let pipeline =
            "{ ('\(ShadeProcess.binary)' export; touch '\(marker)') | (sleep 20; cat > /dev/null); } > /dev/null 2>&1 &"
        let started = try ExternalCommand.run("/bin/sh", ["-c", pipeline], environment: shade.environment)
        #expect(started.status == 0)
        // The export reads the planner and waits on the pipe; a change goes through meanwhile.
        Thread.sleep(forTimeInterval: 2)
        let clock = ContinuousClock()
        let start = clock.now
        let added = try shade.run(["add", "mon", "While", "an", "export", "waits"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(clock.now - start < .seconds(10))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
