import Foundation
import ShadeTestSupport
import Testing

/// What `export` writes, pinned byte for byte: each format, with and without filters, to a file
/// and to standard output, on a planner of several weeks with repeating tasks (done and
/// cancelled occurrences among them), goals, categories and titles in many scripts. A digest of
/// each output (its length and FNV-1a hash) is kept in `Golden/export-digests.txt`, recorded
/// from the export as it was when it held the whole planner in memory: a streamed export writes
/// the same bytes. `SHADE_RECORD_GOLDEN=1 swift test --filter ExportOutputTests` records it anew.
@Suite struct ExportOutputTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/export-digests.txt")

    static let formats = ["json", "csv", "ics", "todotxt", "taskwarrior"]
    static let filters: [[String]] = [
        [], ["2026-W46"], ["+home"], ["open"], ["done"], ["cat:work"], ["2026-W47", "open"], ["2026-W52"],
    ]

    /// Titles with characters of one, two, three and four bytes, quotes and commas.
    static let titles = ["Plan the report", "Café au lait", "日本語の本を読む", "Party 🎉 time", "Naïve \"quotes\", commas"]

    /// A Taskwarrior export to start the planner from: plain tasks over eight weeks, and
    /// recurring parents with done, cancelled and pending children.
    static func taskwarriorFile(in directory: String) throws -> String {
        var lines: [String] = []
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        }
        // 2026-10-26 (a Monday) on: 56 days, five tasks a day.
        for index in 0..<280 {
            let day = index / 5
            let date = Calendar(identifier: .gregorian).date(
                from: DateComponents(
                    timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 10, day: 26 + day,
                    hour: [8, 13, 18, 9, 20][index % 5], minute: index % 2 == 0 ? 30 : 0))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            let due = formatter.string(from: date ?? Date())
            let status = ["pending", "completed", "deleted", "pending", "pending", "completed"][index % 6]
            var fields = [
                "\"uuid\":\"c4ca37b7-f8ad-4aff-9424-\(String(format: "%012d", index))\"",
                "\"description\":\"\(escaped(titles[index % titles.count])) #\(index)\"",
                "\"status\":\"\(status)\"", "\"entry\":\"20261020T080000Z\"", "\"modified\":\"20261021T080000Z\"",
                "\"due\":\"\(due)\"",
            ]
            if status != "pending" { fields.append("\"end\":\"\(due)\"") }
            if index % 3 == 0 { fields.append("\"tags\":[\"home\",\"é-tag\"]") }
            if index % 4 == 1 { fields.append("\"project\":\"work\"") }
            if index % 4 == 2 { fields.append("\"project\":\"maison\"") }
            if index % 7 == 2 {
                fields.append(
                    "\"annotations\":[{\"entry\":\"20261021T080000Z\",\"description\":\"note ✓\"},{\"entry\":\"20261021T080000Z\",\"description\":\"and, \\\"more\\\"\"}]"
                )
            }
            if index % 9 == 4 { fields.append("\"priority\":\"H\"") }
            lines.append("{" + fields.joined(separator: ",") + "}")
        }
        let parents: [(uuid: String, recur: String, due: String, until: String?, title: String, project: String?)] = [
            (
                "a0000000-0000-4000-8000-000000000001", "daily", "20261102T070000Z", "20261206T235900Z", "Gym ✓",
                "health"
            ),
            ("a0000000-0000-4000-8000-000000000002", "weekly", "20261027T180000Z", nil, "Call home, \"mum\"", "home"),
            ("a0000000-0000-4000-8000-000000000003", "monthly", "20261015T120000Z", nil, "Rent 🏠", nil),
        ]
        for (number, parent) in parents.enumerated() {
            var fields = [
                "\"uuid\":\"\(parent.uuid)\"", "\"description\":\"\(escaped(parent.title))\"",
                "\"status\":\"recurring\"", "\"recur\":\"\(parent.recur)\"", "\"due\":\"\(parent.due)\"",
                "\"entry\":\"20261020T080000Z\"",
            ]
            if let until = parent.until { fields.append("\"until\":\"\(until)\"") }
            if let project = parent.project { fields.append("\"project\":\"\(project)\"") }
            lines.append("{" + fields.joined(separator: ",") + "}")
            // Children: one done, one cancelled, one left open (which the series shows as it is).
            let days = [
                ["20261103", "20261110", "20261117"], ["20261027", "20261103", "20261110"],
                ["20261015", "20261115", "20261215"],
            ][number]
            for (child, status) in ["completed", "deleted", "pending"].enumerated() {
                let time = String(parent.due.suffix(8))
                var fields = [
                    "\"uuid\":\"b000000\(number)-0000-4000-8000-00000000000\(child)\"",
                    "\"description\":\"\(escaped(parent.title))\"", "\"status\":\"\(status)\"",
                    "\"parent\":\"\(parent.uuid)\"", "\"due\":\"\(days[child])\(time)\"",
                    "\"entry\":\"20261020T080000Z\"",
                ]
                if status != "pending" { fields.append("\"end\":\"\(days[child])T210000Z\"") }
                if let project = parent.project { fields.append("\"project\":\"\(project)\"") }
                lines.append("{" + fields.joined(separator: ",") + "}")
            }
        }
        let path = directory + "/start.json"
        try Data(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// shade's own document with what Taskwarrior cannot bring: goals, tasks counted towards them
    /// (with notes of two lines, a colour, a reminder), repeating tasks Taskwarrior has no
    /// recurrence for. Every uid is given, so that every export is the same each time.
    static let document = #"""
        {"shade": "planner", "format": 3,
         "tasks": [
          {"id": 1, "uid": "goal-task-1", "date": "2026-11-10", "slot": "afternoon", "title": "Draft ✍️ the plan",
           "notes": "first line\nsecond line", "time": "14:15", "status": "open", "tags": ["home"],
           "category": "work", "color": "red", "favorite": true, "remind": "15m", "goal": "goal-a",
           "created": "2026-11-01T08:00:00+00:00", "modified": "2026-11-02T08:00:00+00:00", "done_at": null,
           "stamps": {"made": {"at": "2026-11-01T08:00:00+00:00", "by": "ana"}, "changed": {}}},
          {"id": 2, "uid": "goal-task-2", "date": "2026-11-18", "slot": "evening", "title": "Review",
           "notes": null, "time": null, "status": "done", "tags": [], "category": null, "color": null,
           "favorite": false, "remind": null, "goal": "goal-b", "created": "2026-11-01T08:00:00+00:00",
           "modified": "2026-11-18T20:00:00+00:00", "done_at": "2026-11-18T20:00:00+00:00",
           "stamps": {"made": {"at": "2026-11-01T08:00:00+00:00", "by": "ana"}, "changed": {}}}
         ],
         "series": [
          {"uid": "chores", "title": "Chores", "notes": null, "slot": "morning", "time": null, "tags": [],
           "category": "maison", "color": null, "favorite": false, "remind": null, "every": "weekend",
           "anchor": "2026-11-07", "until": null, "exceptions": [], "revisions": [],
           "created": "2026-11-01T08:00:00+00:00", "modified": "2026-11-01T08:00:00+00:00",
           "stamps": {"made": {"at": "2026-11-01T08:00:00+00:00", "by": "ana"}, "changed": {}}},
          {"uid": "water", "title": "Water the plants 🌱", "notes": null, "slot": "evening", "time": null,
           "tags": ["home"], "category": null, "color": null, "favorite": false, "remind": null,
           "every": "mon,thu", "anchor": "2026-11-02", "until": "2026-12-17", "exceptions": [], "revisions": [],
           "created": "2026-11-01T08:00:00+00:00", "modified": "2026-11-01T08:00:00+00:00",
           "stamps": {"made": {"at": "2026-11-01T08:00:00+00:00", "by": "ana"}, "changed": {}}}
         ],
         "goals": [
          {"uid": "goal-a", "title": "Ship it", "for": "2026-W46", "due": null, "status": "open", "closed": null,
           "carried": 0, "participants": [], "created": "2026-11-01T08:00:00+00:00",
           "modified": "2026-11-01T08:00:00+00:00",
           "stamps": {"made": {"at": "2026-11-01T08:00:00+00:00", "by": "ana"}, "changed": {}}},
          {"uid": "goal-b", "title": "Read more", "for": "2026-11-18", "due": null, "status": "open",
           "closed": null, "carried": 0, "participants": [], "created": "2026-11-01T08:00:00+00:00",
           "modified": "2026-11-01T08:00:00+00:00",
           "stamps": {"made": {"at": "2026-11-01T08:00:00+00:00", "by": "ana"}, "changed": {}}}
         ]}
        """#

    /// The planner: the Taskwarrior file, then shade's own document.
    static func planner() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-25T10:00")
        let file = try taskwarriorFile(in: shade.root)
        let extra = shade.root + "/extra.json"
        try Data(document.utf8).write(to: URL(fileURLWithPath: extra))
        for arguments in [["import", file], ["import", extra]] {
            let result = try shade.run(arguments)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return shade
    }

    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return "\(text.utf8.count) \(String(hash, radix: 16))"
    }

    @Test func everyFormatWritesWhatTheWholePlannerExportWrote() throws {
        let shade = try Self.planner()
        var lines: [String] = []
        for format in Self.formats {
            for filter in Self.filters {
                let name = ([format] + filter).joined(separator: " ")
                let printed = try shade.run(["export", "--format", format] + filter)
                #expect(printed.status == 0, "\(name): \(printed.stderr)")
                let path = shade.root + "/export-\(lines.count)"
                let written = try shade.run(["export", "--format", format, "-o", path] + filter)
                #expect(written.status == 0, "\(name): \(written.stderr)")
                let file = try String(contentsOfFile: path, encoding: .utf8)
                lines.append("\(name): file \(Self.digest(file)), printed \(Self.digest(printed.stdout))")
                lines.append(
                    "\(name): notes \(Self.digest(printed.stderr)), summary \(Self.digest(written.stdout.replacingOccurrences(of: shade.root, with: "ROOT")))"
                )
            }
        }
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["SHADE_RECORD_GOLDEN"] != nil {
            try Data(text.utf8).write(to: Self.file)
            return
        }
        let recorded = try String(contentsOf: Self.file, encoding: .utf8)
        for (line, expected) in zip(text.split(separator: "\n"), recorded.split(separator: "\n")) {
            #expect(line == expected)
        }
        #expect(text.split(separator: "\n").count == recorded.split(separator: "\n").count)
    }

    /// An export that fails on the way (here the file grows past the limit the process may write)
    /// leaves the file it was to replace as it was, and no temporary file beside it.
    @Test func aFailedExportLeavesTheFileAsItWas() throws {
        let shade = try Self.planner()
        let target = shade.root + "/out/planner.json"
        try FileManager.default.createDirectory(atPath: shade.root + "/out", withIntermediateDirectories: true)
        try Data("the old export\n".utf8).write(to: URL(fileURLWithPath: target))
        let script = """
            import resource, signal, subprocess, sys
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (100000, 100000))
            sys.exit(subprocess.run(sys.argv[1:], restore_signals=False).returncode)
            """
        let python = try ShellCompletionTests.tool("python3")
        let run = try ExternalCommand.run(
            python, ["-c", script, ShadeProcess.binary, "export", "-o", target], environment: shade.environment)
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("planner.json"), "\(run.output)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "the old export\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shade.root + "/out") == ["planner.json"])
        // The same export with room to write replaces it.
        #expect(try shade.run(["export", "-o", target]).status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("{"))
    }
}
