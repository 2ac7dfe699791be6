import PropertyBased
import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Rebalancing a week: over-full slots give their extra tasks to the nearest slots with room, the
/// same day first (an earlier slot too, while it has not ended), never into the past, never to an
/// earlier day; checked on examples and over random weeks.
@Suite struct RebalanceTests {
    static let week = CivilDate.fixture("2026-11-23").isoWeek

    static func context(day: Int, minutes: Int) -> OperationContext {
        let date = week.monday.adding(days: day)
        return OperationContext(
            now: Moment(date: date, time: TimeOfDay(uncheckedMinutes: minutes), timestamp: "\(date)T00:00:00+00:00"),
            schedule: .standard)
    }

    static func task(_ id: Int, day: Int, _ slot: Slot, time: Int? = nil) -> PlannerTask {
        PlannerTask(
            id: id, uid: "u\(id)", title: "T\(id)", date: week.monday.adding(days: day), slot: slot,
            time: time.map { TimeOfDay(uncheckedMinutes: $0) }, created: "2026-11-20T08:00:00+00:00")
    }

    @Test func extraTasksGoToTheNearestLaterSlotWithRoomSameDayFirst() {
        let capacity = SlotCapacity(bySlot: [.morning: 2, .afternoon: 2, .evening: 1])
        // Tuesday morning holds four: two must go; the afternoon has room for one, the evening
        // for one. The timed one (07:00) stays: untimed tasks move first, the newest first.
        let tasks = [
            Self.task(1, day: 1, .morning, time: 7 * 60), Self.task(2, day: 1, .morning),
            Self.task(3, day: 1, .morning),
            Self.task(4, day: 1, .morning), Self.task(5, day: 1, .afternoon),
        ]
        let moves = Rebalance.plan(
            week: Self.week, tasks: tasks, capacity: capacity, context: Self.context(day: 0, minutes: 600))
        #expect(moves.map(\.task.id) == [4, 3])
        #expect(moves.map(\.slot) == [.afternoon, .evening])
        #expect(moves.allSatisfy { $0.date == Self.week.monday.adding(days: 1) })
    }

    @Test func anEarlierSlotOfTheSameDayThatHasNotEndedComesBeforeTheNextDay() {
        let capacity = SlotCapacity(bySlot: [.morning: 1, .afternoon: 1, .evening: 1])
        let tasks = [Self.task(1, day: 2, .evening), Self.task(2, day: 2, .evening), Self.task(3, day: 2, .evening)]
        // Wednesday at 10:00: the afternoon (nearer) takes one, then the morning (not ended yet).
        let morning = Rebalance.plan(
            week: Self.week, tasks: tasks, capacity: capacity, context: Self.context(day: 2, minutes: 600))
        #expect(morning.map(\.slot) == [.afternoon, .morning])
        #expect(morning.allSatisfy { $0.date == Self.week.monday.adding(days: 2) })
        // Wednesday at 17:00: the morning has ended; the afternoon takes one, Thursday morning the other.
        let late = Rebalance.plan(
            week: Self.week, tasks: tasks, capacity: capacity, context: Self.context(day: 2, minutes: 17 * 60))
        #expect(late.map { "\($0.date.weekday.shortName) \($0.slot)" } == ["wed afternoon", "thu morning"])
        // At a tie the later slot comes first: an over-full afternoon gives to the evening, then the morning.
        let afternoon = [
            Self.task(4, day: 3, .afternoon), Self.task(5, day: 3, .afternoon), Self.task(6, day: 3, .afternoon),
        ]
        let both = Rebalance.plan(
            week: Self.week, tasks: afternoon, capacity: SlotCapacity(bySlot: [.afternoon: 1, .evening: 1]),
            context: Self.context(day: 0, minutes: 600))
        #expect(both.map(\.slot) == [.evening, .morning])
    }

