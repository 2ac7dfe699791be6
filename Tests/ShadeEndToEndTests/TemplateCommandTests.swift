import Foundation
import ShadeJSON
import Testing

/// Templates end to end: a round trip (save, apply to another week, the same tasks open there),
/// undo of each as one step, listing and removing, bad input.
@Suite struct TemplateCommandTests {
    @Test func aTemplateRoundTripsOntoAnotherWeekAsOneUndoStep() throws {
        let shade = ShadeProcess(now: "2026-11-29T19:00")
        for line in [
            "add mon morning Gym at:7 +health cat:sport remind:15m", "add tue afternoon Report color:red",
            "add fri evening Cinema", "add wed Standup every:week",
        ] {
            #expect(try shade.run(line.split(separator: " ").map(String.init)).status == 0)
        }
        try shade.run(["done", "1"])
        try shade.run(["note", "2", "draft", "first"])
        #expect(
            try shade.run(["template", "save", "typical"]).stdout == "saved template typical · 4 tasks from 2026-W48\n")
        let shown = try #require(try shade.json(["template", "show", "typical"]).objectValue)
        #expect(shown.int("tasks") == 4 && shown.string("source") == "2026-W48")
        let listed = try shade.json(["templates"]).objectValue?["templates"]?.arrayValue
        #expect(listed?.compactMap { $0.objectValue?.string("name") } == ["typical"])

        // Applied to the week after next (2026-W50): the same tasks, open, on the same weekdays.
        let applied = try shade.run(["template", "apply", "typical", "2026-W50"])
        #expect(applied.status == 0, "\(applied.stderr)")
        // The weekly Standup still runs: it brings itself.
        #expect(
            applied.stdout.hasPrefix("applied template typical to 2026-W50 · 3 tasks (1 already there by their repeat)")
        )
        let week = try #require(try shade.json(["ls", "2026-W50"]).objectValue?["tasks"]?.arrayValue)
        let tasks = week.compactMap(\.objectValue)
        #expect(tasks.map { $0.string("title") ?? "" } == ["Gym", "Report", "Standup", "Cinema"])
        #expect(tasks.allSatisfy { $0.string("status") == "open" })
        #expect(tasks.map { $0.string("date") ?? "" } == ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-11"])
        let gym = tasks[0]
        #expect(gym.string("time") == "07:00" && gym.string("category") == "sport")
        #expect(gym["tags"]?.arrayValue?.compactMap(\.stringValue) == ["health"])
        #expect(gym["remind"]?.objectValue?.string("when") == "15m")
        #expect(tasks[1].string("color") == "red" && tasks[1].string("notes") == "draft first")

        // One undo takes the whole apply back; another the save.
        #expect(try shade.run(["undo"]).stdout.hasPrefix("undid “template apply typical 2026-W50”"))
        #expect(try shade.json(["ls", "2026-W50"]).objectValue?["tasks"]?.arrayValue?.count == 1)
        #expect(try shade.run(["undo"]).stdout.contains("template typical"))
        #expect(try shade.json(["templates"]).objectValue?["templates"]?.arrayValue?.isEmpty == true)
    }

    @Test func applyDefaultsToTheWeekAfterTheViewAndRmIsUndone() throws {
        let shade = ShadeProcess(now: "2026-11-29T19:00")
        try shade.run(["add", "mon", "Plan", "the", "week"])
        try shade.run(["template", "save", "sunday"])
        let next = try shade.run(["template", "apply", "sunday"])
        #expect(next.stdout.contains("Mon 30 Nov"))
        #expect(try shade.run(["template", "rm", "sunday"]).status == 0)
        #expect(try shade.run(["template", "show", "sunday"]).status == 1)
        try shade.run(["undo"])
        #expect(try shade.run(["template", "show", "sunday"]).status == 0)
    }

    @Test func badTemplateInputGetsAClearAnswer() throws {
        let shade = ShadeProcess(now: "2026-11-29T19:00")
        let empty = try shade.run(["template", "save", "typical"])
        #expect(empty.status == 1 && empty.stderr.contains("2026-W48 has no task"))
        try shade.run(["add", "Something"])
        #expect(try shade.run(["template", "save", "two words"]).status == 1)
        #expect(try shade.run(["template", "save"]).status == 64)
        #expect(try shade.run(["template", "save", "x", "notaweek"]).status == 1)
        let missing = try shade.run(["template", "apply", "nope"])
        #expect(missing.status == 1 && missing.stderr.contains("there is no template 'nope'"))
    }
}
