import PropertyBased
import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct PeriodStatsTests {
    private func week(_ text: String) throws -> ISOWeek { try #require(ISOWeek(parsing: text)) }
    private func goal(_ period: String, _ status: GoalStatus = .open) throws -> Goal {
        Goal(
            uid: "goal-\(period)-\(status)", title: "aim", period: try #require(GoalPeriod(parsing: period)),
            status: status, created: "2026-11-20T08:00:00+00:00")
    }

    @Test func monthsParseAndRefuseWhatIsNoMonth() {
        #expect(CalendarMonth(parsing: "2026-11")?.description == "2026-11")
        #expect(CalendarMonth(parsing: "2026-11")?.last == CivilDate.fixture("2026-11-30"))
        #expect(CalendarMonth(parsing: "2028-02")?.last == CivilDate.fixture("2028-02-29"))
        for bad in ["2026-13", "2026-00", "2026-1", "26-11", "2026-W48", "2026-11-01", "２０２６-11", "+026-11", ""] {
            #expect(CalendarMonth(parsing: bad) == nil, "\(bad)")
        }
        #expect(CalendarMonth(parsing: "2026-12")?.adding(months: 1).description == "2027-01")
        #expect(CalendarMonth(parsing: "2026-01")?.adding(months: -13).description == "2024-12")
    }

    @Test func aMonthsWeeksAreThoseWhoseThursdayFallsInItWeek53Included() {
        func weeks(_ month: String) -> [String] { CalendarMonth(parsing: month)?.weeks.map(\.description) ?? [] }
        // 1 Nov 2026 is a Sunday: its week's Thursday is in October.
        #expect(weeks("2026-11") == ["2026-W45", "2026-W46", "2026-W47", "2026-W48"])
        #expect(weeks("2026-12") == ["2026-W49", "2026-W50", "2026-W51", "2026-W52", "2026-W53"])
        // 1 Jan 2027 is a Friday, in 2026-W53 (December's).
        #expect(weeks("2027-01") == ["2027-W01", "2027-W02", "2027-W03", "2027-W04"])
        #expect(weeks("2026-01").first == "2026-W01")
    }

    @Test func everyWeekBelongsToExactlyOneMonth() async {
        await propertyCheck(count: 300, input: Gen.int(in: -20_000...20_000)) { offset in
            let week = CivilDate.fixture("2026-11-23").adding(days: offset).isoWeek
            let around = CalendarMonth(week.monday).adding(months: -1)
            let owners = (0..<3).map { around.adding(months: $0) }.filter { $0.weeks.contains(week) }
            #expect(owners.count == 1, "\(week)")
        }
    }

    @Test func periodsParseEveryShape() {
        #expect(HistoryPeriod(parsing: "2026-11-23") == .day(CivilDate.fixture("2026-11-23")))
        #expect(HistoryPeriod(parsing: "2026-W48")?.description == "2026-W48")
        #expect(HistoryPeriod(parsing: "2026-11")?.description == "2026-11")
        #expect(HistoryPeriod(parsing: "2026") == .year(2026))
        #expect(HistoryPeriod(parsing: "0000") == nil)
        #expect(HistoryPeriod(parsing: "soon") == nil)
        #expect(HistoryPeriod.year(2026).parts(by: .month)?.count == 12)
        #expect(HistoryPeriod.year(2026).parts(by: .day) == nil)
        #expect(HistoryPeriod(parsing: "2026-W53")?.parts(by: .day)?.last == .day(CivilDate.fixture("2027-01-03")))
    }

    @Test func aYearByMonthCountsEachDayInItsOwnMonthAcrossWeek53() throws {
        var accumulator = try #require(PeriodStats.Accumulator(period: .year(2026), unit: .month))
        #expect(accumulator.weeks.first == (try week("2026-W01")))
        #expect(accumulator.weeks.last == (try week("2026-W53")))
        // 2026-W53 runs Mon 28 Dec 2026 – Sun 3 Jan 2027; 2026-W01 begins Mon 29 Dec 2025.
        accumulator.add(
            try week("2026-W53"),
            WeekCells([
                makeTask(1, "2026-12-28", status: .done), makeTask(2, "2026-12-31"),
                makeTask(3, "2027-01-01", status: .done), makeTask(4, "2027-01-03", status: .cancelled),
            ]))
        accumulator.add(
            try week("2026-W01"),
            WeekCells([makeTask(5, "2025-12-29", status: .done), makeTask(6, "2026-01-02", status: .done)]))
        let stats = accumulator.stats()
        #expect(stats.lines.map(\.period.description).first == "2026-01")
        #expect(stats.lines[0].tally == Tally(done: 1, open: 0, cancelled: 0))
        #expect(stats.lines[11].tally == Tally(done: 1, open: 1, cancelled: 0))
        #expect(stats.lines[11].tally.rate == 0.5)
        #expect(stats.lines[5].tally.rate == nil)
        #expect(stats.total.tally == Tally(done: 2, open: 1, cancelled: 0))
        #expect(stats.total.planned == 3)
    }

    @Test func aMonthByWeekCountsItsWeeksWholeWeek53Too() throws {
        let december = try #require(CalendarMonth(parsing: "2026-12"))
        var accumulator = try #require(PeriodStats.Accumulator(period: .month(december), unit: .week))
        accumulator.add(
            try week("2026-W53"),
            WeekCells([makeTask(1, "2026-12-28", status: .done), makeTask(2, "2027-01-03")]))
        accumulator.add(try week("2026-W49"), WeekCells([makeTask(3, "2026-11-30", status: .done)]))
        accumulator.add(try goal("2026-W53", .done))
        accumulator.add(try goal("2026-12-01"))
        accumulator.add(try goal("2026-W48", .done))  // November's
        let stats = accumulator.stats()
        #expect(stats.lines.map(\.period.description) == ["2026-W49", "2026-W50", "2026-W51", "2026-W52", "2026-W53"])
        #expect(stats.lines[4].tally == Tally(done: 1, open: 1, cancelled: 0))
        #expect(stats.lines[0].tally.done == 1, "30 Nov is in 2026-W49, December's first week")
        #expect(stats.lines[0].goals == 1)
        #expect(stats.lines[4].goals == 1)
        #expect(stats.lines[4].goalsDone == 1)
        #expect(stats.total.goals == 2)
        #expect(stats.total.goalsDone == 1)
    }

    @Test func goalsCountWhereTheirDayOrTheirWeeksThursdayIs() throws {
        let november = HistoryPeriod.month(try #require(CalendarMonth(parsing: "2026-11")))
        #expect(november.contains(try #require(GoalPeriod(parsing: "2026-W44"))) == false)
        #expect(november.contains(try #require(GoalPeriod(parsing: "2026-W45"))))
        #expect(november.contains(try #require(GoalPeriod(parsing: "2026-11-01"))))
        #expect(
            HistoryPeriod.day(CivilDate.fixture("2026-11-23")).contains(try #require(GoalPeriod(parsing: "2026-W48")))
                == false)
        #expect(HistoryPeriod.year(2027).contains(try #require(GoalPeriod(parsing: "2026-W53"))) == false)
    }

    @Test func wordsNameMonthsAndYearsAroundTheView() throws {
        let resolver = DayResolver(today: CivilDate.fixture("2026-11-23"), view: CivilDate.fixture("2027-01-05"))
        #expect(try resolver.requireMonth("this").description == "2026-11")
        #expect(try resolver.requireMonth("next").description == "2027-02")
        #expect(try resolver.requireMonth("last").description == "2026-12")
        #expect(try resolver.requireYear("last") == 2026)
        #expect(try resolver.requirePeriod(nil, by: .day) == .week(try week("2027-W01")))
        #expect(try resolver.requirePeriod(nil, by: .month) == .year(2027))
        #expect(throws: InputError.self) { try resolver.requireMonth("2026-13") }
        #expect(throws: InputError.self) { try resolver.requireYear("20266") }
        #expect(throws: InputError.self) { try resolver.requirePeriod("2026", by: .week) }
        let end = DayResolver(today: CivilDate.fixture("9998-12-20"), view: CivilDate.fixture("9998-12-20"))
        #expect(throws: InputError.self) { try end.requireMonth("next") }
        #expect(throws: InputError.self) { try end.requireYear("next") }
    }
}
