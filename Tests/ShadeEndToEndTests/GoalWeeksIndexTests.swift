import Foundation
import ShadeJSON
import Testing

/// The goal → weeks index (`summary/goals.json`): a goal's tasks are found wherever they are
/// planned, whatever changed since the index was written — a change of shade's, a week in a new
/// year, a damaged file — and `check` mends an index a week file edited in place left behind.
@Suite struct GoalWeeksIndexTests {
    /// The ids of the tasks `goal show` counts towards a goal.
    static func shown(_ shade: ShadeProcess, _ goal: String) throws -> [Int64] {
        let shown = try shade.json(["goal", "show", goal, "--json"])
        return (shown.objectValue?["tasks"]?.arrayValue ?? []).compactMap(\.intValue).sorted()
    }

    static var indexFile: (ShadeProcess) -> String { { $0.store + "/summary/goals.json" } }

    @Test func aGoalsTasksAreFoundWhereverTheyAreAndWhateverChanged() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        for line in ["goal add Ship it for:week", "add mon Draft goal:g1", "add 2025-03-04 Old step goal:g1"] {
            let run = try shade.run(line.split(separator: " ").map(String.init))
            #expect(run.status == 0, "\(line): \(run.stderr)")
        }
        #expect(try Self.shown(shade, "g1") == [1, 2])
        // Once the week folders have settled, the index relies on them.
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try Self.shown(shade, "g1") == [1, 2])
        let index = try JSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: Self.indexFile(shade)))))
        let years = index.objectValue?["years"]?.objectValue
        #expect(years?["2026"]?.objectValue?["folder"]?.arrayValue?.count == 3)
        #expect(years?["2025"]?.objectValue?["goals"]?.objectValue?.keys.count == 1)
        // A week of a year the index has never seen (task 3), a task that leaves the goal (1), one
        // that moves (2).
        #expect(try shade.run(["add", "2027-01-05", "Next", "year", "goal:g1"]).status == 0)
        #expect(try Self.shown(shade, "g1") == [1, 2, 3])
        #expect(try shade.run(["edit", "1", "goal:none"]).status == 0)
        #expect(try shade.run(["mv", "2", "2026-06-02"]).status == 0)
        #expect(try Self.shown(shade, "g1") == [2, 3])
        // A damaged index is no index: it is written again.
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: Self.indexFile(shade)))
        #expect(try Self.shown(shade, "g1") == [2, 3])
        let again = try Data(contentsOf: URL(fileURLWithPath: Self.indexFile(shade)))
        #expect((try? JSONParser.parse(Array(again))) != nil)
    }

    @Test func checkMendsAnIndexThatAWeekEditedInPlaceLeftBehind() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        for line in ["goal add Ship it for:week", "add mon Draft goal:g1", "add 2025-03-04 Plain"] {
            #expect(try shade.run(line.split(separator: " ").map(String.init)).status == 0)
        }
        Thread.sleep(forTimeInterval: 1.2)
        #expect(try Self.shown(shade, "g1") == [1])
        let goal = try #require(
            try shade.json(["goals", "--json"]).objectValue?["goals"]?.arrayValue?.first?.objectValue?.string("uid"))
        // An editor that writes the file over itself leaves the folder as it was.
        let week = shade.store + "/weeks/2025/2025-W10.json"
        let text = try String(contentsOfFile: week, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "\"title\": \"Plain\",", with: "\"title\": \"Plain\", \"goal\": \"\(goal)\",")
        #expect(edited != text)
        let handle = try #require(FileHandle(forWritingAtPath: week))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        let check = try shade.run(["check"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("summary/goals.json"), "\(check.stdout)")
        #expect(try Self.shown(shade, "g1") == [1, 2])
        // Checked again, it is current.
        #expect(try !shade.run(["check"]).stdout.contains("summary/goals.json"))
    }
}
