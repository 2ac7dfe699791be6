import Foundation
import ShadeJSON
import Testing

/// Goals end to end: ids that never pass for a task's, tasks joining with goal:gN, the rate, the
/// word when the last task is done, the three sections of `goals` in their order, carry, share,
/// and undo of each as one step.
@Suite struct GoalCommandTests {
    @Test func goalsListInThreeSectionsInTheirOrder() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        for line in [
            "goal add Later for:week due:2026-11-29", "goal add Soon for:tue due:2026-11-25",
            "goal add Undated for:thu",
            "goal add First finished for:mon", "goal add Second finished for:mon", "goal add Dropped for:mon",
        ] {
            let result = try shade.run(line.split(separator: " ").map(String.init))
            #expect(result.status == 0, "\(line): \(result.stderr)")
        }
        try shade.run(["goal", "done", "g4"], environment: ["SHADE_NOW": "2026-11-24T10:00"])
        try shade.run(["goal", "done", "g5"], environment: ["SHADE_NOW": "2026-11-24T11:00"])
        try shade.run(["goal", "cancel", "g6"])
        let goals = try shade.json(["goals"]).objectValue?["goals"]?.arrayValue?.compactMap(\.objectValue) ?? []
        // In progress by due date (undated last), completed latest first, then cancelled.
        #expect(goals.map { $0.string("id") } == ["g2", "g1", "g3", "g5", "g4", "g6"])
        #expect(goals.map { $0.string("status") } == ["open", "open", "open", "done", "done", "cancelled"])
        #expect(goals.first?.string("for") == "2026-11-24" && goals.first?.string("due") == "2026-11-25")
        #expect(goals[1].string("for") == "2026-W48")
        let text = try shade.run(["goals"]).stdout
        let order = ["in progress", "g2", "g1", "g3", "completed", "g5", "g4", "cancelled", "g6"].map {
            text.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil })
        #expect(
            zip(order, order.dropFirst()).allSatisfy { pair in (pair.0 ?? text.startIndex) < (pair.1 ?? text.startIndex)
            })
        let open = try shade.json(["goals", "open"]).objectValue?["goals"]?.arrayValue ?? []
        #expect(open.count == 3)
    }

    @Test func tasksJoinAGoalItsRateIsTheirsAndTheLastOneDoneSaysSo() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        try shade.run(["goal", "add", "Ship", "the", "report", "for:week", "due:fri"])
        #expect(try shade.run(["add", "wed", "Draft", "goal:g1"]).status == 0)
        #expect(try shade.run(["add", "thu", "Figures", "goal:g1"]).status == 0)
        try shade.run(["add", "thu", "Unrelated"])
        #expect(try shade.run(["edit", "3", "goal:g1"]).status == 0)
        #expect(try shade.run(["edit", "3", "goal:none"]).status == 0)
        #expect(try shade.json(["show", "1"]).objectValue?.string("goal") == "g1")
        #expect(try shade.run(["day", "wed"]).stdout.contains("◎g1"))
        let first = try shade.run(["done", "1"])
        #expect(first.stdout.contains("last open task of goal") == false)
        let goal = try #require(try shade.json(["goal", "show", "g1"]).objectValue)
        #expect(goal["rate"]?.doubleValue == 0.5 && goal["tasks"] == .array([.int(1), .int(2)]))
        let last = try shade.run(["done", "2"])
        #expect(
            last.stdout.contains(
                "✓ that was the last open task of goal g1 · Ship the report; goal done g1 marks it done"))
        // A goal is done only when the user says so.
        #expect(try shade.json(["goal", "show", "g1"]).objectValue?.string("status") == "open")
        #expect(try shade.run(["goal", "done", "g1"]).stdout == "done goal g1 · Ship the report\n")
        let undo = try shade.run(["undo"])
        #expect(undo.stdout.hasPrefix("undid “goal done g1”"))
        #expect(try shade.json(["goal", "show", "g1"]).objectValue?.string("status") == "open")
    }

    @Test func goalIdsAreNeverTakenForTaskIdsNorReused() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        try shade.run(["goal", "add", "Aim"])
        try shade.run(["add", "Task"])
        let done = try shade.run(["done", "g1"])
        #expect(done.status == 64 && done.stderr.contains("'g1' is a goal's id, not a task's"))
        let show = try shade.run(["goal", "show", "1"])
        #expect(show.status == 1 && show.stderr.contains("'1' is a task's id; a goal's id is written g1"))
        let missing = try shade.run(["goal", "done", "g9"])
        #expect(missing.status == 1 && missing.stderr.contains("there is no goal g9"))
        let bad = try shade.run(["add", "Thing", "goal:1"])
        #expect(bad.status == 1 && bad.stderr.contains("goal:1' names no goal"))
        #expect(try shade.run(["add", "Thing", "goal:g9"]).stderr.contains("there is no goal g9"))
        try shade.run(["goal", "rm", "g1"])
        try shade.run(["goal", "add", "Another"])
        // A removed goal's number is not handed out again.
        #expect(try shade.json(["goals"]).objectValue?["goals"]?.arrayValue?.first?.objectValue?.string("id") == "g2")
        let undo = try shade.run(["undo"])
        #expect(undo.status == 0)
        try shade.run(["undo"])
        #expect(try shade.json(["goals"]).objectValue?["goals"]?.arrayValue?.first?.objectValue?.string("id") == "g1")
    }

    @Test func anUnmetGoalIsCarriedAndShared() throws {
        let shade = ShadeProcess(now: "2026-11-20T09:00")
        try shade.run(["goal", "add", "Read", "a", "chapter", "for:fri"])
        try shade.run(["goal", "add", "Plan", "the", "trip", "for:week"])
        let early = try shade.run(["goal", "carry", "g1"])
        #expect(early.status == 1 && early.stderr.contains("has not ended"))
        let tuesday = ["SHADE_NOW": "2026-11-24T09:00"]
        let offer = try shade.run(["carry"], environment: tuesday)
        #expect(offer.stdout.contains("unmet goals: g1 · Read a chapter (Fri 20 Nov), g2 · Plan the trip (2026-W47)"))
        let carried = try shade.run(["goal", "carry", "g1", "--json"], environment: tuesday)
        let goal = try #require(try carried.json().objectValue)
        #expect(goal.string("for") == "2026-11-24" && goal.int("carried") == 1)
        let week = try #require(
            try shade.run(["goal", "carry", "g2", "--json"], environment: tuesday).json().objectValue)
        #expect(week.string("for") == "2026-W48")
        let shared = try shade.run(["goal", "share", "g1", "sam", "ana"], environment: tuesday)
        #expect(shared.stdout == "goal g1 · Read a chapter is shared with sam, ana\n")
        try shade.run(["goal", "share", "g1", "-sam"], environment: tuesday)
        #expect(try shade.json(["goal", "show", "g1"]).objectValue?["participants"] == .array([.string("ana")]))
        try shade.run(["undo"], environment: tuesday)
        try shade.run(["undo"], environment: tuesday)
        try shade.run(["undo"], environment: tuesday)
        #expect(try shade.json(["goal", "show", "g2"]).objectValue?.string("for") == "2026-W47")
        // The store's files stay valid against the schema.
        #expect(try shade.run(["check"]).status == 0)
    }
}
