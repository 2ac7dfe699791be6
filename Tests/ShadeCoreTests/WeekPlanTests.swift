import PropertyBased
import ShadeTestSupport
import Testing

@testable import ShadeCore

/// `plan`: a place for each inbox and overdue task in a week — never the past, never after its
/// deadline, never over capacity while a slot with room exists, the slot where its tag gets done
/// preferred, the same proposal from the same records and clock; on examples and random planners.
@Suite struct WeekPlanTests {
    static let week = CivilDate.fixture("2026-11-30").isoWeek

    static func context(day: Int, minutes: Int) -> OperationContext {
        let date = week.monday.adding(days: day)
        return OperationContext(
            now: Moment(date: date, time: TimeOfDay(uncheckedMinutes: minutes), timestamp: "\(date)T00:00:00+00:00"),
            schedule: .standard)
    }

    static func inbox(_ id: Int, tags: [String] = [], estimate: Int? = nil, due: CivilDate? = nil) -> InboxTask {
        InboxTask(
            uid: "i\(id)", id: id, title: "I\(id)", tags: tags, due: due, estimate: estimate,
            created: "2026-11-20T08:00:00+00:00")
    }

    static func task(
        _ id: Int, on date: CivilDate, _ slot: Slot, tags: [String] = [], status: TaskStatus = .open,
        estimate: Int? = nil
    ) -> PlannerTask {
        PlannerTask(
            id: id, uid: "t\(id)", title: "T\(id)", date: date, slot: slot, status: status, tags: tags,
            estimate: estimate, created: "2026-11-01T08:00:00+00:00")
    }

    /// A history where +garden got done on Saturday afternoons (4 of 5) and less elsewhere.
    static var gardenHistory: PlaceHistory {
        var tasks: [PlannerTask] = []
        var id = 100
        for weeks in 1...5 {
            let saturday = week.adding(weeks: -weeks).date(of: .saturday)
            tasks.append(task(id, on: saturday, .afternoon, tags: ["garden"], status: weeks == 3 ? .open : .done))
            let tuesday = week.adding(weeks: -weeks).date(of: .tuesday)
            tasks.append(
                task(id + 1, on: tuesday, .evening, tags: ["garden"], status: weeks <= 2 ? .done : .open))
            id += 2
        }
        return PlaceHistory(tasks)
    }

    @Test func theSlotWithTheBestDoneRateForItsTagIsPreferred() {
        let proposal = WeekPlan.propose(
            week: Self.week, tasks: [], overdue: [], inbox: [Self.inbox(1, tags: ["garden"]), Self.inbox(2)],
            capacity: SlotCapacity(), history: Self.gardenHistory, context: Self.context(day: 0, minutes: 8 * 60))
        let garden = proposal.placements.first { $0.task.id == 1 }
        #expect(garden?.date == Self.week.date(of: .saturday) && garden?.slot == .afternoon)
        #expect(garden?.reason.contains("+garden done here 80% (4 of 5)") == true, "\(garden?.reason ?? "")")
        // No history: the least full slot left, the earliest at a tie (Monday morning is under way).
        let plain = proposal.placements.first { $0.task.id == 2 }
        #expect(plain?.date == Self.week.monday && plain?.slot == .morning)
    }

    @Test func neverThePastNorAfterTheDeadlineAndTheNearestDeadlineGoesFirst() {
        // Wednesday 13:00: Monday, Tuesday and Wednesday morning have ended.
        let context = Self.context(day: 2, minutes: 13 * 60)
        var capacity = SlotCapacity()
        for slot in Slot.allCases { capacity.set(1, for: slot) }
        let wednesday = Self.week.date(of: .wednesday)
        let proposal = WeekPlan.propose(
            week: Self.week, tasks: [], overdue: [Self.task(9, on: Self.week.monday, .morning)],
            inbox: [
                Self.inbox(1, due: wednesday.adding(days: 1)), Self.inbox(2, due: wednesday),
                Self.inbox(3, due: Self.week.monday),
            ],
            capacity: capacity, history: PlaceHistory(), context: context)
        let placed = Dictionary(uniqueKeysWithValues: proposal.placements.map { ($0.task.id, $0) })
        // Task 2 (due Wednesday) first: Wednesday afternoon; task 1 (due Thursday): Wednesday evening.
        #expect(placed[2]?.date == wednesday && placed[2]?.slot == .afternoon)
        #expect(placed[1]?.date == wednesday && placed[1]?.slot == .evening)
        // The overdue task without a deadline takes what is left: Thursday morning.
        #expect(placed[9]?.date == wednesday.adding(days: 1) && placed[9]?.slot == .morning)
        // Due Monday, which has passed: not placed, and said why.
        #expect(proposal.unplaced.map(\.task.id) == [3])
        #expect(proposal.unplaced.first?.reason.contains("due day") == true)
    }

    @Test func estimatesGoWhereTheirMinutesFit() {
        // Saturday 17:00: the afternoon has an hour left, the evening six.
        let context = Self.context(day: 5, minutes: 17 * 60)
        let saturday = Self.week.date(of: .saturday)
        let planned = [Self.task(5, on: saturday, .evening, estimate: 300)]
        let proposal = WeekPlan.propose(
            week: Self.week, tasks: planned, overdue: [],
            inbox: [Self.inbox(1, estimate: 90), Self.inbox(2, estimate: 60), Self.inbox(3, estimate: 13 * 60)],
            capacity: SlotCapacity(), history: PlaceHistory(), context: context)
        let placed = Dictionary(uniqueKeysWithValues: proposal.placements.map { ($0.task.id, $0) })
        // 1h30m fits neither the afternoon (1h left) nor the evening (1h free): Sunday morning.
        #expect(placed[1]?.date == saturday.adding(days: 1) && placed[1]?.slot == .morning)
        // 1h fits the afternoon's last hour.
        #expect(placed[2]?.date == saturday && placed[2]?.slot == .afternoon)
        // 13h fits no slot.
        #expect(proposal.unplaced.map(\.task.id) == [3])
    }

