import ShadeCore
import ShadeTestSupport
import Testing

/// A week's slot hours: a weekday's own boundaries, setting one slot's range, and the minutes a
/// slot lasts on a day the clocks change.
@Suite struct SlotScheduleTests {
    static func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text, allowEndOfDay: true) ?? .midnight }

    static func ranges(_ day: SlotBoundaries) -> [String] { Slot.allCases.map { day.hours(of: $0) } }

    @Test func settingASlotsRangeMovesItsNeighboursEdges() throws {
        let day = SlotBoundaries.standard
        #expect(
            Self.ranges(try day.setting(.morning, from: Self.time("08:00"), to: Self.time("13:00"))) == [
                "08:00–13:00", "13:00–18:00", "18:00–24:00",
            ])
        #expect(
            Self.ranges(try day.setting(.afternoon, from: Self.time("11:00"), to: Self.time("17:30"))) == [
                "06:00–11:00", "11:00–17:30", "17:30–24:00",
            ])
        #expect(
            Self.ranges(try day.setting(.evening, from: Self.time("20:00"), to: Self.time("24:00"))) == [
                "06:00–12:00", "12:00–20:00", "20:00–24:00",
            ])
    }

    @Test(arguments: [
        (Slot.morning, "13:00", "08:00"), (.morning, "08:00", "08:00"), (.morning, "08:00", "18:00"),
        (.afternoon, "05:00", "14:00"), (.afternoon, "12:00", "24:00"), (.evening, "19:00", "23:00"),
        (.evening, "12:00", "24:00"),
    ])
    func aRangeThatRunsBackwardsOrSwallowsANeighbourIsRefused(slot: Slot, start: String, end: String) {
        #expect(throws: InputError.self) {
            try SlotBoundaries.standard.setting(slot, from: Self.time(start), to: Self.time(end))
        }
    }

    @Test func aWeekdayHasItsOwnBoundariesAndATimesSlotIsItsDays() throws {
        let saturday = try SlotBoundaries.standard.setting(.morning, from: Self.time("08:00"), to: Self.time("13:00"))
        let schedule = SlotSchedule(everyDay: .standard, weekdays: [.saturday: saturday])
        let sat = CivilDate.fixture("2026-11-28")
        let sun = CivilDate.fixture("2026-11-29")
        #expect(schedule.on(sat).slot(containing: Self.time("12:30")) == .morning)
        #expect(schedule.on(sun).slot(containing: Self.time("12:30")) == .afternoon)
        #expect(!schedule.isUniform)
        #expect(schedule.slotStarts.map(\.description) == ["06:00", "08:00", "12:00", "13:00", "18:00"])
        // A slot has ended by its own day's boundaries.
        let noon = Moment(date: sat, time: Self.time("12:30"), utcOffsetSeconds: 0)
        #expect(!schedule.hasEnded(.morning, on: sat, at: noon))
        #expect(schedule.slot(at: noon) == .morning)
        #expect(schedule.length(of: .morning, on: sat) == 300)
        #expect(schedule.length(of: .morning, on: sun) == 360)
    }

    @Test func aSlotLastsAnHourLessWhenTheClocksGoForwardInItAndAnHourMoreWhenTheyGoBack() {
        let spring = CivilDate.fixture("2026-03-29")
        let autumn = CivilDate.fixture("2026-10-25")
        let changes = ClockChanges([
            .init(at: LocalDateTime(date: spring, time: Self.time("02:00")), shift: 60),
            .init(at: LocalDateTime(date: autumn, time: Self.time("03:00")), shift: -60),
        ])
        let early = SlotBoundaries.standard.setting
        let sunday = (try? early(.morning, Self.time("01:00"), Self.time("12:00"))) ?? .standard
        let schedule = SlotSchedule(everyDay: .standard, weekdays: [.sunday: sunday], clockChanges: changes)
        #expect(schedule.length(of: .morning, on: spring) == 600)
        #expect(schedule.length(of: .morning, on: autumn) == 720)
        #expect(schedule.length(of: .afternoon, on: spring) == 360)
        #expect(schedule.length(of: .morning, on: CivilDate.fixture("2026-04-05")) == 660)
        // Minutes from a time inside the slot: after the change, nothing is taken off.
        #expect(schedule.minutes(of: .morning, on: spring, from: Self.time("01:30")) == 570)
        #expect(schedule.minutes(of: .morning, on: spring, from: Self.time("04:00")) == 480)
        // A change back at midnight (America/Santiago, 5 April 2026): the evening before lasts an
        // hour more, the next morning nothing changes.
        let santiago = ClockChanges([
            .init(at: LocalDateTime(date: .fixture("2026-04-05"), time: Self.time("00:00")), shift: -60)
        ])
        let chile = SlotSchedule.standard.with(santiago)
        #expect(chile.length(of: .evening, on: .fixture("2026-04-04")) == 420)
        #expect(chile.length(of: .morning, on: .fixture("2026-04-05")) == 360)
        // Forward at midnight: the evening before is untouched, a morning from 00:00 an hour short.
        let forward = ClockChanges([
            .init(at: LocalDateTime(date: .fixture("2026-09-06"), time: Self.time("00:00")), shift: 60)
        ])
        let fromMidnight = try? SlotBoundaries.standard.setting(
            .morning, from: Self.time("00:00"), to: Self.time("12:00"))
        let midnightMornings = SlotSchedule(everyDay: fromMidnight ?? .standard, clockChanges: forward)
        #expect(midnightMornings.length(of: .evening, on: .fixture("2026-09-05")) == 360)
        #expect(midnightMornings.length(of: .morning, on: .fixture("2026-09-06")) == 660)
        // With the standard hours (from 06:00) a change at 02:00 touches no slot.
        let standard = SlotSchedule.standard.with(changes)
        #expect(standard.length(of: .morning, on: spring) == 360)
        let tasks = [
            PlannerTask(
                id: 1, uid: "u1", title: "Walk", date: spring, slot: .morning, estimate: 90, created: "c")
        ]
        let now = Moment(date: CivilDate.fixture("2026-03-28"), time: Self.time("09:00"), utcOffsetSeconds: 3600)
        let minutes = SlotMinutes(slot: .morning, on: spring, tasks: tasks, schedule: schedule, now: now)
        #expect(minutes.planned == 90)
        #expect(minutes.free == 510)
    }
}
