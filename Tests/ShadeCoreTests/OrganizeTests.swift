import Testing

@testable import ShadeCore

@Suite struct OrganizeWordsTests {
    @Test func editWordsReadCategoryColourAndTagsToTakeOff() throws {
        let words = try TaskWords.parse(
            ["cat:Bill", "+urgent", "-someday", "at:16:30", "color:red", "New title"], resolver: nil)
        #expect(words.category == "bill")
        #expect(words.tags == ["urgent"] && words.removedTags == ["someday"])
        #expect(words.color == .red)
        #expect(words.time?.description == "16:30")
        #expect(words.title == "New title")
        let clearing = try TaskWords.parse(["cat:none", "color:none"], resolver: nil)
        #expect(clearing.category == "" && clearing.clearsColor)
    }

    @Test func inAddADashWordIsTitle() throws {
        let resolver = DayResolver(today: CivilDate(iso: "2026-11-23")!, view: CivilDate(iso: "2026-11-23")!)
        #expect(try TaskWords.parse(["Fix", "-v", "flag"], resolver: resolver).title == "Fix -v flag")
    }

    @Test(arguments: ["red", "Orange", "GRAY", "grey", "teal"])
    func paletteColoursParse(_ name: String) throws {
        #expect(TaskColor.allCases.contains(try TaskColor.parse(name)))
    }

    @Test func anUnknownColourListsThePalette() {
        #expect(
            throws: InputError.invalid(
                "'mauve' is not a colour; use one of red, orange, yellow, green, teal, blue, purple, pink, grey")
        ) {
            try TaskColor.parse("mauve")
        }
    }

    @Test(arguments: ["", "two words", "a/b", String(repeating: "x", count: 41)])
    func badCategoryNamesAreRefused(_ name: String) {
        #expect(throws: InputError.self) { try TaskText.validateCategory(name) }
    }

    @Test func notesKeepLineBreaksButNoOtherControls() throws {
        #expect(try TaskText.validateNotes("line one\nline\ttwo") == "line one\nline\ttwo")
        #expect(throws: InputError.self) { try TaskText.validateNotes("bell\u{07}") }
    }

    @Test func favouriteCategoryAndMissingTagFiltersCombine() throws {
        let resolver = DayResolver(today: CivilDate(iso: "2026-11-23")!, view: CivilDate(iso: "2026-11-23")!)
        let now = Moment.parsePinned("2026-11-23T09:00", utcOffsetSeconds: 0)!
        var starred = makeTask(1, tags: ["work"])
        starred.favorite = true
        starred.category = "work"
        var plain = makeTask(2, tags: ["someday"])
        plain.category = "work"
        let query = TaskQuery(try ["fav", "cat:Work", "-someday"].map { try TaskFilter.parse($0, resolver: resolver) })
        #expect(query.matches(starred, now: now, schedule: .standard))
        #expect(!query.matches(plain, now: now, schedule: .standard))
        #expect(!TaskQuery([.withoutTag("someday")]).matches(plain, now: now, schedule: .standard))
    }
}

@Suite struct SearchAndSortTests {
    @Test(arguments: [
        ("Crème Brûlée", "creme brulee"), ("ZOË", "zoe"), ("Straße", "strasse"), ("e\u{301}cole", "ecole"),
        ("Łódź", "lodz"),
    ])
    func foldingIgnoresCaseAndDiacritics(text: String, folded: String) {
        #expect(TextFolding.fold(text) == folded)
    }

    @Test func searchLooksInTitleNotesTagsAndCategory() {
        var task = makeTask(1, tags: ["Urgent"])
        task.title = "Crème brûlée"
        task.notes = "ask the BANK"
        task.category = "food"
        #expect(TextFolding.matches(task, words: ["creme", "bank"]))
        #expect(TextFolding.matches(task, words: ["urgent", "FOOD"]))
        #expect(!TextFolding.matches(task, words: ["creme", "pie"]))
    }

    @Test func sortingIsStableAndDescendsWithADash() throws {
        var a = makeTask(1, "2026-11-24")
        a.title = "beta"
        var b = makeTask(2, "2026-11-23")
        b.title = "Alpha"
        var c = makeTask(3, "2026-11-25")
        c.title = "alpha"
        c.favorite = true
        let tasks = [a, b, c]
        #expect(try TaskSort.parse("sort:title")!.sorted(tasks).map(\.id) == [2, 3, 1], "equal titles keep date order")
        #expect(try TaskSort.parse("sort:-title")!.sorted(tasks).map(\.id) == [1, 2, 3])
        #expect(try TaskSort.parse("sort:fav")!.sorted(tasks).map(\.id) == [3, 2, 1])
        #expect(try TaskSort.parse("sort:-date")!.sorted(tasks).map(\.id) == [3, 1, 2])
        #expect(try TaskSort.parse("title") == nil)
        #expect(throws: InputError.self) { try TaskSort.parse("sort:colour") }
    }

    @Test func tasksWithoutACategoryComeLastEitherWayUp() throws {
        var a = makeTask(1)
        a.category = "work"
        var b = makeTask(2)
        b.category = "bill"
        let c = makeTask(3)
        #expect(try TaskSort.parse("sort:category")!.sorted([c, a, b]).map(\.id) == [2, 1, 3])
        #expect(try TaskSort.parse("sort:-category")!.sorted([c, a, b]).map(\.id) == [1, 2, 3])
    }
}