    /// The rules over random planners: never the past, never after a deadline, never over a
    /// capacity, a task left out only when no slot before its deadline had room, the same
    /// proposal twice, and nothing new once applied.
    @Test func randomPlannersKeepEveryRule() async {
        let seeds = Gen.int(in: 0...Int(Int32.max)).array(of: 60)
        await propertyCheck(count: 200, input: seeds) { seeds in
            var rest = seeds[...]
            func next(_ range: ClosedRange<Int>) -> Int {
                range.lowerBound + (rest.popFirst() ?? 0) % range.count
            }
            let tags = ["home", "work", "garden"]
            var planned: [PlannerTask] = []
            for id in 1...next(1...12) {
                planned.append(
                    Self.task(
                        id, on: Self.week.monday.adding(days: next(0...6)), Slot.allCases[next(0...2)],
                        tags: [tags[next(0...2)]], estimate: next(0...2) == 0 ? nil : 15 * next(1...16)))
            }
            var inbox: [InboxTask] = []
            for id in 50...(50 + next(0...8)) {
                let due = next(0...2) == 0 ? Self.week.monday.adding(days: next(-2...8)) : nil
                inbox.append(
                    Self.inbox(
                        id, tags: next(0...1) == 0 ? [] : [tags[next(0...2)]],
                        estimate: next(0...1) == 0 ? nil : 15 * next(1...20), due: due))
            }
            var capacity = SlotCapacity()
            for slot in Slot.allCases where next(0...2) == 0 {
                if next(0...1) == 0 {
                    capacity.set(next(1...3), for: slot)
                } else {
                    capacity.set(minutes: 60 * next(1...4), for: slot)
                }
            }
            var history: [PlannerTask] = []
            for id in 200...(200 + next(0...20)) {
                history.append(
                    Self.task(
                        id, on: Self.week.adding(weeks: -1 - next(0...3)).monday.adding(days: next(0...6)),
                        Slot.allCases[next(0...2)], tags: [tags[next(0...2)]], status: next(0...2) == 0 ? .open : .done)
                )
            }
            let context = Self.context(day: next(0...6), minutes: next(0...1439))
            let overdue = WeekPlan.overdue(planned, context: context)
            let propose = {
                WeekPlan.propose(
                    week: Self.week, tasks: planned, overdue: overdue, inbox: inbox, capacity: capacity,
                    history: PlaceHistory(history), context: context)
            }
            let proposal = propose()
            #expect(propose() == proposal)
            #expect(proposal.placements.count + proposal.unplaced.count == overdue.count + inbox.count)
            var after = planned.filter { task in !overdue.contains { $0.id == task.id } }
            for placement in proposal.placements {
                #expect(placement.date.isoWeek == Self.week)
                #expect(Rebalance.isAhead(placement.date, placement.slot, context: context))
                if let due = placement.task.due { #expect(placement.date <= due) }
                var task = Self.task(
                    placement.task.id, on: placement.date, placement.slot, estimate: placement.task.estimate)
                task.tags = placement.task.tags
                after.append(task)
            }
            // Never over a capacity, nor past what is left of a slot, where tasks were placed.
            func load(_ date: CivilDate, _ slot: Slot) -> (count: Int, minutes: Int) {
                let here = after.filter { $0.date == date && $0.slot == slot && $0.status == .open }
                return (here.count, here.compactMap(\.estimate).reduce(0, +))
            }
            for placement in proposal.placements {
                let (count, minutes) = load(placement.date, placement.slot)
                #expect(!capacity.isOver(count, minutes: minutes, on: placement.date, placement.slot))
                if placement.task.estimate != nil {
                    let free = SlotMinutes(
                        slot: placement.slot, on: placement.date, tasks: [], schedule: .standard, now: context.now
                    ).free
                    #expect(minutes <= free)
                }
            }
            // A task left out had no slot with room on or before its deadline (as things ended up).
            for left in proposal.unplaced {
                for date in Self.week.days where left.task.due.map({ date <= $0 }) ?? true {
                    for slot in Slot.allCases where Rebalance.isAhead(date, slot, context: context) {
                        let (count, minutes) = load(date, slot)
                        let free = SlotMinutes(slot: slot, on: date, tasks: [], schedule: .standard, now: context.now)
                            .free
                        let fits =
                            capacity.hasRoom(count, minutes: minutes, adding: left.task.estimate ?? 0, on: date, slot)
                            && (left.task.estimate.map { minutes + $0 <= free } ?? true)
                        #expect(!fits, "task \(left.task.id) fitted \(date) \(slot)")
                    }
                }
            }
            // Applied, nothing is overdue or in the inbox but what had no room: nothing new to place.
            let again = WeekPlan.propose(
                week: Self.week, tasks: after, overdue: WeekPlan.overdue(after, context: context),
                inbox: inbox.filter { task in proposal.unplaced.contains { $0.task.uid == task.uid } },
                capacity: capacity, history: PlaceHistory(history), context: context)
            #expect(again.placements.isEmpty)
        }
    }
}
