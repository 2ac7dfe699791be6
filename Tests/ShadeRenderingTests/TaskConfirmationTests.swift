import ShadeCore
import ShadeRendering
import Testing

@Suite struct TaskConfirmationTests {
    typealias F = PlanFixtures

    @Test func eachMarkSaysWhatTheTaskBecameOrThatItAlreadyWas() throws {
        let long = PlanFixtures.task(
            9, String(repeating: "a very long title ", count: 5), "2026-11-23", .evening)
        let hostile = PlanFixtures.task(10, "Pay \u{1B}[2Jthe rent\u{202E}", "2026-11-23", .evening)
        var lines: [SafeText] = []
        for status in [TaskStatus.done, .open, .cancelled] {
            lines.append(TaskConfirmation.marked(F.figures, with: .status(status), changed: true))
            lines.append(TaskConfirmation.marked(F.figures, with: .status(status), changed: false))
        }
        lines += [
            TaskConfirmation.marked(F.figures, with: .favorite(true), changed: true),
            TaskConfirmation.marked(F.figures, with: .favorite(false), changed: false),
            TaskConfirmation.marked(long, with: .favorite(true), changed: true),
            TaskConfirmation.marked(hostile, with: .status(.done), changed: true),
        ]
        try PlanGolden.check("task-marks", lines)
    }

    @Test func whatFinishingTasksFinishedIsToldMilestoneFirst() throws {
        let outcome = CompletionOutcome(milestone: .day(F.now.date), finishedGoals: [F.report])
        var lines = TaskConfirmation.completion(outcome, context: F.plain)
        lines += TaskConfirmation.completion(
            CompletionOutcome(milestone: .week(F.now.date.isoWeek)), context: F.coloured)
        lines += TaskConfirmation.completion(
            CompletionOutcome(milestone: .slot(F.now.date, .evening), finishedGoals: [F.grandma, F.reading]),
            context: F.plain)
        #expect(TaskConfirmation.completion(.none, context: F.plain).isEmpty)
        try PlanGolden.check("task-completion", lines)
    }

    @Test func notesEditsAndRemovalsAreConfirmed() throws {
        let occurrence = PlanFixtures.task(6, "Gym", "2026-11-26", .morning, series: "series-gym")
        let lines = [
            TaskConfirmation.noted(F.figures, cleared: false), TaskConfirmation.noted(F.figures, cleared: true),
            TaskConfirmation.edited(F.figures), TaskConfirmation.removed(F.figures, series: false),
            TaskConfirmation.removed(occurrence, series: false), TaskConfirmation.removed(occurrence, series: true),
        ]
        try PlanGolden.check("task-changes", lines)
    }
}
