import ShadeCore
import ShadeRendering
import Testing

@Suite struct CapacityViewTests {
    typealias F = PlanFixtures
    let capacity = SlotCapacity(
        bySlot: [.morning: 3, .evening: 2], byWeekday: [.saturday: [.evening: 1, .morning: 0]])

    @Test func theLimitsAreListedSlotsFirstThenWeekdays() throws {
        try PlanGolden.check("capacity", [CapacityView.describe(capacity), CapacityView.describe(SlotCapacity())])
    }

    @Test func settingALimitAndAnOverFullSlotAreSaid() throws {
        let lines: [SafeText?] = [
            CapacityView.set(2, for: .evening, on: nil), CapacityView.set(1, for: .evening, on: .saturday),
            CapacityView.set(nil, for: .morning, on: .monday), CapacityView.warning(for: F.figures, open: 3, limit: 2),
        ]
        #expect(CapacityView.warning(for: F.figures, open: 2, limit: 2) == nil)
        try PlanGolden.check("capacity-lines", lines.compactMap { $0 })
    }

    @Test func theLimitsAsJSONAreAsTheSettingsHoldThem() throws {
        try PlanGolden.check("capacity-json", CapacityView.json(capacity))
        try PlanGolden.check("capacity-json-empty", CapacityView.json(SlotCapacity()))
    }
}
