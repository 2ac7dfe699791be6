import Foundation
import ShadeJSON
import Testing

@Suite struct OrganizeCommandTests {
    @Test func editChangesEveryFieldWithTheWordsAddTakes() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Old title", "+someday", "cat:home"])
        let edited = try #require(
            try shade.json(["edit", "1", "cat:bill", "+urgent", "-someday", "at:11:30", "color:red", "New title"])
                .objectValue)
        #expect(edited.string("title") == "New title")
        #expect(edited.string("category") == "bill")
        #expect(edited["tags"] == ["urgent"])
        #expect(edited.string("time") == "11:30")
        #expect(edited.string("color") == "red")
        let cleared = try #require(try shade.json(["edit", "1", "cat:none", "color:none", "at:none"]).objectValue)
        #expect(cleared["category"] == .null && cleared["color"] == .null && cleared["time"] == .null)
        let bad = try shade.run(["edit", "1", "color:mauve"])
        #expect(bad.status == 1 && bad.stderr.contains("red, orange, yellow"))
    }

    @Test func starUnstarAndNoteOneShotAndInAScript() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Gym"])
        try shade.run(["add", "mon", "Read"])
        #expect(try shade.json(["star", "1", "2"]).objectValue?["tasks"]?.arrayValue?.count == 2)
        #expect(try shade.json(["unstar", "2"]).objectValue?["favorite"] == false)
        let script = try shade.run([], stdin: "note 1 Bring a towel\nstar 2\nunstar 2\nnote 2 --clear\n")
        #expect(script.status == 0, "\(script.stderr)")
        let gym = try #require(try shade.json(["show", "1"]).objectValue)
        #expect(gym["favorite"] == true && gym.string("notes") == "Bring a towel")
        #expect(try shade.json(["show", "2"]).objectValue?["favorite"] == false)
        #expect(try shade.run(["show", "1"]).stdout.contains("★"))
        #expect(try shade.run(["day"]).stdout.contains("★"))
        // Clearing a note there is not changes nothing: no undo step; undo takes back the unstar.
        #expect(try shade.run(["undo"]).stdout.contains("unstar 2"))
    }

    @Test func lsFiltersByFavouriteCategoryAndMissingTag() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Report", "cat:work", "+q4"])
        try shade.run(["add", "mon", "Slides", "cat:work", "+someday"])
        try shade.run(["add", "mon", "Milk", "cat:grocery"])
        try shade.run(["star", "1", "3"])
        func titles(_ filters: [String]) throws -> [String] {
            try shade.json(["ls"] + filters).objectValue?["tasks"]?.arrayValue?.compactMap {
                $0.objectValue?.string("title")
            } ?? []
        }
        #expect(try titles(["fav"]) == ["Report", "Milk"])
        #expect(try titles(["cat:work", "-someday"]) == ["Report"])
        #expect(try titles(["cat:WORK"]).count == 2)
        #expect(try shade.run(["ls", "cat:a/b"]).status == 64)
    }

    @Test func addTakesCategoryAndColourAndViewsShowThem() throws {
        let shade = ShadeProcess()
        let task = try #require(try shade.json(["add", "mon", "Pay rent", "cat:bill", "color:red"]).objectValue)
        #expect(task.string("category") == "bill" && task.string("color") == "red")
        #expect(try shade.run(["day"]).stdout.contains("@bill"))
        #expect(try shade.run(["day", "--color", "always"]).stdout.contains("\u{1B}[31mPay rent"))
    }
}

@Suite struct SearchCommandTests {
    private func titles(_ value: JSONValue) -> [String] {
        value.objectValue?["tasks"]?.arrayValue?.compactMap { $0.objectValue?.string("title") } ?? []
    }

