import ShadeCore
import ShadeRendering
import Testing

@Suite struct CarryViewTests {
    typealias F = PlanFixtures

    @Test func carriedTasksAreListedWithWhereTheyAreNow() throws {
        try PlanGolden.check("carry", CarryView.carried([F.figures], dryRun: false, words: [], context: F.plain))
        try PlanGolden.check(
            "carry-dry-run",
            CarryView.carried([F.figures, F.gym], dryRun: true, words: ["last", "to", "fri"], context: F.plain))
    }

    @Test func nothingToCarrySaysWhyAndUnmetGoalsAreOffered() throws {
        let sources: [CarryOperations.Source] = [.overdue, .day(F.now.date), .week(F.now.date.isoWeek)]
        var lines = sources.map { CarryView.nothing(from: $0) }
        lines += [[F.grandma], [F.report, F.reading]].compactMap { CarryView.unmetOffer($0) }
        #expect(CarryView.unmetOffer([]) == nil)
        try PlanGolden.check("carry-lines", lines)
    }

    @Test func theCarryJSONHoldsTheTasksAndTheUnmetGoals() throws {
        try PlanGolden.check(
            "carry-json", ViewJSON.carry([F.figures], dryRun: true, unmet: [F.report, F.grandma], context: F.plain))
    }
}
