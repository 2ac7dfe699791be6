import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct DayResolverTests {
    let resolver = DayResolver(today: CivilDate.fixture("2026-12-31"), view: CivilDate.fixture("2026-11-25"))

    @Test func relativeDaysFollowTheClockAcrossTheYearEnd() {
        #expect(resolver.date(for: "today")?.description == "2026-12-31")
        #expect(resolver.date(for: "Tomorrow")?.description == "2027-01-01")
        #expect(resolver.date(for: "yesterday")?.description == "2026-12-30")
    }

    @Test(arguments: Weekday.allCases)
    func weekdayNamesMeanThatDayOfTheWeekInView(_ weekday: Weekday) {
        let expected = CivilDate.fixture("2026-11-23").adding(days: weekday.rawValue - 1)
        #expect(resolver.date(for: weekday.name) == expected)
        #expect(resolver.date(for: weekday.shortName) == expected)
        #expect(resolver.date(for: weekday.label.uppercased()) == expected)
    }

    @Test func weekWordsMoveFromTheWeekInView() {
        let atW53 = DayResolver(today: CivilDate.fixture("2026-11-23"), view: CivilDate.fixture("2026-12-30"))
        #expect(atW53.week(for: "next")?.description == "2027-W01")
        #expect(atW53.week(for: "prev")?.description == "2026-W52")
        #expect(atW53.week(for: "last")?.description == "2026-W52")
        #expect(atW53.week(for: "this")?.description == "2026-W48")
        #expect(atW53.week(for: "2020-W53")?.description == "2020-W53")
    }

    /// `in N days` and `in N weeks` count from today (not the day in view), across the year end
    /// and into ISO week 53; three words, whatever follows them.
    @Test func daysInWordsCountFromToday() throws {
        #expect(try resolver.requireDate(words: ["in", "3", "days"]).description == "2027-01-03")
        #expect(try resolver.requireDate(words: ["in", "1", "day"]).description == "2027-01-01")
        #expect(try resolver.requireDate(words: ["IN", "2", "Weeks"]).description == "2027-01-14")
        #expect(try resolver.requireDate(words: ["in", "0", "days"]).description == "2026-12-31")
        let late = DayResolver(today: CivilDate.fixture("2026-12-21"), view: CivilDate.fixture("2026-11-25"))
        #expect(try late.requireDate(words: ["in", "1", "week"]).isoWeek.description == "2026-W53")
        let found = resolver.leadingDate(in: ["in", "2", "weeks", "evening", "Read"][...])
        #expect(found?.date.description == "2027-01-14" && found?.count == 3)
        #expect(resolver.leadingDate(in: ["in", "the", "morning"][...]) == nil)
        #expect(resolver.leadingDate(in: ["In", "2027", "week", "1"][...]) == nil, "a title, not a day")
        for bad in [["in", "-1", "days"], ["in", "+3", "days"], ["in", "3", "months"], ["in", "99999", "days"]] {
            #expect(throws: InputError.self, "\(bad)") { try resolver.requireDate(words: bad) }
        }
    }

    @Test func badDaysAndWeeksSayWhatWouldBeRight() {
        #expect(throws: InputError.invalid("'2026-02-30' is not a calendar date; write YYYY-MM-DD, e.g. 2026-11-23")) {
            try resolver.requireDate("2026-02-30")
        }
        #expect(throws: InputError.invalid("'2025-W53' is not a week of 2025: it has weeks W01 to W52")) {
            try resolver.requireWeek("2025-W53")
        }
        #expect(throws: InputError.self) { try resolver.requireDate("someday") }
    }
}

@Suite struct TaskWordsTests {
    let resolver = DayResolver(today: CivilDate.fixture("2026-11-23"), view: CivilDate.fixture("2026-11-23"))

    @Test func readsDaySlotTitleTagsAndTime() throws {
        let words = try TaskWords.parse(
            ["tue", "evening", "Call", "the", "bank", "+errand", "at:19:00"], resolver: resolver)
        #expect(words.date?.description == "2026-11-24")
        #expect(words.slot == .evening)
        #expect(words.title == "Call the bank")
        #expect(words.tags == ["errand"])
        #expect(words.time?.description == "19:00")
    }

    @Test func aTitleWithoutDayOrSlotKeepsItsWords() throws {
        let words = try TaskWords.parse(["Evening walk", "with", "Ana"], resolver: resolver)
        #expect(words.date == nil && words.slot == nil)
        #expect(words.title == "Evening walk with Ana")
    }

    @Test func everythingAfterTwoDashesIsTitle() throws {
        let words = try TaskWords.parse(["--", "Monday", "+notatag", "at:7"], resolver: resolver)
        #expect(words.date == nil)
        #expect(words.title == "Monday +notatag at:7")
        #expect(words.tags.isEmpty)
    }