    @Test func findMatchesAnyCaseAndAccentsAcrossTheHistory() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Crème brûlée for Zoë", "cat:food"])
        try shade.run(["add", "2025-03-03", "Call the BANK", "+urgent"])
        try shade.run(["add", "tue", "Report"])
        try shade.run(["note", "3", "ask the bank about fees"])
        #expect(titles(try shade.json(["find", "creme", "ZOE"])) == ["Crème brûlée for Zoë"])
        #expect(titles(try shade.json(["find", "bank"])) == ["Call the BANK", "Report"])
        #expect(titles(try shade.json(["find", "bank", "sort:-title"])) == ["Report", "Call the BANK"])
        #expect(try shade.run(["find", "nothing-like-this"]).stdout.contains("nothing found"))
        #expect(try shade.run(["find"]).status == 64)
        let script = try shade.run([], stdin: "find food\n")
        #expect(script.stdout.contains("Crème brûlée"))
    }

    @Test func lsGroupsByStatusAndByCategoryWithCountsAndShares() throws {
        let shade = ShadeProcess()
        // (Single letters m, a and e are slots: the titles are words.)
        try shade.run(["add", "mon", "Alpha", "cat:work"])
        try shade.run(["add", "mon", "Beta", "cat:work"])
        try shade.run(["add", "mon", "Gamma"])
        try shade.run(["done", "1"])
        try shade.run(["cancel", "3"])
        let grouped = try #require(try shade.json(["ls", "thisweek", "--by", "status"]).objectValue)
        let groups = grouped["groups"]?.arrayValue?.compactMap { $0.objectValue } ?? []
        #expect(groups.map { $0.string("name")! } == ["in progress", "completed", "cancelled"])
        #expect(groups.map { $0.int("count")! } == [1, 1, 1])
        let text = try shade.run(["ls", "thisweek", "--by", "cat"])
        #expect(text.stdout.contains("work · 2 of 3 (67%) · 50% done"))
        #expect(text.stdout.contains("no category · 1 of 3"))
        #expect(try shade.run(["ls", "--by", "colour"]).status == 64)
        #expect(titles(try shade.json(["ls", "all", "sort:-title"])) == ["Gamma", "Beta", "Alpha"])
    }
}

