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
}
