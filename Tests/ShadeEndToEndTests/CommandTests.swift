import Foundation
import ShadeJSON
import Testing

@Suite struct OneShotCommandTests {
    @Test func addReturnsTheTaskAndDefaultsToTodayAndTheCurrentSlot() throws {
        let shade = ShadeProcess(now: "2026-11-23T13:10")
        let task = try #require(try shade.json(["add", "Lunch", "with", "Ana"]).objectValue)
        #expect(task.int("id") == 1)
        #expect(task.string("title") == "Lunch with Ana")
        #expect(task.string("date") == "2026-11-23")
        #expect(task.string("slot") == "afternoon")
        #expect(task["time"] == .null)
        #expect(task.string("status") == "open")
        #expect(task.string("uid")?.count == 36)
        let text = try shade.run(["add", "tue", "evening", "Call", "the", "bank", "+errand", "at:19:00"])
        #expect(text.status == 0)
        #expect(text.stdout == "added 2 · Tue 24 Nov · evening · 19:00 · Call the bank\n")
    }

    @Test func doneUndoneCancelAndRatesFollow() throws {
        let shade = ShadeProcess()
        for title in ["a", "b", "c", "d"] { try shade.run(["add", "mon", "morning", title]) }
        #expect(try shade.run(["done", "1", "2"]).status == 0)
        #expect(try shade.run(["cancel", "3"]).status == 0)
        var day = try #require(try shade.json(["day", "mon"]).objectValue)
        #expect(day["rate"]?.doubleValue == 2.0 / 3.0)
        #expect((day.int("done"), day.int("open"), day.int("cancelled")) == (2, 1, 1))
        #expect(try shade.json(["undone", "2"]).objectValue?.string("status") == "open")
        day = try #require(try shade.json(["day", "mon"]).objectValue)
        #expect(day["rate"]?.doubleValue == 1.0 / 3.0)
        let again = try shade.run(["done", "1"])
        #expect(again.stdout.contains("1 was already done"))
    }

