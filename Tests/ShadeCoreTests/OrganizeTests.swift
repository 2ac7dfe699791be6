import ShadeTestSupport
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
        let resolver = DayResolver(today: CivilDate.fixture("2026-11-23"), view: CivilDate.fixture("2026-11-23"))
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
        let resolver = DayResolver(today: CivilDate.fixture("2026-11-23"), view: CivilDate.fixture("2026-11-23"))
        let now = Moment.fixture("2026-11-23T09:00", utcOffsetSeconds: 0)
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

@Suite struct EachFilterTests {
    private let resolver = DayResolver(today: CivilDate.fixture("2026-11-24"), view: CivilDate.fixture("2026-11-24"))
    private let now = Moment.fixture("2026-11-24T13:00", utcOffsetSeconds: 0)

    private var tasks: [PlannerTask] {
        var star = makeTask(1, "2026-11-24", slot: .evening, tags: ["work"])
        star.favorite = true
        star.category = "bill"
        return [
            makeTask(2, "2026-11-23", slot: .morning),  // overdue
            makeTask(3, "2026-11-24", slot: .morning, status: .done),
            star,
            makeTask(4, "2026-11-25", slot: .afternoon, status: .cancelled, tags: ["someday"]),
            makeTask(5, "2026-12-02", slot: .morning),
        ]
    }

    @Test(arguments: [
        ("today", [3, 1]), ("tomorrow", [4]), ("yesterday", [2]), ("thisweek", [2, 3, 1, 4]),
        ("upcoming", [1, 5]), ("overdue", [2]), ("open", [2, 1, 5]), ("completed", [3]), ("cancelled", [4]),
        ("cat:bill", [1]), ("+work", [1]), ("-someday", [2, 3, 1, 5]), ("fav", [1]), ("2026-12-02", [5]),
        ("2026-11-24..2026-11-25", [3, 1, 4]), ("evening", [1]), ("2026-W49", [5]), ("all", [2, 3, 1, 4, 5]),
    ])
    func eachFilterAlone(word: String, ids: [Int]) throws {
        let filter = try TaskFilter.parse(word, resolver: resolver)
        let matching = tasks.filter { filter.matches($0, now: now, schedule: .standard) }
        #expect(PlannerTask.sortedInTimelineOrder(matching).map(\.id) == ids)
    }

    @Test func newCategoriesTakeTheLeastUsedColour() {
        #expect(Category.nextColor(after: []) == .red)
        #expect(Category.nextColor(after: [Category(name: "a", color: .red)]) == .orange)
        let all = TaskColor.allCases.map { Category(name: $0.rawValue, color: $0) }
        #expect(Category.nextColor(after: all + [Category(name: "x", color: .red)]) == .orange)
    }
}
