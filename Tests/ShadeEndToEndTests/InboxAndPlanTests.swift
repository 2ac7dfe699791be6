import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// The inbox and `plan` (SPEC §16), through the built binary: tasks with no day kept, listed,
/// planned, taken back, in no rate; `plan` on a planner with a history, one undo step, idempotent,
/// never the past or past a deadline; the inbox through sync.
@Suite struct InboxAndPlanTests {
    static func inboxTasks(_ shade: ShadeProcess) throws -> [JSONObject] {
        try shade.json(["inbox"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    @Test func anInboxTaskIsKeptWithNoDayPlannedTakenBackAndInNoRate() throws {
        // Sunday 29 November, 18:00.
        let shade = ShadeProcess(now: "2026-11-29T18:00")
        let added = try shade.json(["add", "someday", "Fix", "the", "bike", "est:1h30m", "+home", "due:2026-12-04"])
        let id = try #require(added.objectValue?.int("id"))
        #expect(added.objectValue?["date"] == .null && added.objectValue?["slot"] == .null)
        #expect(added.objectValue?.int("estimate") == 90 && added.objectValue?.string("due") == "2026-12-04")
        #expect(try shade.run(["add", "inbox", "Call", "grandma", "cat:family"]).status == 0)
        // "someday" alone before nothing is a title, and `add --` keeps the word in one.
        #expect(try shade.run(["add", "--", "someday", "soon"]).status == 0)
        var inbox = try Self.inboxTasks(shade)
        #expect(inbox.map { $0.string("title") } == ["Fix the bike", "Call grandma"])
        #expect(inbox.allSatisfy { $0["date"] == .null && $0["slot"] == .null && $0["week"] == .null })
        // In no week and no rate: the week counts only the task that has a day.
        let week = try shade.json(["week"]).objectValue
        #expect(week?["open"]?.intValue == 1)
        // A command that needs a day says how to plan it; a time, a reminder or a repeat is refused.
        let done = try shade.run(["done", String(id)])
        #expect(done.status != 0 && done.stderr.contains("in the inbox"), "\(done.stderr)")
        #expect(try shade.run(["add", "someday", "Swim", "at:9"]).status != 0)
        #expect(try shade.run(["edit", String(id), "every:week"]).status != 0)
        // Edited as any task, then planned: it keeps its id and what it is.
        #expect(try shade.run(["edit", String(id), "est:2h", "+tools"]).status == 0)
        let moved = try shade.json(["mv", String(id), "2026-12-01", "evening"]).objectValue
        #expect(moved?.int("id") == id && moved?.string("date") == "2026-12-01" && moved?.string("slot") == "evening")
        #expect(moved?.int("estimate") == 120)
        #expect(moved?["tags"]?.arrayValue?.compactMap(\.stringValue) == ["home", "tools"])
        inbox = try Self.inboxTasks(shade)
        #expect(inbox.map { $0.string("title") } == ["Call grandma"])
        // One undo step takes it back to the inbox under the same id.
        #expect(try shade.run(["undo"]).status == 0)
        #expect(try Self.inboxTasks(shade).contains { $0.int("id") == id })
        #expect(try shade.allTasks().allSatisfy { $0.int("id") != id })
        // A planned open task goes back with mv ID someday, and keeps its id.
        let gym = try #require(try shade.json(["add", "mon", "Gym"]).objectValue?.int("id"))
        #expect(try shade.run(["mv", String(gym), "someday"]).status == 0)
        #expect(try Self.inboxTasks(shade).contains { $0.int("id") == gym })
        // rm removes one for good; undo brings it back.
        #expect(try shade.run(["rm", String(gym)]).status == 0)
        #expect(try !Self.inboxTasks(shade).contains { $0.int("id") == gym })
        #expect(try shade.run(["undo"]).status == 0)
        #expect(try Self.inboxTasks(shade).contains { $0.int("id") == gym })
        // The store files say what the schema says.
        let file = try #require(shade.storeFile("inbox.json"))
        #expect(String(decoding: file, as: UTF8.self).contains("\"kind\": \"inbox\""))
    }

    /// A task as it may arrive from another copy or program — a uid with an `@`, a title holding
    /// a control character (kept as it came, shown escaped) — goes to the inbox and back, and the
    /// inbox stays readable.
    @Test func aTaskThatCameFromElsewhereGoesToTheInboxAndBack() throws {
        let shade = ShadeProcess(now: "2026-11-29T18:00")
        let added = try #require(try shade.json(["add", "2026-12-01", "Plain"]).objectValue)
        let uid = try #require(added.string("uid"))
        let file = shade.store + "/weeks/2026/2026-W49.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
            .replacingOccurrences(of: "\"\(uid)\"", with: "\"call-1@phone.example\"")
            .replacingOccurrences(of: "\"Plain\"", with: "\"Bell \\u0007 here\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let id = try #require(try shade.allTasks().first?.int("id"))
        #expect(try shade.run(["mv", String(id), "someday"]).status == 0)
        let inbox = try Self.inboxTasks(shade)
        #expect(inbox.map { $0.string("uid") } == ["call-1@phone.example"])
        #expect(inbox.first?.string("title") == "Bell \u{07} here")
        #expect(try shade.run(["inbox"]).stdout.contains("Bell \\x07 here"))
        #expect(try shade.run(["check"]).status == 0)
        #expect(try shade.run(["mv", String(id), "2026-12-02"]).status == 0)
        #expect(try shade.allTasks().first?.string("uid") == "call-1@phone.example")
    }

    /// A planner with a history: +garden got done on Saturday afternoons, +desk on Monday mornings.
    static func plannerWithHistory() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2026-11-29T18:00")
        var next = 1
        // The four weeks before 2026-W49: their Mondays and Saturdays.
        let weeks = [
            (1, "2026-11-23", "2026-11-28"), (2, "2026-11-16", "2026-11-21"), (3, "2026-11-09", "2026-11-14"),
            (4, "2026-11-02", "2026-11-07"),
        ]
        for (weeks, monday, saturday) in weeks {
            for (day, slot, tag, done) in [
                (saturday, "afternoon", "+garden", true), (monday, "evening", "+garden", weeks == 1),
                (monday, "morning", "+desk", true), (saturday, "morning", "+desk", false),
            ] {
                #expect(try shade.run(["add", day, slot, "Old", "\(tag)"]).status == 0)
                if done { #expect(try shade.run(["done", String(next)]).status == 0) }
                next += 1
            }
        }
        return shade
    }

    @Test func planPrefersWhereTheTagGetsDoneRespectsDeadlinesAndAppliesAsOneUndoStep() throws {
        let shade = try Self.plannerWithHistory()
        for words in [
            ["add", "someday", "Weed", "the", "beds", "+garden", "est:2h"],
            ["add", "someday", "Tax", "forms", "+desk", "due:2026-12-01"],
            ["add", "someday", "Late", "already", "due:2026-11-20"],
            ["add", "someday", "Too", "long", "est:12h"],
        ] {
            #expect(try shade.run(words).status == 0, "\(words)")
        }
        let proposal = try shade.json(["plan", "next"]).objectValue
        #expect(proposal?.string("week") == "2026-W49")
        let placements = proposal?["placements"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let byTitle = Dictionary(uniqueKeysWithValues: placements.map { ($0.string("title") ?? "", $0) })
        #expect(byTitle["Weed the beds"]?.string("date") == "2026-12-05")
        #expect(byTitle["Weed the beds"]?.string("slot") == "afternoon")
        #expect(byTitle["Weed the beds"]?.string("reason")?.contains("+garden done here 100% (4 of 4)") == true)
        // Due Tuesday: Monday morning, where +desk gets done, is before it.
        #expect(byTitle["Tax forms"]?.string("date") == "2026-11-30")
        #expect(byTitle["Tax forms"]?.string("slot") == "morning")
        let unplaced = proposal?["unplaced"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(Set(unplaced.compactMap { $0.string("title") }) == ["Late already", "Too long"])
        // Every placement has what the contract names.
        for placement in placements {
            #expect(["id", "uid", "title", "date", "slot", "reason"].allSatisfy { placement[$0] != nil })
        }
        // The same planner and clock: the same proposal; --apply makes exactly it.
        #expect(try shade.json(["plan", "next"]).objectValue?["placements"] == proposal?["placements"])
        let applied = try shade.json(["plan", "next", "--apply"]).objectValue
        #expect(applied?["placements"] == proposal?["placements"])
        let tasks = try shade.allTasks()
        for placement in placements {
            let task = tasks.first { $0.string("uid") == placement.string("uid") }
            #expect(
                task?.string("date") == placement.string("date") && task?.string("slot") == placement.string("slot"))
        }
        // A second run proposes nothing new.
        #expect(try shade.json(["plan", "next"]).objectValue?["placements"]?.arrayValue?.isEmpty == true)
        // One undo step takes every placement back to the inbox.
        #expect(try shade.run(["undo"]).status == 0)
        #expect(try Self.inboxTasks(shade).count == 4)
    }

    @Test func aPipedSessionPlansTheInbox() throws {
        let shade = ShadeProcess(now: "2026-11-29T18:00")
        let script = """
            add someday Read the manual est:45m
            inbox
            plan next
            plan next --apply
            week next
            undo
            inbox
            """
        let result = try shade.run([], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 1 · inbox · Read the manual"), "\(result.stdout)")
        #expect(result.stdout.contains("1 task to plan in 2026-W49"), "\(result.stdout)")
        #expect(result.stdout.contains("planned 1 task in 2026-W49"), "\(result.stdout)")
        #expect(try Self.inboxTasks(shade).count == 1)
    }

    @Test func anInboxTaskTravelsThroughSyncAndOnePlannedOnAnotherCopyKeepsItsId() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [])
        let added = try hub.json("ana", ["add", "someday", "Paint", "the", "fence", "est:3h"]).objectValue
        _ = try hub.ok("ana", ["sync"])
        _ = try hub.ok("ben", ["sync"])
        let benInbox = try hub.json("ben", ["inbox"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue)
        let onBen = try #require(benInbox?.first)
        #expect(onBen.string("uid") == added?.string("uid") && onBen.int("estimate") == 180)
        let benID = try #require(onBen.int("id"))
        // Ana plans it; at ben's next sync it leaves his inbox and is his task under the same id.
        let anaID = try #require(added?.int("id"))
        _ = try hub.ok("ana", ["mv", String(anaID), "2026-11-28", "afternoon"])
        _ = try hub.ok("ana", ["sync"])
        _ = try hub.ok("ben", ["sync"])
        #expect(try hub.json("ben", ["inbox"]).objectValue?["tasks"]?.arrayValue?.isEmpty == true)
        let uid = added?.string("uid") ?? ""
        #expect(try hub.ids("ben")[uid] == benID)
        #expect(try hub.planner("ben")[uid]?.string("slot") == "afternoon")
    }
}
