import ShadeCore
import ShadeRendering
import Testing

@Suite struct GoalViewTests {
    typealias F = PlanFixtures

    @Test func goalsListInThreeSectionsWithRatesCarriesAndWhoSharesThem() throws {
        let listed = GoalOperations.listed(F.goals)
        try PlanGolden.check(
            "goals", GoalView.list(listed, sections: GoalStatus.allCases, tasks: F.tasks, style: .plain))
        try PlanGolden.check(
            "goals-open-coloured",
            GoalView.list(
                listed.filter { $0.status == .open }, sections: [.open, .done], tasks: F.tasks,
                style: Style(enabled: true)))
    }

    @Test func aGoalShowsItsFieldsThenItsTasksInTimelineOrder() throws {
        try PlanGolden.check("goal-show", GoalView.detail(F.report, tasks: [F.figures, F.draft], context: F.plain))
        try PlanGolden.check("goal-show-no-tasks", GoalView.detail(F.grandma, tasks: [], context: F.plain))
    }

    @Test func eachGoalCommandConfirmsInOneLine() throws {
        var unshared = F.report
        unshared.participants = []
        let lines: [SafeText] = [
            GoalView.added(F.report), GoalView.added(F.grandma), GoalView.edited(F.report),
            GoalView.removed(F.grandma), GoalView.carried(F.report), GoalView.shared(F.report),
            GoalView.shared(unshared), GoalView.statusSet(F.grandma, to: .done),
            GoalView.statusSet(F.report, to: .open), GoalView.statusSet(F.reading, to: .cancelled),
            GoalView.unchanged(F.report), GoalView.noGoalsYet,
        ]
        try PlanGolden.check("goal-confirmations", lines + GoalView.finished([F.report, F.grandma]))
    }

    @Test func aGoalsJSONCountsItsOwnTasksAlone() throws {
        try PlanGolden.check("goal-json", ViewJSON.goal(F.report, tasks: F.tasks))
        try PlanGolden.check("goals-json", ViewJSON.goals([F.grandma, F.reading], tasks: F.tasks))
    }

    @Test func historyGivesEachEndedGoalWithItsTasksAndTheirFates() throws {
        let history = GoalHistory(goals: F.goals, tasks: F.tasks, today: F.now.date, weeks: 2)
        try PlanGolden.check("history-json", ViewJSON.history(history, context: F.plain))
    }
}
