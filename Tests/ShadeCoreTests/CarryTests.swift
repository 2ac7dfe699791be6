import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Carrying open work on: where a task lands, what it remembers, what is never carried.
@Suite struct CarryTests {
    static let tuesday = CivilDate.fixture("2026-11-24")

    static func context(_ time: String, on date: CivilDate = tuesday) -> OperationContext {
        OperationContext(
            now: Moment(date: date, time: TimeOfDay(parsing: time) ?? .midnight, timestamp: "\(date)T\(time):00+00:00"),
            schedule: .standard)
    }

    static func task(
        _ id: Int, _ date: String, _ slot: Slot, time: String? = nil, status: TaskStatus = .open, series: String? = nil
    ) -> PlannerTask {
        PlannerTask(
            id: id, uid: "u\(id)", title: "Task \(id)", date: .fixture(date), slot: slot,
            time: time.flatMap { TimeOfDay(parsing: $0) }, status: status, created: "2026-11-20T08:00:00+00:00",
            series: series)
    }

    @Test func overdueTasksGoToTheCurrentSlotTodayKeepingATimeStillAhead() throws {
        let context = Self.context("13:00")
        let tasks = [
            Self.task(1, "2026-11-23", .evening, time: "19:00"), Self.task(2, "2026-11-24", .morning, time: "09:00"),
            Self.task(3, "2026-11-20", .afternoon, time: "16:30"), Self.task(4, "2026-11-24", .afternoon),
            Self.task(5, "2026-11-23", .morning, status: .done), Self.task(6, "2026-11-23", .morning, series: "s"),
        ]
        let overdue = CarryOperations.overdue(tasks, context: context)
        // Not the open task of the slot still running, not a done one, not a repeating task's missed day.
        #expect(overdue.map(\.id) == [3, 1, 2])
        let changes = try CarryOperations.carry(overdue, to: .init(), context: context)
        let after = changes.compactMap { $0.after?.task }
        #expect(after.map(\.date) == Array(repeating: Self.tuesday, count: 3))
        // 16:30 and 19:00 still lie ahead today: each keeps its time, in the slot the time is in.
        #expect(after.map(\.slot) == [.afternoon, .evening, .afternoon])
        #expect(after.map { $0.time?.description } == ["16:30", "19:00", nil])
        #expect(after.map(\.carried) == [1, 1, 1])
        #expect(after.map { $0.planned?.description } == ["2026-11-20", "2026-11-23", "2026-11-24"])
        #expect(after.allSatisfy { $0.modified == "2026-11-24T13:00:00+00:00" })
        // Same id and uid: the task moved, it is not a copy.
        #expect(changes.map { $0.before?.task?.uid } == changes.map { $0.after?.task?.uid })
    }

    @Test func carryingTwiceCountsTwoAndKeepsTheFirstPlannedDay() throws {
        let first = try CarryOperations.carry(
            [Self.task(1, "2026-11-20", .morning)], to: .init(), context: Self.context("10:00"))
        let once = try #require(first.first?.after?.task)
        let second = try CarryOperations.carry(
            [once], to: .init(date: .fixture("2026-11-26"), slot: .evening), context: Self.context("13:00"))
        let twice = try #require(second.first?.after?.task)
        #expect(twice.carried == 2 && twice.planned == .fixture("2026-11-20"))
        #expect(twice.date == .fixture("2026-11-26") && twice.slot == .evening)
    }

    @Test func carryAcrossTheYearIntoWeek53() throws {
        // 2026 has 53 ISO weeks: Monday 28 December 2026 is in 2026-W53; carried on to 4 January
        // 2027, the first day of 2027-W01.
        let context = Self.context("08:00", on: .fixture("2026-12-31"))
        let changes = try CarryOperations.carry(
            [Self.task(1, "2026-12-28", .evening, time: "20:00")], to: .init(date: .fixture("2027-01-04")),
            context: context)
        let task = try #require(changes.first?.after?.task)
        #expect(task.week.description == "2027-W01" && task.slot == .evening && task.time?.description == "20:00")
        #expect(task.planned?.isoWeek.description == "2026-W53")
        #expect(CarryOperations.carriedFrom([task], week: task.week) == [ISOWeek(parsing: "2026-W53")!: 1])
    }

    @Test func workIsNeverCarriedBackwardsOrIntoThePast() throws {
        let context = Self.context("13:00")
        // A task planned for Friday is not pulled back to today.
        #expect(
            try CarryOperations.carry([Self.task(1, "2026-11-27", .morning)], to: .init(), context: context).isEmpty)
        #expect(throws: InputError.self) {
            try CarryOperations.carry(
                [Self.task(1, "2026-11-20", .morning)], to: .init(date: .fixture("2026-11-23")), context: context)
        }
        #expect(throws: InputError.self) {
            try CarryOperations.carry(
                [Self.task(1, "2026-11-20", .morning)], to: .init(slot: .morning), context: context)
        }
        // To today without a slot: a slot that has ended today gives way to the current one.
        let changes = try CarryOperations.carry(
            [Self.task(1, "2026-11-20", .morning, time: "08:00")], to: .init(date: Self.tuesday), context: context)
        let task = try #require(changes.first?.after?.task)
        #expect(task.slot == .afternoon && task.time == nil)
    }

    @Test func applyingACarryThenItsInverseGivesBackTheRecords() throws {
        let tasks = [Self.task(1, "2026-11-20", .morning), Self.task(2, "2026-11-23", .evening, time: "19:30")]
        let records = PlannerSnapshot(tasks: tasks)
        let changes = try CarryOperations.carry(tasks, to: .init(), context: Self.context("13:00"))
        let carried = records.applying(changes)
        #expect(carried != records)
        #expect(carried.applying(Change(label: "carry", at: "", by: "", records: changes).inverse) == records)
    }
}