    @Test func withoutAResolverNoDayOrSlotIsRead() throws {
        let words = try TaskWords.parse(["Monday", "evening", "review", "+work"], resolver: nil)
        #expect(words.title == "Monday evening review")
        #expect(words.tags == ["work"])
    }

    @Test func aTimeChoosesTheSlotWhenNoneIsWritten() throws {
        let words = try TaskWords.parse(["Dentist", "at:16:30"], resolver: resolver)
        #expect(try words.resolvedSlot(default: .morning, day: .standard) == .afternoon)
        let early = try TaskWords.parse(["Run", "at:05:00"], resolver: resolver)
        #expect(try early.resolvedSlot(default: .evening, day: .standard) == .morning)
    }

    @Test func aTimeOutsideTheWrittenSlotIsAnError() throws {
        let words = try TaskWords.parse(["mon", "evening", "Walk", "at:07:00"], resolver: resolver)
        #expect(throws: InputError.self) { try words.resolvedSlot(default: .morning, day: .standard) }
    }

    @Test(arguments: ["at:25:00", "at:7:5", "at:07:60", "at:noon", "at:", "at:13pm", "at:0am", "at:12345", "at:2400"])
    func badTimesAreRejected(_ word: String) {
        #expect(throws: InputError.self) { try TaskWords.parse(["Gym", word], resolver: resolver) }
    }

    @Test func aMistypedDateIsAnErrorNotATitle() {
        #expect(throws: InputError.self) { try TaskWords.parse(["2026-02-30", "Pay", "rent"], resolver: resolver) }
    }

    @Test func duplicateTagsAreKeptOnce() throws {
        #expect(try TaskWords.parse(["x", "+a", "+b", "+a"], resolver: resolver).tags == ["a", "b"])
    }
}

@Suite struct TaskTextTests {
    @Test(arguments: ["", " ", "\t  ", "\u{A0}", "\u{3000}\u{2003}", " \u{2028}"])
    func blankTitlesAreRejected(_ title: String) {
        #expect(throws: InputError.invalid("a task needs a title, e.g. add Call the bank")) {
            try TaskText.validateTitle(title)
        }
    }

    @Test(arguments: ["ring \u{1B}[31mred", "bell\u{07}", "nul\u{0}", "c1\u{85}", "del\u{7F}", "line\nbreak"])
    func controlCharactersAreRejected(_ title: String) {
        #expect(throws: InputError.self) { try TaskText.validateTitle(title) }
    }

    @Test(arguments: ["読書 📚", "مساء الخير", "Crème brûlée", "👩‍👩‍👧 family call", "a  b"])
    func unicodeTitlesAreKeptExactly(_ title: String) throws {
        #expect(try TaskText.validateTitle(title) == title)
    }

    /// Blank is whitespace only, ASCII or not; a visible character anywhere, ASCII or not, is a title.
    @Test func blankMeansWhitespaceOnly() {
        for blank in ["", " ", "\t\u{A0}", "\u{3000}", "\u{2003} \u{2029}"] { #expect(TaskText.isBlank(blank)) }
        for title in ["a", "  x", "\u{3000}☕", "\u{A0}é", "~", " !"] { #expect(!TaskText.isBlank(title)) }
    }

    @Test func titlesHaveALengthLimit() throws {
        // Counted in characters, not bytes: 1,000 two-byte characters are within it.
        #expect(try TaskText.validateTitle(String(repeating: "é", count: 1_000)).count == 1_000)
        #expect(throws: InputError.self) { try TaskText.validateTitle(String(repeating: "é", count: 1_001)) }
        #expect(throws: InputError.self) { try TaskText.validateTitle(String(repeating: "x", count: 1_001)) }
    }

    @Test func tagsAreOneWord() {
        #expect(throws: InputError.self) { try TaskText.validateTag("two words") }
        #expect(throws: InputError.self) { try TaskText.validateTag("") }
    }

    @Test func uidsAreVersion4UUIDs() {
        var generator = SystemRandomNumberGenerator()
        let uid = UIDGenerator.make(using: &generator)
        let parts = uid.split(separator: "-")
        #expect(parts.map(\.count) == [8, 4, 4, 4, 12])
        #expect(parts[2].first == "4")
        #expect(UIDGenerator.make(using: &generator) != uid)
    }

    /// Two draws of 64 bits, laid out high byte first, with the version and variant bits set; a
    /// derived uid is the same text it always was (an import finds the records it made before).
    @Test func uidsAreLaidOutFromTheirBytes() {
        struct Fixed: RandomNumberGenerator {
            var values: [UInt64] = [0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210]
            mutating func next() -> UInt64 { values.removeFirst() }
        }
        var generator = Fixed()
        #expect(UIDGenerator.make(using: &generator) == "01234567-89ab-4def-bedc-ba9876543210")
        #expect(UIDGenerator.derived(from: "todotxt\nBuy milk +errand") == "ce03c67b-ecbb-8519-9b5f-5e3ab64a9af5")
    }
}

@Suite struct TaskFilterTests {
    let resolver = DayResolver(today: CivilDate.fixture("2026-11-23"), view: CivilDate.fixture("2026-11-23"))
    let now = Moment.fixture("2026-11-23T13:00", utcOffsetSeconds: 0)

    @Test func filtersCombineWithAnd() throws {
        let query = TaskQuery(try ["tue", "evening"].map { try TaskFilter.parse($0, resolver: resolver) })
        #expect(query.matches(makeTask(1, "2026-11-24", slot: .evening), now: now, schedule: .standard))
        #expect(!query.matches(makeTask(2, "2026-11-24", slot: .morning), now: now, schedule: .standard))
        #expect(!query.matches(makeTask(3, "2026-11-23", slot: .evening), now: now, schedule: .standard))
    }

    @Test func rangesBoundTheDaysToRead() throws {
        let query = TaskQuery([try TaskFilter.parse("2026-11-23..2026-11-29", resolver: resolver), .slot(.morning)])
        #expect(query.dateBounds?.first.description == "2026-11-23")
        #expect(query.dateBounds?.last.description == "2026-11-29")
        #expect(TaskQuery([.overdue]).dateBounds == nil)
    }

    @Test func overdueAndUpcomingFollowTheClock() throws {
        let overdue = try TaskFilter.parse("overdue", resolver: resolver)
        #expect(overdue.matches(makeTask(1, "2026-11-23", slot: .morning), now: now, schedule: .standard))
        #expect(!overdue.matches(makeTask(2, "2026-11-23", slot: .afternoon), now: now, schedule: .standard))
        #expect(
            try TaskFilter.parse("upcoming", resolver: resolver).matches(
                makeTask(3, "2026-11-23", slot: .afternoon), now: now, schedule: .standard))
    }

    @Test(arguments: ["bogus", "2026-11-29..2026-11-23", "2026-02-30", "2025-W53"])
    func unknownOrImpossibleFiltersAreRejected(_ word: String) {
        #expect(throws: InputError.self) { try TaskFilter.parse(word, resolver: resolver) }
    }
}

