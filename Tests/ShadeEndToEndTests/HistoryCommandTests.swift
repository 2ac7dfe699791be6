import Foundation
import ShadeJSON
import Testing

/// `history`: past goals, their tasks and each task's fate, through the binary.
@Suite struct HistoryCommandTests {
    @Test func pastGoalsListTheirTasksWithWhatBecameOfEach() throws {
        let shade = ShadeProcess(now: "2026-11-16T08:00")
        let plan = """
            goal add Ship the beta for:2026-W46
            add 2026-11-09 morning Write the notes goal:g1
            add 2026-11-10 afternoon Fix the login bug goal:g1
            add 2026-11-11 evening Record the demo goal:g1
            add 2026-11-12 morning Ask Ana for a review goal:g1
            done 1
            cancel 3
            carry 2026-11-12 to 2026-11-17
            goal add A quiet Sunday for:2026-11-15
            goal cancel g2
            goal add This week's aim for:week
            add 2026-11-16 evening Tidy up goal:g3
            goal add Long ago for:2026-W30
            goal done g4
            """
        let result = try shade.run([], stdin: plan)
        #expect(result.status == 0, "\(result.stderr)")
        let history = try shade.json(["history"])
        let goals = history.objectValue?["goals"]?.arrayValue?.compactMap(\.objectValue) ?? []
        // Ended goals of the last 12 weeks, the latest first; this week's and older ones are not.
        #expect(goals.map { $0.string("id") ?? "" } == ["g2", "g1"])
        let beta = try #require(goals.last)
        #expect(beta.string("for") == "2026-W46" && beta.string("status") == "open")
        let tasks = beta["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(
            tasks.map { $0.string("title") ?? "" } == [
                "Write the notes", "Fix the login bug", "Record the demo", "Ask Ana for a review",
            ])
        #expect(tasks.map { $0.string("fate") ?? "" } == ["done", "open", "cancelled", "carried"])
        #expect(tasks.last?.string("date") == "2026-11-17" && tasks.last?.int("carried") == 1)
        #expect(tasks.first?.int("id") == 1 && tasks.first?.string("uid") != nil)
        for key in ["id", "uid", "title", "for", "due", "status", "rate", "done", "open", "participants"] {
            #expect(beta[key] != nil, "\(key)")
        }
        #expect(goals.first?["tasks"]?.arrayValue?.isEmpty == true)
        // More weeks reach the older goal; the text shows each fate.
        let longer = try shade.json(["history", "--weeks", "20"]).objectValue?["goals"]?.arrayValue ?? []
        #expect(longer.count == 3)
        let text = try shade.run(["history"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("g1 · Ship the beta · 2026-W46 · open"))
        #expect(text.stdout.contains("carried on") && text.stdout.contains("cancelled"))
        #expect(try shade.run(["history", "--weeks", "0"]).status == 64)
        #expect(try shade.run(["history", "--weeks", "many"]).status == 64)
    }

    @Test func withNoPastGoalItSaysHowToSetOne() throws {
        let shade = ShadeProcess()
        let text = try shade.run(["history"])
        #expect(text.status == 0 && text.stdout.contains("no goal has ended"))
        #expect(try shade.json(["history"]) == ["goals": .array([])])
    }
}
