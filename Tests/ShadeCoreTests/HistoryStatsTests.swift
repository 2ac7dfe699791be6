import Testing

@testable import ShadeCore

@Suite struct HistoryStatsTests {
    private func cells(_ tasks: [PlannerTask]) -> WeekCells { WeekCells(tasks) }

    @Test func weekCellsRoundTripThroughTheirCounts() {
        let week = cells([
            makeTask(1, "2026-11-23", slot: .morning, status: .done), makeTask(2, "2026-11-29", slot: .evening),
            makeTask(3, "2026-11-25", slot: .afternoon, status: .cancelled),
        ])
        #expect(WeekCells(counts: week.counts) == week)
        #expect(week[.monday, .morning].done == 1)
        #expect(week[.sunday, .evening].open == 1)
        #expect(week[.wednesday, .afternoon].cancelled == 1)
        #expect(week.total == Tally(done: 1, open: 1, cancelled: 1))
        #expect(WeekCells(counts: Array(repeating: 0, count: 62)) == nil)
        #expect(WeekCells(counts: Array(repeating: -1, count: 63)) == nil)
    }

    @Test func aRangeAcrossWeek53AndNewYearListsEveryWeekEmptyOnesWithoutRate() {
        let w52 = ISOWeek(parsing: "2026-W52")!
        let w02 = ISOWeek(parsing: "2027-W02")!
        let stats = HistoryStats(
            from: w52, through: w02,
            cells: [
                w52: cells([makeTask(1, "2026-12-21", status: .done), makeTask(2, "2026-12-21")]),
                w02: cells([makeTask(3, "2027-01-11", slot: .evening, status: .done)]),
            ])
        #expect(stats.weeks.map(\.week.description) == ["2026-W52", "2026-W53", "2027-W01", "2027-W02"])
        #expect(stats.weeks.map(\.tally.rate) == [0.5, nil, nil, 1])
        #expect(stats.total.rate == 2.0 / 3.0)
    }

    @Test func ratesBySlotAndWeekdayPoolTheRangeAndNameTheBest() {
        let w = ISOWeek(parsing: "2026-W48")!
        let stats = HistoryStats(
            from: w, through: w,
            cells: [
                w: cells([
                    makeTask(1, "2026-11-23", slot: .morning, status: .done),
                    makeTask(2, "2026-11-24", slot: .morning, status: .done),
                    makeTask(3, "2026-11-24", slot: .evening),
                    makeTask(4, "2026-11-25", slot: .evening, status: .done),
                    makeTask(5, "2026-11-25", slot: .evening),
                    makeTask(6, "2026-11-26", slot: .afternoon, status: .cancelled),
                ])
            ])
        #expect(stats.bySlot.map(\.rate) == [1, nil, 1.0 / 3.0])
        #expect(stats.byWeekday.map(\.rate) == [1, 0.5, 0.5, nil, nil, nil, nil])
        #expect(stats.bestSlot == .morning)
        #expect(stats.bestWeekday == .monday)
        #expect(stats.byWeekday[3].cancelled == 1)
    }

    @Test func anEmptyRangeHasNoRateAndNoBest() {
        let w = ISOWeek(parsing: "2026-W48")!
        let stats = HistoryStats(from: w, through: w.adding(weeks: 3), cells: [:])
        #expect(stats.weeks.count == 4)
        #expect(stats.total.rate == nil)
        #expect(stats.bestSlot == nil && stats.bestWeekday == nil)
        #expect(HistoryStats(from: w, through: w.adding(weeks: -1), cells: [:]).weeks.isEmpty)
    }
}
