import ShadeCore
import ShadeRendering
import Testing

@Suite struct CapacityViewTests {
    typealias F = PlanFixtures
    let capacity: SlotCapacity = {
        var capacity = SlotCapacity(
            bySlot: [.morning: 3, .evening: 2], byWeekday: [.saturday: [.evening: 1, .morning: 0]])
        capacity.set(minutes: 150, for: .afternoon, on: .sunday)
        return capacity
    }()

    @Test func theLimitsAreListedSlotsFirstThenWeekdays() throws {
        try PlanGolden.check("capacity", [CapacityView.describe(capacity), CapacityView.describe(SlotCapacity())])
    }

    @Test func settingALimitAndAnOverFullSlotAreSaid() throws {
        let two = SlotCapacity(bySlot: [F.figures.slot: 2])
        var threeHours = SlotCapacity()
        threeHours.set(minutes: 180, for: F.figures.slot)
        let lines: [SafeText?] = [
            CapacityView.set(2, for: .evening, on: nil), CapacityView.set(1, for: .evening, on: .saturday),
            CapacityView.set(nil, for: .morning, on: .monday),
            CapacityView.warning(for: F.figures, open: (3, 0), capacity: two),
            CapacityView.set(nil, minutes: 180, for: .evening, on: nil),
            CapacityView.warning(for: F.figures, open: (1, 200), capacity: threeHours),
        ]
        #expect(CapacityView.warning(for: F.figures, open: (2, 0), capacity: two) == nil)
        #expect(CapacityView.warning(for: F.figures, open: (9, 180), capacity: threeHours) == nil)
        try PlanGolden.check("capacity-lines", lines.compactMap { $0 })
    }

    @Test func theLimitsAsJSONAreAsTheSettingsHoldThem() throws {
        try PlanGolden.check("capacity-json", CapacityView.json(capacity))
        try PlanGolden.check("capacity-json-empty", CapacityView.json(SlotCapacity()))
    }
}
