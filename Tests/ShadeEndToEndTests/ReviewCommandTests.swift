import Foundation
import ShadeJSON
import Testing

/// `review` end to end: answered by the lines of a piped script, made as one undo step, the
/// view left where it was, and `--json` asking nothing and changing nothing.
@Suite struct ReviewCommandTests {
    /// Last week (2026-W47) with five open tasks and a goal, reviewed on Sunday evening of W48.
    static func lastWeek() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-16T08:00")
        var script = "goal add Ship the report for:week\n"
        for line in [
            "add mon morning Draft goal:g1", "add tue afternoon Figures goal:g1", "add wed evening Call Mum",
            "add thu morning Tidy", "add fri evening Film", "add sat morning Shop",
        ] {
            script += line + "\n"
        }
        script += "done 1\n"
        let setup = try shade.run([], stdin: script)
        #expect(setup.status == 0, "\(setup.stderr)")
        return shade
    }

    @Test func aPipedScriptAnswersEachOpenTaskAndUndoTakesTheWholeReviewBack() throws {
        let shade = try Self.lastWeek()
        let sunday = ["SHADE_NOW": "2026-11-23T09:00"]
        let facts = try #require(try shade.run(["review", "--json"], environment: sunday).json().objectValue)
        #expect(facts.string("week") == "2026-W47")
        let open = facts["open_tasks"]?.arrayValue?.compactMap { $0.objectValue?.string("title") }
        #expect(open == ["Figures", "Call Mum", "Tidy", "Film", "Shop"])
        #expect(facts["goals"]?.arrayValue?.first?.objectValue?.string("id") == "g1")
        #expect(facts["rate"]?.doubleValue == 1.0 / 6.0)
        // c carries to this week's same weekday and slot; m reads a day and slot; a wrong answer
        // is asked again; x cancels, d drops; the script goes on after the review.
        let script = "day mon\nreview\nc\nm\nthu evening\nmaybe\nx\nd\ns\nday\n"
        let result = try shade.run([], stdin: script, environment: sunday)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("review of 2026-W47"))
        #expect(result.stdout.contains("Ship the report"))
        #expect(result.stdout.contains("→ carry to Tue 24 Nov afternoon"))
        #expect(result.stdout.contains("→ move to Thu 26 Nov evening"))
        #expect(result.stdout.contains("'maybe' is no answer"))
        #expect(
            result.stdout.contains("review of 2026-W47 done: 1 carried, 1 moved, 1 cancelled, 1 dropped, 1 skipped"))
        // The view stays on the day it was on before the review.
        let after = result.stdout.components(separatedBy: "review of 2026-W47 done").last ?? ""
        #expect(after.contains("Mon 23 Nov 2026 · 2026-W48"))
        let tasks = try shade.allTasks()
        func task(_ title: String) -> JSONObject? { tasks.first { $0.string("title") == title } }
        #expect(task("Figures")?.string("date") == "2026-11-24" && task("Figures")?.int("carried") == 1)
        #expect(task("Figures")?.string("planned") == "2026-11-17")
        #expect(task("Call Mum")?.string("date") == "2026-11-26" && task("Call Mum")?.string("slot") == "evening")
        #expect(task("Tidy")?.string("status") == "cancelled")
        #expect(task("Film") == nil)
        #expect(task("Shop")?.string("date") == "2026-11-21")
        let undo = try shade.run(["undo"], environment: sunday)
        #expect(undo.stdout.hasPrefix("undid “review 2026-W47”"))
        let back = try shade.allTasks()
        #expect(back.count == 6)
        #expect(back.allSatisfy { $0.string("week") == "2026-W47" && $0.int("carried") == 0 })
    }

    @Test func quittingStopsAskingAndKeepsWhatWasAnswered() throws {
        let shade = try Self.lastWeek()
        let result = try shade.run([], stdin: "review 2026-W47\nx\nq\n", environment: ["SHADE_NOW": "2026-11-23T09:00"])
        #expect(result.stdout.contains("review of 2026-W47 done: 1 cancelled · 4 not asked"))
        #expect(try shade.allTasks().filter { $0.string("status") == "cancelled" }.count == 1)
        // The end of input is a quit too: nothing asked is changed.
        let ended = try shade.run(["review", "2026-W47"], environment: ["SHADE_NOW": "2026-11-23T09:00"])
        #expect(ended.status == 0 && ended.stdout.contains("nothing changed · 4 not asked"))
    }
}
