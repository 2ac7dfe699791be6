import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct CivilDateTests {
    @Test func roundTripsThroughDaysSinceEpoch() {
        for days in stride(from: -719_162, through: 2_900_000, by: 997) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(CivilDate(iso: date.description) == date)
        }
    }

    @Test func knowsItsWeekday() {
        #expect(CivilDate.fixture("1970-01-01").weekday == .thursday)
        #expect(CivilDate.fixture("2026-11-23").weekday == .monday)
        #expect(CivilDate.fixture("2026-11-29").weekday == .sunday)
        #expect(CivilDate.fixture("2000-02-29").weekday == .tuesday)
    }

    @Test(arguments: [
        "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "26-11-23", "2026-11-2x", "", "2026/11/23",
    ])
    func rejectsDatesThatDoNotExist(_ text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func acceptsLeapDays() {
        #expect(CivilDate(iso: "2024-02-29") != nil)
        #expect(CivilDate(iso: "2000-02-29") != nil)
        #expect(CivilDate(iso: "1900-02-29") == nil)
    }

    @Test func addsDaysAcrossMonthAndYearEnds() {
        #expect(CivilDate.fixture("2026-12-31").adding(days: 1).description == "2027-01-01")
        #expect(CivilDate.fixture("2024-03-01").adding(days: -1).description == "2024-02-29")
    }
}

@Suite struct ISOWeekTests {
    @Test(arguments: [
        ("2026-12-28", "2026-W53"), ("2027-01-03", "2026-W53"), ("2027-01-04", "2027-W01"),
        ("2020-12-31", "2020-W53"), ("2021-01-03", "2020-W53"), ("2021-01-04", "2021-W01"),
        ("2015-12-31", "2015-W53"), ("2016-01-03", "2015-W53"), ("2024-12-30", "2025-W01"),
        ("2025-12-29", "2026-W01"), ("2026-01-01", "2026-W01"), ("2022-01-01", "2021-W52"),
        ("2026-11-23", "2026-W48"), ("2008-12-29", "2009-W01"), ("2010-01-03", "2009-W53"),
    ])
    func weekOfDateFollowsTheISOWeekYear(date: String, week: String) {
        #expect(CivilDate.fixture(date).isoWeek.description == week)
    }

    @Test(arguments: [(2015, 53), (2020, 53), (2026, 53), (2032, 53), (2021, 52), (2024, 52), (2025, 52), (2027, 52)])
    func countsWeeksInAYear(year: Int, weeks: Int) {
        #expect(ISOWeek.weeksIn(year: year) == weeks)
    }

    @Test func parsesAndRejectsWeekNames() {
        #expect(ISOWeek(parsing: "2026-W53")?.monday.description == "2026-12-28")
        #expect(ISOWeek(parsing: "2026-w01")?.monday.description == "2025-12-29")
        #expect(ISOWeek(parsing: "2025-W53") == nil)
        #expect(ISOWeek(parsing: "2026-W00") == nil)
        #expect(ISOWeek(parsing: "2026W48") == nil)
    }

    @Test func stepsFromWeek52Through53ToWeek1() {
        let w52 = ISOWeek(parsing: "2026-W52")!
        #expect(w52.adding(weeks: 1).description == "2026-W53")
        #expect(w52.adding(weeks: 2).description == "2027-W01")
        #expect(ISOWeek(parsing: "2027-W01")!.adding(weeks: -1).description == "2026-W53")
        #expect(ISOWeek(parsing: "2025-W52")!.adding(weeks: 1).description == "2026-W01")
    }

    @Test func everyWeekHasSevenDaysMondayFirst() {
        let week = ISOWeek(parsing: "2026-W53")!
        #expect(
            week.days.map(\.description) == [
                "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03",
            ])
        #expect(week.days.allSatisfy { $0.isoWeek == week })
    }
}

@Suite struct DaylightSavingDayTests {
    // Europe springs forward on 2026-03-29 and falls back on 2026-10-25; the US on 03-08 and 11-01.
    @Test(arguments: ["2026-03-29", "2026-10-25", "2026-03-08", "2026-11-01"])
    func aDSTDayIsAnOrdinaryCalendarDayWithThreeSlots(_ text: String) {
        let date = CivilDate(iso: text)!
        #expect(date.weekday == .sunday)
        let task = PlannerTask(
            id: 1, uid: "u", title: "t", date: date, slot: .morning, time: TimeOfDay(parsing: "02:30"), created: "c")
        let day = DayAgenda(date: date, tasks: [task])
        #expect(day.slots.map(\.slot) == [.morning, .afternoon, .evening])
        #expect(day.slots[0].tasks == [task])
        #expect(date.adding(days: 1).weekday == .monday)
    }

    @Test func aPinnedClockAtAMissingLocalHourIsKeptAsWallClockTime() {
        let moment = Moment.fixture("2026-03-29T02:30", utcOffsetSeconds: 7200)
        #expect(moment.date.description == "2026-03-29")
        #expect(moment.time.description == "02:30")
        #expect(moment.timestamp == "2026-03-29T02:30:00+02:00")
        #expect(SlotBoundaries.standard.slot(containing: moment.time) == .morning)
    }

    @Test func negativeOffsetsAreStamped() {
        #expect(
            Moment.parsePinned("2026-11-01T01:30:05", utcOffsetSeconds: -18000)!.timestamp
                == "2026-11-01T01:30:05-05:00")
        #expect(Moment.parsePinned("2026-11-01 01:30", utcOffsetSeconds: 0) == nil)
        #expect(Moment.parsePinned("2026-11-01T25:30", utcOffsetSeconds: 0) == nil)
    }
}

/// Dates, weeks and times are written into fixed-width text and read from bytes in place; a value
/// outside its width is written the long way, as before.
@Suite struct FixedWidthTextTests {
    @Test func fieldsOutsideTheirWidthAreWrittenTheLongWay() {
        #expect(ISOWeek(uncheckedYear: 10_000, week: 1).description == "10000-W01")
        #expect(ISOWeek(uncheckedYear: -1, week: 5).description == Digits.padded(-1, 4) + "-W05")
        #expect(CivilDate(uncheckedYear: 12_345, month: 1, day: 2).description == "12345-01-02")
        #expect(CivilDate(uncheckedYear: 7, month: 3, day: 9).description == "0007-03-09")
        #expect(TimeOfDay.endOfDay.description == "24:00")
        #expect(TimeOfDay.midnight.description == "00:00")
    }

    @Test func weeksDatesAndTimesReadFromSubstrings() {
        let text = "x2026-W53y"
        #expect(ISOWeek(parsing: text.dropFirst().dropLast())?.week == 53)
        #expect(ISOWeek(parsing: "2027-W53") == nil)  // 2027 has 52 weeks
        #expect(ISOWeek(parsing: "2026-w01") == ISOWeek(year: 2026, week: 1))
        for bad in ["2026-W00", "2026-W5x", "2026W-01", "20260-W1", "2026-W54"] {
            #expect(ISOWeek(parsing: bad) == nil)
        }
        #expect(CivilDate(iso: "<2026-11-23>".dropFirst().dropLast()) == CivilDate(year: 2026, month: 11, day: 23))
        #expect(TimeOfDay(parsing: "9:30")?.minutes == 570)
        #expect(TimeOfDay(parsing: "[09:30]".dropFirst().dropLast())?.minutes == 570)
        #expect(TimeOfDay(parsing: "09:3x") == nil)
        #expect(TimeOfDay(parsing: "24:00") == nil)
        #expect(TimeOfDay(parsing: "24:00", allowEndOfDay: true) == .endOfDay)
    }
}