@Suite struct CalendarEdgeTests {
    @Test func movesPastYear9998OrBeforeYear1900AreRefusedNotTrapped() {
        let end = DayResolver(today: CivilDate.fixture("9998-12-31"), view: CivilDate.fixture("9998-12-31"))
        #expect(end.date(for: "tomorrow") == nil)
        #expect(throws: DayResolver.outOfRange) { try end.requireDate("tomorrow") }
        #expect(end.week(for: "next") == nil)
        #expect(throws: DayResolver.outOfRange) { try end.requireWeek("9999-W01") }
        let start = DayResolver(today: CivilDate.fixture("1900-01-01"), view: CivilDate.fixture("1900-01-01"))
        #expect(start.date(for: "yesterday") == nil)
        #expect(start.week(for: "prev") == nil)
        #expect(start.date(for: "sunday")?.description == "1900-01-07")
        #expect(CivilDate.fixture("1900-01-01").isoWeek.description == "1900-W01")
    }

    @Test(arguments: ["1899-12-31", "9999-01-01", "0001-01-01", "1899-W52", "9999-W01", "9999-12-31..9999-12-31"])
    func datesOutsideYears1900To9998AreRefusedAsInputNamingTheRange(_ word: String) throws {
        let resolver = DayResolver(today: CivilDate.fixture("2026-11-24"), view: CivilDate.fixture("2026-11-24"))
        let error = try #require(throws: InputError.self) { try TaskFilter.parse(word, resolver: resolver) }
        #expect(error.message.text.contains("1900-01-01 to 9998-12-31"), "\(error)")
        #expect(throws: InputError.self) { try TaskWords.parse(["x", "until:\(word)"], resolver: resolver) }
    }

    @Test(arguments: ["1900-01-01", "9998-12-31"])
    func theFirstAndLastDayShadeTakesAreTaken(_ word: String) throws {
        let resolver = DayResolver(today: CivilDate.fixture("2026-11-24"), view: CivilDate.fixture("2026-11-24"))
        #expect(try resolver.requireDate(word).description == word)
        #expect(try TaskFilter.parse(word, resolver: resolver) == .date(CivilDate.fixture(word)))
    }
}
