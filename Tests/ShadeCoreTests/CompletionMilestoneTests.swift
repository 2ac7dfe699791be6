import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct CompletionMilestoneTests {
    private func done(_ task: PlannerTask) -> RecordChange {
        var after = task
        after.status = .done
        return RecordChange(before: .task(task), after: .task(after))
    }

    @Test func finishingTheLastOpenTaskOfASlotDayOrWeekSaysTheWidest() {
        let gym = makeTask(1, "2026-11-24", slot: .morning)
        let read = makeTask(2, "2026-11-24", slot: .evening)
        let call = makeTask(3, "2026-11-25", slot: .morning)
        let week = [gym, read, call]
        #expect(CompletionMilestone.reached(by: [done(gym)], before: week) == .slot(gym.date, .morning))
        let dayDone = [gym.with(status: .done), read, call]
        #expect(CompletionMilestone.reached(by: [done(read)], before: dayDone) == .day(read.date))
        let lastOne = [gym.with(status: .done), read.with(status: .done), call]
        #expect(CompletionMilestone.reached(by: [done(call)], before: lastOne) == .week(call.week))
    }

    @Test func nothingIsSaidWhileTheSlotHasAnotherOpenTask() {
        let gym = makeTask(1, "2026-11-24", slot: .morning)
        let run = makeTask(2, "2026-11-24", slot: .morning)
        #expect(CompletionMilestone.reached(by: [done(gym)], before: [gym, run]) == nil)
        // Several done at once finish the slot together.
        #expect(CompletionMilestone.reached(by: [done(gym), done(run)], before: [gym, run]) == .week(gym.week))
    }

    @Test func onlyATaskGoingFromOpenToDoneFinishesAnything() {
        let gym = makeTask(1, "2026-11-24", slot: .morning)
        var cancelled = gym
        cancelled.status = .cancelled
        #expect(
            CompletionMilestone.reached(by: [RecordChange(before: .task(gym), after: .task(cancelled))], before: [gym])
                == nil)
        let already = gym.with(status: .done)
        #expect(CompletionMilestone.reached(by: [], before: [already]) == nil)
    }
}

extension PlannerTask {
    fileprivate func with(status: TaskStatus) -> PlannerTask {
        var task = self
        task.status = status
        return task
    }
}
