import ShadeTestSupport
import Testing

@testable import ShadeCore

/// A slot's minutes (SPEC §16): the estimates of its open tasks against what is left of it.
@Suite struct SlotMinutesTests {
    static let day = CivilDate.fixture("2026-11-24")

    static func task(_ slot: Slot, _ estimate: Int?, _ status: TaskStatus = .open, day: CivilDate = day) -> PlannerTask
    {
        PlannerTask(
            id: 1, uid: "u", title: "T", date: day, slot: slot, status: status, estimate: estimate,
            created: "2026-11-20T08:00:00+00:00")
    }

    static func now(_ date: CivilDate, _ minutes: Int) -> Moment {
        Moment(date: date, time: TimeOfDay(uncheckedMinutes: minutes), timestamp: "\(date)T00:00:00+00:00")
    }

    @Test func aLaterSlotHasItsWholeLengthLessItsOpenEstimates() {
        let tasks = [
            Self.task(.evening, 90), Self.task(.evening, 30), Self.task(.evening, nil),
            Self.task(.evening, 120, .done), Self.task(.evening, 60, .cancelled), Self.task(.morning, 45),
        ]
        let minutes = SlotMinutes(
            slot: .evening, on: Self.day, tasks: tasks, schedule: .standard, now: Self.now(Self.day, 8 * 60))
        #expect(minutes.planned == 120 && minutes.free == 240 && minutes.estimated)
    }

    @Test func theSlotUnderWayCountsFromNowAndAnEndedOneHasNone() {
        let tasks = [Self.task(.afternoon, 120), Self.task(.morning, 45)]
        let at13 = Self.now(Self.day, 13 * 60)
        let afternoon = SlotMinutes(slot: .afternoon, on: Self.day, tasks: tasks, schedule: .standard, now: at13)
        #expect(afternoon.planned == 120 && afternoon.free == 180)
        let morning = SlotMinutes(slot: .morning, on: Self.day, tasks: tasks, schedule: .standard, now: at13)
        #expect(morning.planned == 45 && morning.free == -45)
        let yesterday = SlotMinutes(
            slot: .evening, on: Self.day, tasks: [], schedule: .standard, now: Self.now(Self.day.adding(days: 1), 0))
        #expect(yesterday.free == 0 && !yesterday.estimated)
        // Before the slot starts on its own day: its whole length.
        let early = SlotMinutes(
            slot: .afternoon, on: Self.day, tasks: tasks, schedule: .standard, now: Self.now(Self.day, 7 * 60))
        #expect(early.free == 360 - 120)
    }
}
