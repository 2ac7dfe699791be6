import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// After-completion repeats end to end (SPEC §16): `every:+14d` makes the next occurrence when one
/// is done, in the same undo step; `undone` takes it back; it travels through iCalendar as
/// X-SHADE-REPEAT; two copies completing the same occurrence make one successor after sync.
@Suite struct AfterDoneRepeatTests {
    static func titled(_ shade: ShadeProcess, _ title: String, _ range: String = "2026-11-16..2027-01-31") throws
        -> [JSONObject]
    {
        let tasks = try shade.json(["ls", range]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        return tasks.filter { $0.string("title") == title }
    }

    @Test func doneMakesTheNextNDaysLaterAndUndoAndUndoneTakeItBack() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let added = try shade.run(["add", "mon", "afternoon", "Mow the lawn", "every:+14d"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("again 14 d after each is done"), "\(added.stdout)")
        // Only the first is planned until it is done.
        #expect(try Self.titled(shade, "Mow the lawn").compactMap { $0.string("date") } == ["2026-11-23"])
        // Done a day late: the next is 14 days after that day.
        shade.environment["SHADE_NOW"] = "2026-11-24T18:00"
        #expect(try shade.run(["done", "1"]).status == 0)
        var mows = try Self.titled(shade, "Mow the lawn")
        #expect(
            mows.map { "\($0.string("date") ?? "") \($0.string("status") ?? "")" } == [
                "2026-11-23 done", "2026-12-08 open",
            ])
        let series = try #require(mows.first?.string("series"))
        #expect(mows.last?.string("uid") == series + "#2")
        #expect(mows.last?["repeat"]?.objectValue?.string("every") == "+14d")
        // One undo step takes the completion and its successor back.
        #expect(try shade.run(["undo"]).status == 0)
        mows = try Self.titled(shade, "Mow the lawn")
        #expect(mows.map { $0.string("status") } == ["open"])
        #expect(try shade.run(["done", "1"]).status == 0)
        #expect(try Self.titled(shade, "Mow the lawn").count == 2)
        // undone takes back the successor it made while untouched.
        #expect(try shade.run(["undone", "1"]).status == 0)
        #expect(try Self.titled(shade, "Mow the lawn").count == 1)
        // Done again: one successor; the successor done: the third, 14 days after.
        #expect(try shade.run(["done", "1"]).status == 0)
        let second = try #require(try Self.titled(shade, "Mow the lawn").last?.int("id"))
        shade.environment["SHADE_NOW"] = "2026-12-06T10:00"
        #expect(try shade.run(["done", String(second)]).status == 0)
        mows = try Self.titled(shade, "Mow the lawn")
        #expect(mows.map { $0.string("date") } == ["2026-11-23", "2026-12-08", "2026-12-20"])
        #expect(mows.last?.string("uid") == series + "#3")
        #expect(try shade.run(["check"]).status == 0)

        // Through iCalendar and back: the rule as X-SHADE-REPEAT, the successors naming the series.
        let file = shade.root + "/mow.ics"
        #expect(try shade.run(["export", "--format", "ics", "-o", file]).status == 0)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("X-SHADE-REPEAT:every:+14d"), "\(text)")
        #expect(!text.contains("RRULE"), "\(text)")
        let other = ShadeProcess(now: "2026-12-06T10:00")
        let imported = try other.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let copied = try Self.titled(other, "Mow the lawn")
        #expect(
            copied.map { "\($0.string("date") ?? "") \($0.string("status") ?? "")" } == [
                "2026-11-23 done", "2026-12-08 done", "2026-12-20 open",
            ])
        // The third done there makes the fourth, as here.
        let third = try #require(copied.last?.int("id"))
        #expect(try other.run(["done", String(third)]).status == 0)
        #expect(try Self.titled(other, "Mow the lawn").last?.string("uid") == series + "#4")
    }

    /// A successor moved, then its completion undone (it stays: it was touched) and done again:
    /// still one successor, wherever it went. A task made to repeat after completion makes its
    /// successor; a calendar rule is refused for a series that makes successors.
    @Test func aSuccessorIsNeverMadeTwiceAndATaskMadeToRepeatMakesOne() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        try shade.run(["add", "wed", "Water", "every:+3d"])
        let done = try shade.run(["done", "1"])
        #expect(!done.stdout.contains("every task of the week is done"), "\(done.stdout)")
        #expect(try shade.run(["mv", "2", "2026-12-01"]).status == 0)
        #expect(try shade.run(["undone", "1"]).status == 0)
        #expect(try shade.run(["done", "1"]).status == 0)
        let waters = try Self.titled(shade, "Water")
        #expect(waters.filter { $0.string("uid")?.hasSuffix("#2") == true }.count == 1, "\(waters)")
        #expect(waters.map { $0.string("date") } == ["2026-11-25", "2026-12-01"])
        let refused = try shade.run(["edit", "2", "every:day"])
        #expect(refused.status == 1 && refused.stderr.contains("repeat in different ways"), "\(refused.stderr)")
        // Another after-completion rule, from a successor: the next ones follow it.
        #expect(try shade.run(["edit", "2", "every:+5d"]).status == 0)
        #expect(try shade.json(["show", "2"]).objectValue?["repeat"]?.objectValue?.string("every") == "+5d")
        // A plain task made to repeat after completion.
        try shade.run(["add", "thu", "Plant"])
        let plant = try #require(try Self.titled(shade, "Plant").first?.int("id"))
        #expect(try shade.run(["edit", String(plant), "every:+2w"]).status == 0)
        #expect(try shade.run(["done", String(plant)]).status == 0)
        #expect(try Self.titled(shade, "Plant").map { $0.string("date") } == ["2026-11-26", "2026-12-07"])
        let file = shade.root + "/all.json"
        #expect(try shade.run(["export", "-o", file]).status == 0)
        let other = ShadeProcess(now: "2026-11-23T09:00")
        let imported = try other.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        // An export of some days takes the series its successors name, wherever they are.
        let some = shade.root + "/some.json"
        #expect(try shade.run(["export", "2026-11-30..2026-12-31", "-o", some]).status == 0)
        let third = ShadeProcess(now: "2026-11-23T09:00")
        let part = try third.run(["import", some])
        #expect(part.status == 0, "\(part.stderr)")
        // Its own export imported again changes nothing: a successor marks no day of its series.
        for format in ["json", "csv", "ics"] {
            let own = shade.root + "/own." + format
            #expect(try shade.run(["export", "--format", format, "-o", own]).status == 0)
            let again = try shade.run(["import", own, "--format", format])
            #expect(again.stdout.hasPrefix("nothing to import"), "\(format): \(again.stdout)")
        }
        #expect(try shade.run(["check"]).status == 0)
    }

    /// A task made to repeat keeps its uid through iCalendar (X-SHADE-UID on its RECURRENCE-ID):
    /// the planner's own export imports as nothing new, whatever the rule.
    @Test(arguments: ["week", "+2w"])
    func aTaskMadeToRepeatComesBackAsItselfThroughICalendar(rule: String) throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        try shade.run(["add", "thu", "Plant"])
        #expect(try shade.run(["edit", "1", "every:\(rule)"]).status == 0)
        #expect(try shade.run(["done", "1"]).status == 0)
        let file = shade.root + "/plant.ics"
        #expect(try shade.run(["export", "--format", "ics", "-o", file]).status == 0)
        let again = try shade.run(["import", file])
        #expect(again.status == 0 && again.stdout.hasPrefix("nothing to import"), "\(again.stdout)\(again.stderr)")
    }

    @Test func twoCopiesCompletingTheSameOccurrenceMakeOneSuccessorAfterSync() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "afternoon", "Mow", "the", "lawn", "every:+14d"]])
        _ = try hub.ok("ben", ["sync"])
        // Both mark the first mow done before either syncs.
        func firstMow(_ name: String) throws -> Int? {
            let week = try hub.json(name, ["ls"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue)
            return week?.first { $0.string("title") == "Mow the lawn" }?.int("id")
        }
        let anaID = try #require(try firstMow("ana"))
        let benID = try #require(try firstMow("ben"))
        _ = try hub.ok("ana", ["done", String(anaID)])
        _ = try hub.ok("ben", ["done", String(benID)])
        for name in ["ana", "ben", "ana"] { _ = try hub.ok(name, ["sync"]) }
        for name in ["ana", "ben"] {
            let planner = try hub.planner(name)
            let successors = planner.filter { $0.key.hasSuffix("#2") }
            #expect(successors.count == 1, "\(name): \(planner.keys.sorted())")
            #expect(successors.first?.value.string("date") == "2026-12-07", "\(name)")
            #expect(planner.filter { $0.value.string("title") == "Mow the lawn" }.count == 2, "\(name)")
        }
        #expect(try hub.planner("ana") == (try hub.planner("ben")))
    }

    /// Completed on different days, the two successors are one record still (one uid): the copies
    /// settle on one day for it.
    @Test func completionsOnDifferentDaysStillMakeOneSuccessor() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.share(adding: [["mon", "Mow", "every:+14d"]])
        _ = try hub.ok("ben", ["sync"])
        for (name, now) in [("ana", "2026-11-23T19:00"), ("ben", "2026-11-25T08:00")] {
            let week = try hub.json(name, ["ls"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue)
            let id = try #require(week?.first { $0.string("title") == "Mow" }?.int("id"))
            let done = try hub[name].shade.run(["done", String(id)], environment: ["SHADE_NOW": now])
            #expect(done.status == 0, "\(done.stderr)")
        }
        for name in ["ana", "ben", "ana"] { _ = try hub.ok(name, ["sync"]) }
        let ana = try hub.planner("ana")
        #expect(ana.keys.filter { $0.hasSuffix("#2") }.count == 1, "\(ana.keys.sorted())")
        #expect(ana.count == 2)
        #expect(ana == (try hub.planner("ben")))
        for name in ["ana", "ben"] { _ = try hub.ok(name, ["check"]) }
    }
}
