import ShadeCore
import ShadeRendering
import Testing

@Suite struct ReviewViewTests {
    typealias F = PlanFixtures
    let week = CivilDate.fixture("2026-11-23").isoWeek

    @Test func theHeaderGivesTheWeeksRatesEachDayAndItsGoals() throws {
        try PlanGolden.check(
            "review-header", ReviewView.header(week, tasks: F.tasks, goals: F.goals, goalTasks: F.tasks, style: .plain))
        try PlanGolden.check(
            "review-header-empty", ReviewView.header(week, tasks: [], goals: [], goalTasks: [], style: .plain))
        try PlanGolden.check(
            "review-header-coloured",
            ReviewView.header(week, tasks: F.tasks, goals: [F.report], goalTasks: F.tasks, style: Style(enabled: true)))
    }

    @Test func theQuestionsTheAnswersAndTheSummaryReadAsRecorded() throws {
        let thursday = CivilDate.fixture("2026-12-03")
        var lines = ReviewView.questions([F.gym, F.figures], context: F.plain)
        lines += [
            ReviewView.legend(1), ReviewView.legend(2), ReviewView.cannotAsk(2), ReviewView.nothingToDecide(week),
            ReviewView.answerPrompt, ReviewView.movePrompt,
            ReviewView.answer(.carry, task: F.figures, destination: (thursday, .afternoon)),
            ReviewView.answer(.carry, task: F.figures, destination: nil),
            ReviewView.answer(.move(thursday, nil), task: F.figures, destination: (thursday, .evening)),
            ReviewView.answer(.move(thursday, .morning), task: F.figures, destination: nil),
            ReviewView.answer(.move(thursday, nil), task: F.figures, destination: nil),
            ReviewView.answer(.cancel, task: F.figures, destination: nil),
            ReviewView.answer(.drop, task: F.figures, destination: nil),
            ReviewView.answer(.skip, task: F.figures, destination: nil),
            ReviewView.notAnAnswer("z"), ReviewView.refused("m needs a day", style: .plain),
            ReviewView.dropRefused(F.figures, style: .plain),
            ReviewView.summary([], unasked: 0, reviewed: week),
            ReviewView.summary([.skip, .skip], unasked: 2, reviewed: week),
            ReviewView.summary(
                [.drop, .carry, .skip, .carry, .move(thursday, nil), .cancel], unasked: 0, reviewed: week),
        ]
        try PlanGolden.check("review-lines", lines)
    }

    @Test func theReviewJSONHoldsTheWeeksFacts() throws {
        try PlanGolden.check(
            "review-json",
            ViewJSON.review(
                week, tasks: F.tasks, goals: [F.report], goalTasks: F.tasks, questions: [F.figures], context: F.plain))
    }
}
