import ShadeTestSupport
import Testing

@testable import ShadeCore

func makeTask(
    _ id: Int, _ date: String = "2026-11-23", slot: Slot = .morning, status: TaskStatus = .open,
    time: String? = nil, tags: [String] = []
) -> PlannerTask {
    PlannerTask(
        id: id, uid: "uid-\(id)", title: "task \(id)", date: CivilDate.fixture(date), slot: slot,
        time: time.flatMap { TimeOfDay(parsing: $0) }, status: status, tags: tags, created: "2026-11-20T08:00:00+00:00")
}

@Suite struct RateTests {
    @Test func anEmptySetHasNoRate() {
        #expect(Tally([]).rate == nil)
    }

    @Test func onlyCancelledTasksGiveNoRateNeverZeroOrOne() {
        let tally = Tally([makeTask(1, status: .cancelled), makeTask(2, status: .cancelled)])
        #expect(tally.rate == nil)
        #expect(tally.cancelled == 2)
    }

    @Test func cancelledTasksCountInNeitherSide() {
        let tally = Tally([makeTask(1, status: .done), makeTask(2, status: .cancelled), makeTask(3)])
        #expect(tally.rate == 0.5)
        #expect((tally.done, tally.open, tally.cancelled) == (1, 1, 1))
    }

    @Test func allDoneIsOneAndAllOpenIsZero() {
        #expect(Tally([makeTask(1, status: .done)]).rate == 1)
        #expect(Tally([makeTask(1), makeTask(2)]).rate == 0)
    }

    @Test func aWeekRatePoolsItsTasksRatherThanAveragingDays() {
        // Monday 1/1 done, Tuesday 0/3: average of days would be 0.5, pooled is 1/4.
        let tasks = [
            makeTask(1, "2026-11-23", status: .done), makeTask(2, "2026-11-24"), makeTask(3, "2026-11-24"),
            makeTask(4, "2026-11-24"),
        ]
        let week = WeekAgenda(week: ISOWeek(parsing: "2026-W48")!, tasks: tasks)
        #expect(week.tally.rate == 0.25)
        #expect(week.days[0].tally.rate == 1)
        #expect(week.days[1].tally.rate == 0)
        #expect(week.days[2].tally.rate == nil)
    }

    @Test func aDayHasAllThreeSlotsInOrderWithTheirOwnRates() {
        let tasks = [
            makeTask(1, slot: .evening), makeTask(2, slot: .morning, status: .done),
            makeTask(3, slot: .morning, status: .open),
        ]
        let day = DayAgenda(date: CivilDate.fixture("2026-11-23"), tasks: tasks)
        #expect(day.slots.map(\.slot) == [.morning, .afternoon, .evening])
        #expect(day.slots.map(\.tally.rate) == [0.5, nil, 0])
        #expect(day.tally.rate == 1.0 / 3.0)
    }

    @Test func tasksOfOtherWeeksAndDaysAreLeftOut() {
        let tasks = [makeTask(1, "2026-11-22"), makeTask(2, "2026-11-30"), makeTask(3, "2026-11-25")]
        let week = WeekAgenda(week: ISOWeek(parsing: "2026-W48")!, tasks: tasks)
        #expect(week.tally.open == 1)
        #expect(DayAgenda(date: CivilDate.fixture("2026-11-25"), tasks: tasks).tasks.map(\.id) == [3])
    }

    @Test func tasksInASlotComeTimedFirstInTimeOrderThenByID() {
        let tasks = [
            makeTask(5), makeTask(2, time: "09:00"), makeTask(9, time: "07:15"), makeTask(1),
        ]
        let day = DayAgenda(date: CivilDate.fixture("2026-11-23"), tasks: tasks)
        #expect(day.slots[0].tasks.map(\.id) == [9, 2, 1, 5])
    }
}

@Suite struct SlotTests {
    @Test(arguments: [
        ("m", Slot.morning), ("Morning", .morning), ("a", .afternoon), ("afternoon", .afternoon), ("E", .evening),
    ])
    func parsesNamesAndLetters(text: String, slot: Slot) {
        #expect(Slot(name: text) == slot)
    }

    @Test(arguments: [
        ("00:00", Slot.morning), ("05:59", .morning), ("06:00", .morning), ("11:59", .morning),
        ("12:00", .afternoon), ("17:59", .afternoon), ("18:00", .evening), ("23:59", .evening),
    ])
    func theDefaultScheduleSplitsTheDay(time: String, slot: Slot) {
        #expect(SlotBoundaries.standard.slot(containing: TimeOfDay(parsing: time)!) == slot)
    }

    @Test func aConfiguredScheduleMovesTheBoundaries() throws {
        let schedule = try SlotBoundaries(
            morning: TimeOfDay(parsing: "05:00")!, afternoon: TimeOfDay(parsing: "13:00")!,
            evening: TimeOfDay(parsing: "19:30")!)
        #expect(schedule.slot(containing: TimeOfDay(parsing: "12:59")!) == .morning)
        #expect(schedule.slot(containing: TimeOfDay(parsing: "19:30")!) == .evening)
        #expect(schedule.hours(of: .afternoon) == "13:00–19:30")
    }

    @Test func boundariesOutOfOrderAreRejected() {
        #expect(throws: InputError.self) {
            try SlotSchedule(
                morning: TimeOfDay(parsing: "12:00")!, afternoon: TimeOfDay(parsing: "11:00")!,
                evening: TimeOfDay(parsing: "18:00")!)
        }
    }

    @Test func overdueMeansOpenAndTheSlotHasEnded() {
        let schedule = SlotSchedule.standard
        let morning = makeTask(1, "2026-11-23", slot: .morning)
        let at = { (text: String) in Moment.parsePinned(text, utcOffsetSeconds: 0)! }
        #expect(!morning.isOverdue(at: at("2026-11-23T11:59"), schedule: schedule))
        #expect(morning.isOverdue(at: at("2026-11-23T12:00"), schedule: schedule))
        #expect(morning.isUpcoming(at: at("2026-11-23T11:59"), schedule: schedule))
        #expect(
            !makeTask(2, "2026-11-23", slot: .morning, status: .done).isOverdue(
                at: at("2026-11-23T13:00"), schedule: schedule))
        let evening = makeTask(3, "2026-11-23", slot: .evening)
        #expect(!evening.isOverdue(at: at("2026-11-23T23:59"), schedule: schedule))
        #expect(evening.isOverdue(at: at("2026-11-24T00:00"), schedule: schedule))
        #expect(makeTask(4, "2026-11-22", slot: .evening).isOverdue(at: at("2026-11-23T05:00"), schedule: schedule))
        #expect(makeTask(5, "2026-11-24", slot: .morning).isUpcoming(at: at("2026-11-23T23:00"), schedule: schedule))
    }
}

@Suite struct TimelineOrderTests {
    @Test func sortingByKeysMatchesTheTimelineOrder() {
        var generator = SystemRandomNumberGenerator()
        let times: [String?] = [nil, "06:00", "07:30", "12:00", "18:45", "23:59"]
        let tasks = (1...300).map { id in
            makeTask(
                id, ["2026-11-23", "2026-11-24", "2026-12-31"].randomElement(using: &generator)!,
                slot: Slot.allCases.randomElement(using: &generator)!, time: times.randomElement(using: &generator)!)
        }.shuffled(using: &generator)
        #expect(
            PlannerTask.sortedInTimelineOrder(tasks).map(\.id) == tasks.sorted(by: PlannerTask.timelineOrder).map(\.id))
    }
}
