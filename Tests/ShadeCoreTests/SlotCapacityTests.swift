import ShadeCore
import ShadeTestSupport
import Testing

@Suite struct SlotCapacityTests {
    @Test func aWeekdayLimitWinsOverTheEveryDayOneAndClearingFallsBack() {
        var capacity = SlotCapacity()
        #expect(capacity.isEmpty)
        let monday = CivilDate.fixture("2026-11-23")
        let sunday = CivilDate.fixture("2026-11-29")
        #expect(capacity.limit(on: monday, .evening) == nil)
        capacity.set(3, for: .evening)
        capacity.set(1, for: .evening, on: .sunday)
        #expect(!capacity.isEmpty)
        #expect(capacity.limit(on: monday, .evening) == 3)
        #expect(capacity.limit(on: sunday, .evening) == 1)
        #expect(capacity.limit(on: sunday, .morning) == nil)
        #expect(capacity.isOver(2, on: sunday, .evening))
        #expect(!capacity.isOver(3, on: monday, .evening))
        capacity.set(nil, for: .evening, on: .sunday)
        #expect(capacity.limit(on: sunday, .evening) == 3)
        capacity.set(nil, for: .evening)
        #expect(capacity.isEmpty)
    }

    @Test func everySlotOfEveryWeekdayIsKeptApart() {
        var capacity = SlotCapacity()
        for weekday in Weekday.allCases {
            for slot in Slot.allCases { capacity.set(weekday.rawValue * 10 + slot.index, for: slot, on: weekday) }
        }
        let monday = CivilDate.fixture("2026-11-23")
        for offset in 0..<7 {
            let date = monday.adding(days: offset)
            for slot in Slot.allCases {
                #expect(capacity.limit(on: date, slot) == date.weekday.rawValue * 10 + slot.index)
            }
        }
        #expect(
            SlotCapacity(bySlot: [.evening: 3], byWeekday: [.sunday: [.evening: 1]])
                == {
                    var built = SlotCapacity()
                    built.set(3, for: .evening)
                    built.set(1, for: .evening, on: .sunday)
                    return built
                }())
    }

    @Test func aWeekdayLabelIsItsShortNameCapitalised() {
        for weekday in Weekday.allCases {
            #expect(weekday.label == weekday.shortName.prefix(1).uppercased() + weekday.shortName.dropFirst())
        }
    }
    @Test func aSlotsOpenTasksAfterAChangeCountWhatItAddsMovesInAndTakesOut() {
        let monday = CivilDate.fixture("2026-11-23")
        let gym = makeTask(1, "2026-11-23", slot: .evening)
        let read = makeTask(2, "2026-11-23", slot: .evening, status: .done)
        let call = makeTask(3, "2026-11-23", slot: .morning)
        let elsewhere = makeTask(4, "2026-11-24", slot: .evening)
        let before = [gym, read, call, elsewhere]
        func open(_ changes: [RecordChange]) -> Int {
            SlotCapacity.openTasks(in: .evening, on: monday, before: before, changes: changes).count
        }
        #expect(open([]) == 1)
        let added = makeTask(5, "2026-11-23", slot: .evening)
        #expect(open([RecordChange(before: nil, after: .task(added))]) == 2)
        var moved = call
        moved.slot = .evening
        #expect(open([RecordChange(before: .task(call), after: .task(moved))]) == 2)
        var away = gym
        away.slot = .morning
        #expect(open([RecordChange(before: .task(gym), after: .task(away))]) == 0)
        #expect(open([RecordChange(before: .task(gym), after: nil)]) == 0)
        var reopened = read
        reopened.status = .open
        #expect(open([RecordChange(before: .task(read), after: .task(reopened))]) == 2)
    }

    /// A capacity in minutes counts the estimates of the open tasks; a weekday's limit of either
    /// kind wins over the slot's own; setting one kind clears the other.
    @Test func aCapacityInMinutesCountsTheEstimates() {
        let monday = CivilDate.fixture("2026-11-23")
        let saturday = CivilDate.fixture("2026-11-28")
        var capacity = SlotCapacity(bySlot: [.evening: 2])
        capacity.set(minutes: 180, for: .evening)
        #expect(capacity.limit(on: monday, .evening) == nil && capacity.minutesLimit(on: monday, .evening) == 180)
        #expect(!capacity.isOver(9, minutes: 180, on: monday, .evening))
        #expect(capacity.isOver(1, minutes: 181, on: monday, .evening))
        #expect(capacity.hasRoom(5, minutes: 120, adding: 60, on: monday, .evening))
        #expect(!capacity.hasRoom(0, minutes: 120, adding: 61, on: monday, .evening))
        capacity.set(1, for: .evening, on: .saturday)
        #expect(capacity.minutesLimit(on: saturday, .evening) == nil && capacity.limit(on: saturday, .evening) == 1)
        #expect(capacity.isOver(2, minutes: 0, on: saturday, .evening))
        #expect(capacity.hasMinuteLimits && !capacity.isEmpty)
        let tasks = [
            makeTask(1, "2026-11-23", slot: .evening), makeTask(2, "2026-11-23", slot: .evening, status: .done),
        ].map { task -> PlannerTask in
            var task = task
            task.estimate = 45
            return task
        }
        #expect(SlotCapacity.openMinutes(tasks)[2] == 45)
    }
}
