import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// A real Taskwarrior (Debian's `taskwarrior` 2.6) on a private TASKRC and TASKDATA: what
/// `task export` prints is imported (`task export | shade import -`), and `task import` takes
/// what shade exports.
@Suite(.serialized) struct TaskwarriorTests {
    static let task = "/usr/bin/task"

    /// A scratch Taskwarrior: an empty rc file and a data folder of its own, removed when let go.
    final class Taskwarrior {
        let root: String
        var environment: [String: String] {
            [
                "TASKRC": root + "/taskrc", "TASKDATA": root + "/data", "HOME": root, "TZ": "UTC",
                "PATH": "/usr/bin:/bin",
            ]
        }

        init() throws {
            root = NSTemporaryDirectory() + "taskwarrior-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root + "/data", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: root + "/taskrc", contents: Data())
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// Runs `task` quietly; only its standard output is kept (its messages are not compared).
        @discardableResult
        func run(_ words: String, input: String? = nil) throws -> String {
            let out = root + "/out-" + UUID().uuidString
            var command =
                "\(TaskwarriorTests.task) rc.verbose=nothing rc.confirmation=off \(words) > \(out) 2>/dev/null"
            if let input {
                let file = root + "/in-" + UUID().uuidString
                try input.write(toFile: file, atomically: true, encoding: .utf8)
                command =
                    "\(TaskwarriorTests.task) rc.verbose=nothing rc.confirmation=off \(words) < \(file) > \(out) 2>/dev/null"
            }
            let result = try ExternalCommand.run("/bin/sh", ["-c", command], environment: environment)
            #expect(result.status == 0, "task \(words): exit \(result.status)")
            return (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        }
    }

    @Test func aRealTaskExportIsImportedAndShadesExportIsTaskImported() throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: TaskwarriorTests.task),
            "scripts/install-deps --tests installs taskwarrior")
        let tw = try Taskwarrior()
        try tw.run("add Pay rent project:Home.Bills +money due:2026-11-24T09:00")
        try tw.run("add Write the report project:work +writing +deep due:2026-11-25")
        try tw.run("add Old thing due:2026-11-20T14:00")
        try tw.run("3 done")
        try tw.run("add Junk scheduled:2026-11-21T19:00")
        try tw.run("4 delete")
        try tw.run("add Later thing wait:2026-12-20 due:2026-12-24")
        try tw.run("add Water the plants recur:weekly due:2026-11-23T18:30")
        try tw.run("add No date at all")
        try tw.run("1 annotate call the landlord first")
        try tw.run("1 annotate account ends 4711")
        let exported = try tw.run("export")
        #expect(exported.hasPrefix("["), "\(exported.prefix(80))")

        let shade = ShadeProcess(now: "2026-11-24T10:00")
        let result = try shade.run(["import", "-"], stdin: exported)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("note: 1 waiting task"), "\(result.stdout)")
        let tasks = try shade.allTasks()
        func task(_ title: String) -> JSONObject? { tasks.first { $0.string("title") == title } }
        let rent = task("Pay rent")
        #expect(rent?.string("date") == "2026-11-24")
        #expect(rent?.string("slot") == "morning")
        #expect(rent?.string("time") == "09:00")
        #expect(rent?.string("category") == "home-bills")
        #expect(rent?["tags"] == ["money"])
        #expect(rent?.string("notes") == "call the landlord first\naccount ends 4711")
        let report = task("Write the report")
        #expect(report?.string("date") == "2026-11-25")
        #expect(report?.string("time") == nil, "a due day without a time")
        #expect(report?["tags"] == ["deep", "writing"], "Taskwarrior keeps tags in order")
        #expect(task("Old thing")?.string("status") == "done")
        #expect(task("Old thing")?.string("slot") == "afternoon")
        #expect(task("Junk")?.string("status") == "cancelled")
        #expect(task("Junk")?.string("slot") == "evening", "scheduled, when there is no due")
        #expect(task("Later thing")?.string("status") == "open")
        // Neither due nor scheduled: filed on the day it was entered (SPEC §10).
        #expect(task("No date at all")?.string("status") == "open")
        // The recurring parent is the series; its children are its occurrences, not tasks of their own.
        let plants =
            try shade.json(["ls", "2026-11-23..2026-12-07"]).objectValue?["tasks"]?.arrayValue?
            .compactMap(\.objectValue).filter { $0.string("title") == "Water the plants" } ?? []
        #expect(plants.map { $0.string("date") } == ["2026-11-23", "2026-11-30", "2026-12-07"])
        #expect(
            plants.allSatisfy { $0["repeat"]?.objectValue?.string("every") == "week" && $0.string("time") == "18:30" })
        // Importing the same export again changes nothing.
        let second = try shade.run(["import", "-", "--json"], stdin: exported)
        let counts = try second.json().objectValue
        #expect(counts?["added"]?.arrayValue?.isEmpty == true)
        #expect(counts?["updated"]?.arrayValue?.isEmpty == true)

        // And back: Taskwarrior takes shade's export.
        let back = try shade.run(["export", "--format", "taskwarrior"])
        #expect(back.status == 0)
        let other = try Taskwarrior()
        try other.run("import", input: back.stdout)
        let reread = try JSONParser.parse(Array(try other.run("rc.recurrence=off export").utf8)).arrayValue ?? []
        let objects = reread.compactMap(\.objectValue)
        let uuids = Set(objects.compactMap { $0.string("uuid") })
        let original = try JSONParser.parse(Array(exported.utf8)).arrayValue?.compactMap(\.objectValue) ?? []
        for object in original where object.string("parent") == nil {
            #expect(uuids.contains(object.string("uuid") ?? ""), "\(object.string("description") ?? "") came back")
        }
        let rentBack = objects.first { $0.string("description") == "Pay rent" }
        #expect(rentBack?.string("project") == "home-bills")
        #expect(rentBack?.string("due") == "20261124T090000Z")
        #expect(rentBack?["annotations"]?.arrayValue?.count == 2)
        #expect(objects.first { $0.string("description") == "Junk" }?.string("status") == "deleted")

        #expect(objects.first { $0.string("description") == "Old thing" }?.string("status") == "completed")
        let parent = objects.first { $0.string("status") == "recurring" }
        #expect(parent?.string("recur") == "weekly")
        let children = objects.filter { $0.string("parent") == parent?.string("uuid") }
        #expect(Set(children.compactMap { $0.string("due") }).count == children.count, "no child twice")
    }
}
