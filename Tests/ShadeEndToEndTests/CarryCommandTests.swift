import Foundation
import ShadeJSON
import Testing

/// `carry` end to end: what moves, what each task keeps, `--dry-run`, undo as one step, the
/// REPL's word on starting, and `stats`' count.
@Suite struct CarryCommandTests {
    @Test func carryMovesOverdueTasksAndUndoTakesThemAllBack() throws {
        let shade = ShadeProcess(now: "2026-11-20T09:00")
        for line in ["add fri morning Report at:10", "add fri evening Call", "add mon Gym every:day", "add sat Shop"] {
            #expect(try shade.run(line.split(separator: " ").map(String.init)).status == 0)
        }
        let tuesday = ["SHADE_NOW": "2026-11-24T13:00"]
        let dry = try shade.run(["carry", "--dry-run", "--json"], environment: tuesday)
        let listed = try dry.json().objectValue?["carried"]?.arrayValue?.compactMap { $0.objectValue?.string("title") }
        // Gym's missed days are not piled onto today: its rule brings it back.
        #expect(listed == ["Report", "Call", "Shop"])
        #expect(try shade.allTasks().allSatisfy { $0.int("carried") == 0 })
        let carried = try shade.run(["carry"], environment: tuesday)
        #expect(carried.status == 0)
        #expect(carried.stdout.hasPrefix("carried 3 tasks:\n"))
        #expect(carried.stdout.contains("↷1"))
        let report = try #require(try shade.run(["show", "1", "--json"], environment: tuesday).json().objectValue)
        #expect(report.string("date") == "2026-11-24" && report.string("slot") == "afternoon")
        #expect(report["time"]?.isNull == true)
        #expect(report.int("carried") == 1 && report.string("planned") == "2026-11-20")
        let day = try shade.run(["day", "tue"], environment: tuesday).stdout
        #expect(day.contains("Report  ↷1"))
        // One undo step takes the whole carry back.
        let undo = try shade.run(["undo"], environment: tuesday)
        #expect(undo.stdout.hasPrefix("undid “carry”"))
        let restored = try #require(try shade.run(["show", "1", "--json"], environment: tuesday).json().objectValue)
        #expect(restored.string("date") == "2026-11-20" && restored.int("carried") == 0)
        #expect(restored["planned"]?.isNull == true)
    }

    @Test func carryTwiceCountsTwoAcrossAWeekBoundaryIntoWeek53() throws {
        let shade = ShadeProcess(now: "2026-12-24T09:00")
        try shade.run(["add", "2026-12-24", "evening", "Wrap", "presents"])
        // Thursday of 2026-W52 → Monday of 2026-W53 → Monday of 2027-W01.
        let first = try shade.run(
            ["carry", "2026-12-24", "to", "2026-12-28"], environment: ["SHADE_NOW": "2026-12-25T10:00"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try shade.run(
            ["carry", "2026-W53", "to", "2027-01-04", "morning"], environment: ["SHADE_NOW": "2026-12-30T10:00"])
        #expect(second.status == 0, "\(second.stderr)")
        let task = try #require(try shade.json(["show", "1"]).objectValue)
        #expect(
            task.string("date") == "2027-01-04" && task.string("slot") == "morning" && task.string("week") == "2027-W01"
        )
        #expect(task.int("carried") == 2 && task.string("planned") == "2026-12-24")
        // stats counts it as carried out of the week it was planned in.
        let stats = try #require(
            try shade.run(
                ["stats", "--from", "2026-W52", "--to", "2027-W01", "--json"],
                environment: ["SHADE_NOW": "2027-01-04T09:00"]
            ).json()
                .objectValue)
        let weeks = stats["weeks"]?.arrayValue?.compactMap { $0.objectValue } ?? []
        #expect(weeks.map { $0.int("carried") } == [1, 0, 0])
        #expect(stats.int("carried") == 1)
    }

    @Test func carryRefusesThePastAndBadWords() throws {
        let shade = ShadeProcess(now: "2026-11-24T13:00")
        try shade.run(["add", "mon", "Old"])
        let past = try shade.run(["carry", "to", "mon"])
        #expect(past.status == 1 && past.stderr.contains("has passed"))
        let ended = try shade.run(["carry", "to", "today", "morning"])
        #expect(ended.status == 1 && ended.stderr.contains("today's morning has ended"))
        #expect(try shade.run(["carry", "mon", "into", "tue"]).status == 64)
        #expect(try shade.run(["carry", "banana"]).status == 64)
        #expect(try shade.run(["carry", "to"]).status == 64)
        #expect(try shade.run(["carry", "mon", "to", "wed", "noon"]).status == 64)
        #expect(try shade.run(["carry", "--dry-run"]).stdout.hasPrefix("would carry 1 task:\n"))
        // Nothing to carry is said, and is no error.
        try shade.run(["done", "1"])
        let nothing = try shade.run(["carry"])
        #expect(nothing.status == 0 && nothing.stdout.hasPrefix("nothing to carry"))
    }

    @Test func theREPLSaysHowManyOverdueTasksWaitAndMovesNothing() throws {
        let shade = ShadeProcess(now: "2026-11-24T13:00")
        try shade.run(["add", "mon", "One"])
        try shade.run(["add", "tue", "morning", "Two"])
        try shade.run(["add", "tue", "evening", "Later"])
        let session = try shade.run(["--transcript"], stdin: "ls all\n")
        #expect(session.stdout.hasPrefix("2 overdue tasks wait (their slots have ended); carry moves them to now"))
        #expect(try shade.allTasks().allSatisfy { $0.int("carried") == 0 })
        // A piped script is told nothing of it.
        #expect(!(try shade.run([], stdin: "ls all\n").stdout.contains("overdue tasks wait")))
    }
}