    @Test func mvReschedulesAndDropsATimeThatNoLongerFits() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym", "at:07:30"])
        let moved = try #require(try shade.json(["mv", "1", "2026-12-31", "evening"]).objectValue)
        #expect(moved.string("date") == "2026-12-31")
        #expect(moved.string("slot") == "evening")
        #expect(moved["time"] == .null)
        #expect(moved.string("week") == "2026-W53")
        let timed = try #require(try shade.json(["mv", "1", "fri", "at:16:30"]).objectValue)
        #expect(timed.string("slot") == "afternoon")
        #expect(timed.string("time") == "16:30")
        #expect(timed.string("date") == "2026-11-27")
        #expect(try shade.run(["mv", "1", "sometime"]).status == 1)
    }

    @Test func editRetitlesAndAddsTagsAndShowHasEveryField() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "evening", "Read"])
        try shade.run(["edit", "1", "Monday", "reading", "+read", "at:20:15"])
        let task = try #require(try shade.json(["show", "1"]).objectValue)
        #expect(task.string("title") == "Monday reading")
        #expect(task["tags"] == ["read"])
        #expect(task.string("time") == "20:15")
        for key in [
            "id", "uid", "title", "status", "date", "slot", "time", "tags", "notes", "created", "modified", "done_at",
        ] {
            #expect(task[key] != nil, "show lacks \(key)")
        }
        #expect(try shade.run(["edit", "1", "at:08:00"]).status == 1)
        let text = try shade.run(["show", "1"])
        #expect(text.stdout.contains("Monday reading") && text.stdout.contains("evening (18:00–24:00)"))
    }

    @Test func rmDeletesAndUndoBringsItBackInALaterProcess() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        try shade.run(["add", "mon", "Read"])
        #expect(try shade.run(["rm", "1"]).stdout.contains("removed 1"))
        #expect(try shade.run(["show", "1"]).status == 1)
        let undo = try shade.run(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("rm 1"))
        #expect(try shade.json(["show", "1"]).objectValue?.string("title") == "Gym")
        #expect(try shade.run(["undo"]).stdout.contains("add mon Read"))
        #expect(try shade.run(["undo"]).stdout.contains("add mon Gym"))
        #expect(try shade.run(["undo"]).stdout.contains("nothing to undo"))
        #expect(try shade.allTasks().isEmpty)
        // Ids are not handed out again after an undo.
        #expect(try shade.json(["add", "x"]).objectValue?.int("id") == 3)
    }

    @Test func weekHasTheContractShapeAndPoolsItsRate() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "m", "a"])
        try shade.run(["add", "tue", "m", "b"])
        try shade.run(["add", "tue", "e", "c"])
        try shade.run(["add", "tue", "e", "d"])
        try shade.run(["done", "1"])
        let week = try #require(try shade.json(["week"]).objectValue)
        #expect(week.string("week") == "2026-W48")
        #expect(week.string("start") == "2026-11-23" && week.string("end") == "2026-11-29")
        #expect(week["rate"]?.doubleValue == 0.25)
        let days = try #require(week["days"]?.arrayValue)
        #expect(days.count == 7)
        #expect(days[0].objectValue?["rate"]?.doubleValue == 1)
        #expect(days[1].objectValue?["rate"]?.doubleValue == 0)
        #expect(days[2].objectValue?["rate"] == .null)
        let text = try shade.run(["week"])
        #expect(text.stdout.contains("25%") && text.stdout.contains("Mon 23 Nov"))
    }

    @Test func lsFiltersByDaySlotRangeStatusAndTag() throws {
        let shade = ShadeProcess(now: "2026-11-24T13:00")
        try shade.run(["add", "mon", "morning", "Gym", "+health"])
        try shade.run(["add", "tue", "evening", "Call", "+errand"])
        try shade.run(["add", "tue", "afternoon", "Lunch"])
        try shade.run(["add", "2026-12-02", "morning", "Later", "+errand"])
        func titles(_ filters: [String]) throws -> [String] {
            try shade.json(["ls"] + filters).objectValue?["tasks"]?.arrayValue?.compactMap {
                $0.objectValue?.string("title")
            } ?? []
        }
        #expect(try titles(["tue", "evening"]) == ["Call"])
        #expect(try titles(["+errand"]) == ["Call", "Later"])
        #expect(try titles(["overdue"]) == ["Gym"])
        #expect(try titles(["2026-11-23..2026-11-29"]) == ["Gym", "Lunch", "Call"])
        #expect(try titles([]) == ["Gym", "Lunch", "Call"], "no filter: the week in view")
        #expect(try titles(["all"]).count == 4)
        #expect(try shade.run(["ls", "bogus"]).status == 64)
    }

    @Test func theStoreOptionWorksBeforeAndAfterTheCommand() throws {
        let shade = ShadeProcess()
        let other = shade.root + "/other"
        #expect(try shade.run(["--store", other, "add", "one"]).status == 0)
        #expect(try shade.run(["add", "two", "--store", other]).status == 0)
        #expect(try shade.run(["ls", "all", "--json", "--store=" + other]).stdout.contains("two"))
        #expect(try shade.allTasks().isEmpty)
    }

    @Test func readingAStoreThatDoesNotExistShowsEmptyViewsAndCreatesNothing() throws {
        let shade = ShadeProcess()
        for command in [["week"], ["day"], ["ls", "all"], ["week", "--json"], ["undo"]] {
            #expect(try shade.run(command).status == 0, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: shade.store))
    }

    @Test func helpListsTheCommandsWithExamples() throws {
        let shade = ShadeProcess()
        let help = try shade.run(["help"])
        #expect(help.status == 0)
        for command in [
            "add", "done", "undone", "cancel", "rm", "mv", "edit", "show", "day", "week", "ls", "undo", "help",
        ] {
            #expect(help.stdout.contains(command + " "), "help lacks \(command)")
        }
        #expect(help.stdout.contains("64"))
        let add = try shade.run(["help", "add"])
        #expect(add.stdout.contains("Examples:") && add.stdout.contains("add tue evening Call the bank +errand"))
        #expect(try shade.run(["add", "--help"]).stdout.contains("Examples:"))
        #expect(try shade.run(["--version"]).stdout.hasPrefix("shade "))
    }

    @Test func colourFollowsTheTerminalRulesAndTheOption() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        #expect(try shade.run(["day", "--color", "always"]).stdout.contains("\u{1B}["))
        #expect(!(try shade.run(["day", "--color", "always", "--json"]).stdout.contains("\u{1B}")))
        #expect(
            !(try shade.run(["day"], environment: ["NO_COLOR": ""]).stdout.contains("\u{1B}")),
            "a pipe is not a terminal")
        #expect(!(try shade.run(["day", "--color", "never"]).stdout.contains("\u{1B}")))
    }

    @Test func timestampsCarryTheZoneOffsetOnEitherSideOfADSTChange() throws {
        let shade = ShadeProcess()
        let before = try shade.run(
            ["add", "Before", "--json"], environment: ["TZ": "Europe/Berlin", "SHADE_NOW": "2026-03-29T01:30"])
        let after = try shade.run(
            ["add", "After", "--json"], environment: ["TZ": "Europe/Berlin", "SHADE_NOW": "2026-03-29T03:30"])
        #expect(try before.json().objectValue?.string("created") == "2026-03-29T01:30:00+01:00")
        #expect(try after.json().objectValue?.string("created") == "2026-03-29T03:30:00+02:00")
        let day = try #require(try shade.json(["day", "2026-03-29"]).objectValue)
        #expect(day["slots"]?.arrayValue?.count == 3)
        #expect(day.int("open") == 2)
    }

    @Test func datesAtTheEndsOfTheYearsShadeTakesAreStoredAndListed() throws {
        let shade = ShadeProcess()
        #expect(try shade.run(["add", "1900-01-01", "First day"]).status == 0)
        #expect(try shade.run(["add", "9998-12-31", "Last day"]).status == 0)
        #expect(try shade.allTasks().compactMap { $0.string("date") } == ["1900-01-01", "9998-12-31"])
        let result = try shade.run([], stdin: "9998-12-31\nnext\n")
        #expect(
            result.status == 1
                && result.stderr.contains("line 2: error: shade takes dates from 1900-01-01 to 9998-12-31"))
    }

    @Test func slotBoundariesComeFromTheConfigFile() throws {
        let shade = ShadeProcess(now: "2026-11-23T12:30")
        try FileManager.default.createDirectory(atPath: shade.root + "/config/shade", withIntermediateDirectories: true)
        try #"{"slots": {"afternoon": "13:00", "evening": "19:00"}}"#.write(
            toFile: shade.root + "/config/shade/config.json", atomically: true, encoding: .utf8)
        #expect(try shade.json(["add", "Still morning"]).objectValue?.string("slot") == "morning")
        #expect(try shade.json(["add", "Dinner", "at:18:30"]).objectValue?.string("slot") == "afternoon")
        try #"{"slots": {"afternoon": "25:00"}}"#.write(
            toFile: shade.root + "/config/shade/config.json", atomically: true, encoding: .utf8)
        let bad = try shade.run(["day"])
        #expect(bad.status == 1 && bad.stderr.contains("config.json"))
    }
}