@Suite struct CategoryCommandTests {
    private func categories(_ shade: ShadeProcess) throws -> [JSONObject] {
        try shade.json(["cat"]).objectValue?["categories"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    @Test func categoriesAreMadeOnTheFlyListedRenamedRecolouredAndRemoved() throws {
        let shade = ShadeProcess()
        #expect(try categories(shade).isEmpty)
        try shade.run(["add", "mon", "Essay", "cat:School"])
        try shade.run(["add", "mon", "Milk", "cat:grocery"])
        try shade.run(["done", "1"])
        var list = try categories(shade)
        #expect(list.map { $0.string("name")! } == ["grocery", "school"])
        #expect(list.allSatisfy { $0.string("color") != nil }, "a new category gets a colour")
        #expect(list.first { $0.string("name") == "school" }?["rate"] == .double(1))
        #expect(try shade.run(["cat", "add", "work", "blue"]).status == 0)
        #expect(try shade.run(["cat", "add", "work"]).status == 1)
        #expect(try shade.run(["cat", "rename", "school", "uni"]).stdout.contains("(1 task)"))
        #expect(try shade.json(["show", "1"]).objectValue?.string("category") == "uni")
        let clash = try shade.run(["cat", "rename", "uni", "work"])
        #expect(clash.status == 1 && clash.stderr.contains("cat rm uni --to work"))
        #expect(try shade.run(["cat", "color", "uni", "purple"]).status == 0)
        #expect(try shade.run(["cat", "color", "uni", "mauve"]).status == 1)
        #expect(try shade.run(["cat", "rm", "grocery", "--to", "work"]).stdout.contains("1 task moved to work"))
        #expect(try shade.json(["show", "2"]).objectValue?.string("category") == "work")
        #expect(try shade.run(["cat", "rm", "uni"]).stdout.contains("left without a category"))
        #expect(try shade.json(["show", "1"]).objectValue?["category"] == .null)
        list = try categories(shade)
        #expect(list.map { $0.string("name")! } == ["work"])
        #expect(list.first?.string("color") == "blue")
        let unknown = try shade.run(["cat", "rm", "nope"])
        #expect(unknown.status == 1 && unknown.stderr.contains("categories: work"))
        #expect(try shade.run(["cat", "add", ""]).status == 1)
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func undoTakesACategoryChangeBackOnItsTasks() throws {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "Milk", "cat:grocery"])
        try shade.run(["cat", "rm", "grocery", "--to", "errand"])
        #expect(try shade.run(["undo"]).status == 0)
        #expect(try shade.json(["show", "1"]).objectValue?.string("category") == "grocery")
        #expect(try categories(shade).contains { $0.string("name") == "grocery" })
    }

    @Test func aTaskShowsItsCategoryColourUnlessItHasItsOwn() throws {
        let shade = ShadeProcess()
        try shade.run(["cat", "add", "bill", "green"])
        try shade.run(["add", "mon", "Rent", "cat:bill"])
        try shade.run(["add", "mon", "Fine", "cat:bill", "color:red"])
        let day = try shade.run(["day", "--color", "always"]).stdout
        #expect(day.contains("\u{1B}[32mRent"))
        #expect(day.contains("\u{1B}[31mFine"))
    }
}

@Suite struct StandingFilterTests {
    @Test func aStandingFilterNarrowsEveryViewUntilCleared() throws {
        let shade = ShadeProcess()
        let script = """
            add mon Report +work
            add mon Milk
            add tue Slides +work
            done 1
            filter +work
            ls thisweek --json
            day mon --json
            week --json
            stats --weeks 1 --json
            filter clear
            ls thisweek --json
            """
        let result = try shade.run([], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        // Split the output into its JSON documents (each starts with "{" at the start of a line).
        let documents = result.stdout.components(separatedBy: "\n{").dropFirst().map { "{" + $0 }
        let values = try documents.map { text -> JSONValue in
            let cut = text.range(of: "\n}\n").map { String(text[..<$0.upperBound]) } ?? text
            return try JSONParser.parse(Array(cut.utf8))
        }
        #expect(values.count == 5)
        #expect(values[0].objectValue?["tasks"]?.arrayValue?.count == 2, "ls: only +work")
        #expect(values[1].objectValue?["done"] == 1 && values[1].objectValue?["open"] == 0, "day: Milk filtered out")
        #expect(values[2].objectValue?["open"] == 1 && values[2].objectValue?["done"] == 1, "week: 2 of 3 tasks")
        #expect(values[3].objectValue?["rate"] == .double(0.5), "stats: the filter holds")
        #expect(values[4].objectValue?["tasks"]?.arrayValue?.count == 3, "cleared")
        #expect(try shade.run(["filter", "+work"]).status == 64)
        #expect(try shade.run([], stdin: "filter bogus\n").stderr.contains("line 1: error: 'bogus' is not a filter"))
    }
}

@Suite struct OrganizeScriptTests {
    @Test func categoriesSortingAndSectionsFromAPipedScript() throws {
        let shade = ShadeProcess()
        let script = """
            cat add school blue
            add mon Essay cat:school
            add mon Milk cat:grocery +errand
            star 2
            cat rename grocery food
            cat color food green
            ls thisweek sort:-title --json
            ls thisweek --by cat --json
            cat --json
            """
        let result = try shade.run([], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("renamed the category grocery to food (1 task)"))
        #expect(result.stdout.contains(#""name": "food""#) && result.stdout.contains(#""color": "green""#))
        let list = try shade.json(["ls", "thisweek", "sort:-title"]).objectValue?["tasks"]?.arrayValue ?? []
        #expect(list.compactMap { $0.objectValue?.string("title") } == ["Milk", "Essay"])
        #expect(list.first?.objectValue?["favorite"] == true && list.first?.objectValue?.string("category") == "food")
    }
}
