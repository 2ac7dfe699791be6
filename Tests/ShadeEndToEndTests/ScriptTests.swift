import Foundation
import ShadeJSON
import Testing

@Suite struct PipedScriptTests {
    @Test func aScriptRunsEveryCommandInTheSlotInViewWithoutPrompts() throws {
        let shade = ShadeProcess()
        let script = """
            # plan Tuesday
            tue
            evening
            add Call the bank +errand
            add 'Quoted   title' at:19:30
            morning
            add Mum's birthday card
            done 1
            mv 2 wed
            edit 3 Mum's birthday card and flowers
            add Mistake
            rm 4
            cancel 3
            undo
            add Reopened later
            done 5
            undone 5
            rm 5
            help mv
            show 1 --json
            day --json
            week
            ls
            quit
            add never reached
            """
        let result = try shade.run([], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            !result.stdout.contains(" · morning › ") && !result.stdout.contains(" · evening › "),
            "no prompt in a script")
        let tasks = try shade.allTasks()
        #expect(
            tasks.map { $0.string("title")! } == ["Mum's birthday card and flowers", "Call the bank", "Quoted   title"])
        let byTitle = Dictionary(uniqueKeysWithValues: tasks.map { ($0.string("title")!, $0) })
        #expect(byTitle["Call the bank"]?.string("date") == "2026-11-24")
        #expect(byTitle["Call the bank"]?.string("slot") == "evening")
        #expect(byTitle["Call the bank"]?.string("status") == "done")
        #expect(byTitle["Quoted   title"]?.string("date") == "2026-11-25")
        #expect(byTitle["Quoted   title"]?.string("time") == "19:30")
        #expect(byTitle["Mum's birthday card and flowers"]?.string("slot") == "morning")
        #expect(byTitle["Mum's birthday card and flowers"]?.string("status") == "open", "cancel was undone")
        #expect(result.stdout.contains("\"date\": \"2026-11-24\""))
        #expect(result.stdout.contains("reopened 5") && result.stdout.contains("USAGE: shade mv"))
        #expect(result.stdout.contains("2026-W48"))
    }

    @Test func badLinesAreReportedWithTheirNumbersAndTheRestStillRuns() throws {
        let shade = ShadeProcess()
        let script = "add First\nfrobnicate\n\n# comment\ndone 99\nadd 'unclosed\nadd Last\n"
        let result = try shade.run([], stdin: script)
        #expect(result.status == 64, "the first failure's code")
        #expect(result.stderr.contains("line 2: error: unknown command 'frobnicate'"))
        #expect(result.stderr.contains("line 5: error: there is no task 99"))
        #expect(result.stderr.contains("line 6: error:"))
        #expect(result.stderr.split(separator: "\n").count <= 8)
        #expect(try shade.allTasks().map { $0.string("title")! } == ["First", "Last"])
    }

    @Test func navigationCrossesWeek52Then53ThenWeek1AndBack() throws {
        let shade = ShadeProcess(now: "2026-12-23T10:00")  // Wednesday of 2026-W52
        let script = """
            add In week 52
            week next
            add In week 53
            week next
            add In 2027 week 1
            evening
            next
            add On Thursday night
            week prev
            week prev
            add Back in 52
            week 2020-W53
            add Long ago
            week this
            prev
            add The day before
            """
        let result = try shade.run([], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        let dates = Dictionary(
            uniqueKeysWithValues: try shade.allTasks().map {
                ($0.string("title")!, $0.string("date")! + " " + $0.string("slot")!)
            })
        #expect(dates["In week 52"] == "2026-12-23 morning")
        #expect(dates["In week 53"] == "2026-12-30 morning")
        #expect(dates["In 2027 week 1"] == "2027-01-06 morning")
        #expect(dates["On Thursday night"] == "2027-01-07 evening")
        #expect(dates["Back in 52"] == "2026-12-24 evening")
        #expect(dates["Long ago"] == "2020-12-31 evening")
        #expect(dates["The day before"] == "2026-12-23 evening", "week this keeps Thursday, prev is Wednesday")
        let w53 = try #require(try shade.json(["week", "2026-W53"]).objectValue)
        #expect(w53.string("start") == "2026-12-28" && w53.string("end") == "2027-01-03")
        #expect(w53["days"]?.arrayValue?.compactMap { $0.objectValue?.string("date") }.last == "2027-01-03")
    }

    @Test func dayAndWeekCommandsMoveTheViewInTheREPL() throws {
        let shade = ShadeProcess()
        let result = try shade.run([], stdin: "day fri\nadd On Friday\nweek next\nadd Friday after\n")
        #expect(result.status == 0, "\(result.stderr)")
        let dates = try shade.allTasks().map { $0.string("date")! }
        #expect(dates == ["2026-11-27", "2026-12-04"])
    }
}

