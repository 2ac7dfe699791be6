import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct NowAgendaTests {
    private let tasks = [
        makeTask(1, "2026-11-24", slot: .afternoon, status: .done),
        makeTask(2, "2026-11-24", slot: .afternoon),
        makeTask(3, "2026-11-24", slot: .afternoon, time: "15:30"),
        makeTask(4, "2026-11-24", slot: .afternoon, time: "13:00"),
        makeTask(5, "2026-11-24", slot: .evening, time: "19:00"),
        makeTask(6, "2026-11-24", slot: .evening, status: .cancelled),
        makeTask(7, "2026-11-25", slot: .morning, time: "07:00"),
    ]

    @Test func theSlotTheClockIsInWithOpenTasksFirstAndTimeLeft() {
        let agenda = NowAgenda(now: Moment.fixture("2026-11-24T14:20"), schedule: .standard, tasks: tasks)
        #expect(agenda.slot == .afternoon)
        #expect(agenda.slotEnd.description == "18:00")
        #expect(agenda.minutesLeft == 220)
        #expect(agenda.tasks.map(\.id) == [4, 3, 2, 1])
        // 13:00 has passed: the next timed task is the one at 15:30.
        #expect(agenda.next?.id == 3)
        #expect(agenda.nextSlot == PlannerView(date: CivilDate.fixture("2026-11-24"), slot: .evening))
        #expect(agenda.nextSlotTasks.map(\.id) == [5])
    }

    @Test func afterTheEveningComesTomorrowsMorning() {
        let agenda = NowAgenda(now: Moment.fixture("2026-11-24T21:00"), schedule: .standard, tasks: tasks)
        #expect(agenda.slot == .evening)
        #expect(agenda.minutesLeft == 180)
        #expect(agenda.next?.id == 7)
        #expect(agenda.nextSlot == PlannerView(date: CivilDate.fixture("2026-11-25"), slot: .morning))
        #expect(agenda.nextSlotTasks.map(\.id) == [7])
    }

    @Test func beforeTheMorningStartsItIsMorning() {
        let agenda = NowAgenda(now: Moment.fixture("2026-11-24T04:30"), schedule: .standard, tasks: [])
        #expect(agenda.slot == .morning)
        #expect(agenda.minutesLeft == 7 * 60 + 30)
        #expect(agenda.tasks.isEmpty && agenda.next == nil && agenda.nextSlotTasks.isEmpty)
    }
}
