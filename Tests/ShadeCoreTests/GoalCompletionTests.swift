import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct GoalCompletionTests {
    private let report = Goal(
        uid: "goal-report", title: "Ship the report", period: .day(CivilDate.fixture("2026-11-23")),
        created: "2026-11-20T08:00:00+00:00")
    private let gym = Goal(
        uid: "goal-gym", title: "Gym thrice", period: .day(CivilDate.fixture("2026-11-23")),
        created: "2026-11-20T08:00:00+00:00")

    private func task(_ id: Int, goal: Goal?, status: TaskStatus = .open, date: String = "2026-11-24") -> PlannerTask {
        var task = makeTask(id, date, status: status)
        task.goal = goal?.uid
        return task
    }

    private func set(_ task: PlannerTask, _ status: TaskStatus) -> RecordChange {
        var after = task
        after.status = status
        return RecordChange(before: .task(task), after: .task(after))
    }

    @Test func theLastOpenTaskOfAGoalDoneFinishesItAndNotBefore() {
        let draft = task(1, goal: report)
        let figures = task(2, goal: report, date: "2026-12-01")  // another week
        let before = [draft, figures]
        #expect(GoalCompletion.finished(by: [set(draft, .done)], goals: [report, gym], before: before).isEmpty)
        let figuresDone = task(2, goal: report, status: .done, date: "2026-12-01")
        #expect(
            GoalCompletion.finished(by: [set(draft, .done)], goals: [report, gym], before: [draft, figuresDone])
                == [report])
        // Both at once.
        #expect(
            GoalCompletion.finished(
                by: [set(draft, .done), set(figures, .done)], goals: [gym, report], before: before)
                == [report])
    }

    @Test func onlyTheGoalsOfTasksLeftDoneAndStillOpenAreSaid() {
        let draft = task(1, goal: report)
        let run = task(2, goal: gym, status: .done)
        // Cancelling the last open task finishes nothing to say; nor does a task of no goal.
        #expect(GoalCompletion.finished(by: [set(draft, .cancelled)], goals: [report], before: [draft]).isEmpty)
        let plain = task(3, goal: nil)
        #expect(GoalCompletion.finished(by: [set(plain, .done)], goals: [report, gym], before: [draft, run]).isEmpty)
        #expect(GoalCompletion.candidates(of: [set(plain, .done), set(draft, .done)]) == ["goal-report"])
        // A goal already done or cancelled is not said again.
        var closed = report
        closed.status = .done
        #expect(GoalCompletion.finished(by: [set(draft, .done)], goals: [closed], before: [draft]).isEmpty)
    }

    @Test func theChangesOwnTasksCountAsItLeavesThem() {
        let draft = task(1, goal: report)
        let figures = task(2, goal: report)
        // The other open task leaves the goal in the same change: the goal is finished.
        var moved = figures
        moved.goal = nil
        let change = [set(draft, .done), RecordChange(before: .task(figures), after: .task(moved))]
        #expect(GoalCompletion.finished(by: change, goals: [report], before: [draft, figures]) == [report])
        // Removed in the same change: it no longer counts either.
        let removed = [set(draft, .done), RecordChange(before: .task(figures), after: nil)]
        #expect(GoalCompletion.finished(by: removed, goals: [report], before: [draft, figures]) == [report])
        // A new open task of the goal made by the change keeps it open.
        let added = [set(draft, .done), RecordChange(before: nil, after: .task(task(3, goal: report)))]
        #expect(GoalCompletion.finished(by: added, goals: [report], before: [draft]).isEmpty)
    }
}