    /// A capacity in minutes: the extra estimates go, each task to the nearest slot its estimate
    /// still fits in.
    @Test func aCapacityInMinutesMovesTasksUntilTheEstimatesFit() {
        var capacity = SlotCapacity()
        capacity.set(minutes: 180, for: .evening)
        capacity.set(minutes: 60, for: .afternoon)
        func task(_ id: Int, _ minutes: Int) -> PlannerTask {
            var task = Self.task(id, day: 2, .evening)
            task.estimate = minutes
            return task
        }
        // Wednesday evening plans 2h + 1h30m + 45m = 4h15m against 3h.
        let tasks = [task(1, 120), task(2, 90), task(3, 45)]
        let moves = Rebalance.plan(
            week: Self.week, tasks: tasks, capacity: capacity, context: Self.context(day: 0, minutes: 600))
        // The newest (45m) fits the afternoon's hour; then the evening holds 3h30m: the 1h30m task
        // fits no afternoon any more and goes to the morning (no limit).
        #expect(moves.map(\.task.id) == [3, 2])
        #expect(moves.map(\.slot) == [.afternoon, .morning])
        #expect(
            Rebalance.overFullSlots(week: Self.week, tasks: tasks, after: moves, capacity: capacity) == 0)
        #expect(Rebalance.overFullSlots(week: Self.week, tasks: tasks, capacity: capacity) == 1)
        // A task without an estimate frees no minutes: it stays, and the estimated ones go.
        let unestimated = Self.task(9, day: 2, .evening)
        let withIt = Rebalance.plan(
            week: Self.week, tasks: tasks + [unestimated], capacity: capacity,
            context: Self.context(day: 0, minutes: 600))
        #expect(withIt.map(\.task.id) == [3, 2])
    }

    @Test func aTimedTaskOnlyMovesToItsSlotOnALaterDay() {
        let capacity = SlotCapacity(bySlot: [.evening: 1])
        let tasks = [Self.task(1, day: 2, .evening, time: 19 * 60), Self.task(2, day: 2, .evening, time: 20 * 60)]
        let moves = Rebalance.plan(
            week: Self.week, tasks: tasks, capacity: capacity, context: Self.context(day: 0, minutes: 600))
        #expect(moves.count == 1)
        #expect(moves.first?.task.id == 2 && moves.first?.slot == .evening)
        #expect(moves.first?.date == Self.week.monday.adding(days: 3))
    }

    @Test func aWeekdayLimitWinsOverTheSlotsAndNoRoomMeansNoMove() {
        let capacity = SlotCapacity(
            bySlot: [.evening: 3], byWeekday: [.sunday: [.morning: 0, .afternoon: 0, .evening: 1]])
        #expect(capacity.limit(on: Self.week.sunday, .evening) == 1)
        #expect(capacity.limit(on: Self.week.monday, .evening) == 3)
        // Sunday evening is the week's last slot, and Sunday's other slots have no room.
        let tasks = [Self.task(1, day: 6, .evening), Self.task(2, day: 6, .evening)]
        #expect(
            Rebalance.plan(week: Self.week, tasks: tasks, capacity: capacity, context: Self.context(day: 0, minutes: 0))
                .isEmpty)
    }

    /// A random week: tasks in random slots (some timed), random limits, a random clock.
    struct RandomWeek: Sendable, CustomStringConvertible {
        let tasks: [PlannerTask]
        let capacity: SlotCapacity
        let context: OperationContext
        var description: String {
            "tasks \(tasks.map { "\($0.id)@\($0.date.weekday.shortName) \($0.slot) \($0.time?.description ?? "-")" }) capacity \(Slot.allCases.map { "\($0) \(capacity.limit(for: $0).map(String.init) ?? "none")" }) now \(context.now.date) \(context.now.time)"
        }
    }

    @Test func afterRebalancingNoSlotIsOverWhereThereWasRoomAndNothingMovedBack() async {
        let seeds = Gen.int(in: 0...Int(Int32.max)).array(of: 40)
        await propertyCheck(count: 300, input: seeds) { seeds in
            var rest = seeds[...]
            func next(_ range: ClosedRange<Int>) -> Int {
                let value = rest.popFirst() ?? 0
                return range.lowerBound + value % (range.count)
            }
            let size = next(0...20)
            var tasks: [PlannerTask] = []
            for id in 1...max(1, size) {
                let slot = Slot.allCases[next(0...2)]
                let timed = next(0...3) == 0
                let start = SlotBoundaries.standard.start(of: slot).minutes
                tasks.append(Self.task(id, day: next(0...6), slot, time: timed ? start + next(0...300) : nil))
            }
            var limits: [Slot: Int] = [:]
            for slot in Slot.allCases where next(0...3) > 0 { limits[slot] = next(0...3) }
            let capacity = SlotCapacity(bySlot: limits)
            let context = Self.context(day: next(0...6), minutes: next(0...1439))
            let moves = Rebalance.plan(week: Self.week, tasks: tasks, capacity: capacity, context: context)
            let after = PlannerSnapshot(tasks: tasks).applying(Rebalance.changes(moves, context: context))
            let week = RandomWeek(tasks: tasks, capacity: capacity, context: context)
            for move in moves {
                // Never to an earlier day, never into the past, a time kept in its own slot of a
                // later day.
                #expect(move.date >= move.task.date, "\(week)")
                #expect(move.date != move.task.date || move.slot != move.task.slot, "\(week)")
                #expect(Rebalance.isAhead(move.date, move.slot, context: context), "\(week)")
                if move.task.time != nil {
                    #expect(move.slot == move.task.slot && move.date > move.task.date, "\(week)")
                }
            }
            // No slot is over capacity where one of its tasks had somewhere with room to go.
            let open = after.tasksByID.values.filter { $0.status == .open }
            func count(_ date: CivilDate, _ slot: Slot) -> Int {
                open.filter { $0.date == date && $0.slot == slot }.count
            }
            for date in Self.week.days {
                for slot in Slot.allCases
                where Rebalance.isAhead(date, slot, context: context)
                    && capacity.isOver(count(date, slot), on: date, slot)
                {
                    for task in open where task.date == date && task.slot == slot {
                        let room = Rebalance.destinations(for: task, in: Self.week, context: context).filter { place in
                            capacity.limit(on: place.date, place.slot).map { count(place.date, place.slot) < $0 }
                                ?? true
                        }
                        #expect(
                            room.isEmpty,
                            "task \(task.id) could have gone to \(room.map { "\($0.date) \($0.slot)" }): \(week)")
                    }
                }
                // A move never fills a slot beyond its capacity.
                for slot in Slot.allCases {
                    let arrived = moves.filter { $0.date == date && $0.slot == slot }.count
                    if arrived > 0, let limit = capacity.limit(on: date, slot) {
                        #expect(count(date, slot) <= limit, "\(week)")
                    }
                }
            }
            #expect(Set(after.tasksByID.keys) == Set(tasks.map(\.id)))
        }
    }
}
