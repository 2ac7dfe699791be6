import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// The same goals cost the same on a planner a hundred times larger (SPEC §17): `goals`,
/// `goal show`, `history` and `report` read the weeks the goal → weeks index names, not every
/// week kept. Counted in instructions with callgrind.
@Suite struct GoalScaleTests {
    /// A planner of `filler` tasks, a hundred a week from January 2000 on, and the same ten goals
    /// with three tasks each in November 2026.
    static func planner(filler: Int, in directory: String) throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-25T10:00")
        var csv = "uid,date,slot,title,status\n"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        // Monday 2000-01-03.
        let start = Date(timeIntervalSince1970: 946_857_600)
        let slots = ["morning", "afternoon", "evening"]
        for index in 0..<filler {
            let day = formatter.string(from: start.addingTimeInterval(Double(index / 100 * 7 + index % 7) * 86_400))
            csv += "filler-\(index),\(day),\(slots[index % 3]),Filler \(index),\(index % 3 == 0 ? "done" : "open")\n"
        }
        let file = directory + "/filler-\(filler).csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        let imported = try shade.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        var goals: [JSONValue] = []
        var tasks: [JSONValue] = []
        for number in 0..<10 {
            let uid = "goal-\(number)"
            goals.append([
                "uid": .string(uid), "title": .string("Goal \(number)"), "for": "2026-11-23", "due": .null,
                "status": "open", "closed": .null, "carried": 0, "participants": [],
                "created": "2026-11-20T09:00:00+00:00", "modified": "2026-11-20T09:00:00+00:00",
                "stamps": ["made": ["at": "2026-11-20T09:00:00+00:00", "by": "ana"], "changed": [:]],
            ])
            for part in 0..<3 {
                tasks.append([
                    "id": .int(Int64(number * 3 + part + 1)), "uid": .string("goal-task-\(number)-\(part)"),
                    "date": .string("2026-11-\(16 + part * 3 + number % 3)"), "slot": "evening",
                    "title": .string("Step \(part) of goal \(number)"), "notes": .null, "time": .null,
                    "status": part == 0 ? "done" : "open", "tags": [], "category": .null, "color": .null,
                    "favorite": false, "remind": .null,
                    "goal": .string(uid), "created": "2026-11-20T09:00:00+00:00",
                    "modified": "2026-11-20T09:00:00+00:00",
                    "done_at": part == 0 ? "2026-11-21T09:00:00+00:00" : .null,
                ])
            }
        }
        let bundle: JSONValue = [
            "shade": "planner", "format": 3, "tasks": .array(tasks), "categories": [], "series": [],
            "templates": [], "goals": .array(goals), "members": [],
        ]
        let goalFile = directory + "/goals-\(filler).json"
        try Data(JSONWriter.bytes(bundle)).write(to: URL(fileURLWithPath: goalFile))
        let added = try shade.run(["import", goalFile])
        #expect(added.status == 0, "\(added.stderr)")
        return shade
    }

    @Test func theSameGoalsCostTheSameOnAPlannerAHundredTimesLarger() throws {
        let (valgrind, binary, scratch) = try ImportScaleTests.tools()
        let commands = [
            ["goals"], ["goal", "show", "g3"], ["history"], ["report", "--html", scratch.root + "/report.html"],
        ]
        var costs: [[Int]] = []
        var answers: [[String]] = []
        for filler in [300, 30_000] {
            let shade = try Self.planner(filler: filler, in: scratch.root)
            // The index is written by the first reader; a folder changed within the last second is
            // not relied on (the file system's clock is coarse), so the planner is let settle.
            Thread.sleep(forTimeInterval: 1.2)
            var answer: [String] = []
            for command in commands {
                let run = try shade.run(command)
                #expect(run.status == 0, "\(command): \(run.stderr)")
                // Ids differ (the larger planner handed out more): the tasks are the same.
                answer.append(command == commands[3] ? "" : run.stdout.replacing(/\b[0-9]{3,}\b/, with: "#"))
            }
            answers.append(answer)
            costs.append(
                try commands.map { command in
                    try ImportScaleTests.instructions(command, shade: shade, binary: binary, valgrind: valgrind)
                })
        }
        // The answers are the planner's goals, whatever else it holds.
        #expect(answers[0] == answers[1])
        for (index, command) in commands.enumerated() {
            let ratio = Double(costs[1][index]) / Double(costs[0][index])
            #expect(
                ratio <= 1.25,
                "\(command.joined(separator: " ")): 300 filler tasks \(costs[0][index]), 30,000: \(costs[1][index]) instructions (\(ratio)×)"
            )
        }
    }
}