@Suite struct BadInputTests {
    @Test func aOneMegabyteLineIsRefusedAndTheNextLinesStillRun() throws {
        let shade = ShadeProcess()
        let huge = "add " + String(repeating: "x", count: 1_048_576)
        let result = try shade.run([], stdin: "add Before\n\(huge)\nadd After\n")
        #expect(result.status != 0)
        #expect(result.stderr.contains("line 2: error: the line is 1048580 bytes long; the limit is 65536 bytes"))
        #expect(result.stderr.count < 400)
        #expect(try shade.allTasks().map { $0.string("title")! } == ["Before", "After"])
    }

    @Test func aOneMegabyteTitleOnTheCommandLineIsRefusedClearly() throws {
        let shade = ShadeProcess()
        // Linux caps one argument at 128 KiB: a megabyte arrives as 16 words of 64 KiB.
        let words = Array(repeating: String(repeating: "y", count: 65_536), count: 16)
        let result = try shade.run(["add"] + words)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the title is 1048591 characters long; the limit is 1000"))
        #expect(result.stderr.count < 400)
        #expect(!FileManager.default.fileExists(atPath: shade.store))
    }

    @Test func aNulByteInAScriptLineIsRefusedLikeAnyControlCharacter() throws {
        let shade = ShadeProcess()
        let result = try shade.run([], stdin: "add nul\u{0}here\nadd fine\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1: error: the title holds the control character U+0000"))
        #expect(try shade.allTasks().map { $0.string("title")! } == ["fine"])
    }

    @Test func invalidUTF8IsRefusedOnTheCommandLineAndInScripts() throws {
        let shade = ShadeProcess()
        let argument = try shade.run(raw: [Array("add".utf8), [0x66, 0xFF, 0x6F]], stdin: [])
        #expect(argument.status == 64)
        #expect(argument.stderr.contains("argument 2 is not valid UTF-8"))
        let script = try shade.run(raw: [], stdin: Array("add ok\nadd b".utf8) + [0xC0, 0x80] + Array("d\n".utf8))
        #expect(script.status != 0)
        #expect(script.stderr.contains("line 2: error: the line is not valid UTF-8"))
        #expect(try shade.allTasks().map { $0.string("title")! } == ["ok"])
    }

    @Test(arguments: ["esc \u{1B}[2J clear", "bell\u{07}", "tab\there", "c1 \u{9B}31m"])
    func controlCharactersInTitlesAreRefused(_ title: String) throws {
        let shade = ShadeProcess()
        let result = try shade.run(["add", title])
        #expect(result.status == 1)
        #expect(result.stderr.contains("control character"))
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
    }

    @Test(arguments: ["読書 📚 本を読む", "مساء الخير — درس", "Crème brûlée 🍮", "👩‍👩‍👧 family call", "double  space", "🇫🇷 🇯🇵"])
    func unicodeTitlesAreKeptExactlyAsTyped(_ title: String) throws {
        let shade = ShadeProcess()
        let task = try #require(try shade.json(["add", title]).objectValue)
        #expect(task.string("title") == title)
        #expect(try shade.json(["show", "1"]).objectValue?.string("title") == title)
        #expect(try shade.run(["day"]).stdout.contains(title))
    }

    @Test func errorsSayWhatWasWrongInOneOrTwoLinesWithTheRightExitCode() throws {
        let shade = ShadeProcess()
        let cases: [([String], Int32, String)] = [
            (["add"], 64, "add needs a title"),
            (["add", "   "], 64, "add needs a title"),
            (["add", "tue", "evening"], 64, "usage: shade add [DAY] [SLOT] TITLE…"),
            (["add", "2026-02-30", "Rent"], 1, "'2026-02-30' is not a calendar date"),
            (["add", "mon", "evening", "Walk", "at:07:00"], 1, "07:00 is in the morning"),
            (["add", "Gym", "at:25:00"], 1, "not a time of day"),
            (["done", "42"], 1, "there is no task 42"),
            (["done", "abc"], 64, "abc"),
            (["frobnicate"], 64, "unknown command 'frobnicate'"),
            (["tue"], 64, "day tue"),
            (["week", "2025-W53"], 1, "it has weeks W01 to W52"),
            (["day", "someday"], 1, "'someday' is not a day"),
            (["mv", "1"], 64, "mv needs a day"),
            (["--color", "purple", "day"], 64, "--color takes auto, always or never"),
            (["--color=purple", "day"], 64, "--color takes auto, always or never"),
            (["done", "1", "--frob"], 64, "done has no option '--frob'"),
            (["show"], 64, "show needs <id>"),
            (["ls", "--by", "week"], 64, "--by takes status or cat, not 'week'"),
            (["ls", "2026-13-01"], 1, "'2026-13-01' is not a calendar date"),
            (["ls", "2026-11-30..2026-11-01"], 1, "ends before it starts"),
            (["ls", "frobnicate"], 64, "'frobnicate' is not a filter"),
        ]
        for (arguments, status, message) in cases {
            let result = try shade.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n").count
            #expect((1...2).contains(lines), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"))
        }
    }
}
