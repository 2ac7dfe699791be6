import PropertyBased
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

    @Test func anOpenTaskKnownOnlyByItsPlaceCountsAsAnOpenTask() {
        let gym = makeTask(1, "2026-11-24", slot: .morning)
        let read = makeTask(2, "2026-11-24", slot: .evening)
        // The days a store did not read tell their open tasks by place (the week is not done).
        let wednesday = OpenTaskPlace(uid: "elsewhere", date: CivilDate.fixture("2026-11-25"), slot: .morning)
        #expect(
            CompletionMilestone.reached(
                by: [done(read)], weeks: [[gym.with(status: .done), read]], openElsewhere: [wednesday])
                == .day(read.date))
        #expect(
            CompletionMilestone.reached(by: [done(read)], weeks: [[gym.with(status: .done), read]], openElsewhere: [])
                == .week(read.week))
        // One in the finished task's own slot keeps the slot open; the changed task's own place does not count.
        let sameSlot = OpenTaskPlace(uid: "other", date: read.date, slot: .evening)
        #expect(CompletionMilestone.reached(by: [done(read)], weeks: [[read]], openElsewhere: [sameSlot]) == nil)
        let itself = OpenTaskPlace(uid: read.uid, date: read.date, slot: .evening)
        #expect(
            CompletionMilestone.reached(by: [done(read)], weeks: [[read]], openElsewhere: [itself]) == .week(read.week))
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

    /// Over random weeks (two weeks, every status, a random few finished at once), the milestone
    /// is the one a plain reading of the rule gives: the widest span of a finished task with no
    /// open task left once the change is applied.
    @Test func theMilestoneIsThePlainReadingOfTheRule() async {
        let statuses = Gen.int(in: 0...2).array(of: 24)
        let places = Gen.int(in: 0...41).array(of: 24)
        let finishing = Gen.int(in: 0...23).array(of: 1...3)
        await propertyCheck(count: 200, input: statuses, places, finishing) { statuses, places, finishing in
            let days = (16...29).map { CivilDate.fixture(String(format: "2026-11-%02d", $0)) }
            let before = statuses.indices.map { index -> PlannerTask in
                var task = makeTask(
                    index + 1, days[places[index] / 3].description, slot: Slot.allCases[places[index] % 3])
                task.status = [TaskStatus.open, .done, .cancelled][statuses[index]]
                return task
            }
            let picked = Set(finishing).sorted()
            let changes = picked.map { done(before[$0]) }
            var after = before
            for index in picked { after[index].status = .done }
            let finished = picked.filter { before[$0].status == .open }.map { after[$0] }
            let open = after.filter { $0.status == .open }
            var expected: CompletionMilestone?
            for task in finished {
                let candidate: CompletionMilestone? =
                    !open.contains { $0.week == task.week }
                    ? .week(task.week)
                    : !open.contains { $0.date == task.date }
                        ? .day(task.date)
                        : !open.contains { $0.date == task.date && $0.slot == task.slot }
                            ? .slot(task.date, task.slot) : nil
                guard let candidate else { continue }
                if expected.map({ rank(candidate) > rank($0) }) ?? true { expected = candidate }
            }
            #expect(
                CompletionMilestone.reached(by: changes, before: before) == expected, "\(statuses) \(places) \(picked)")
        }
    }

    private func rank(_ milestone: CompletionMilestone) -> Int {
        switch milestone {
        case .slot: 0
        case .day: 1
        case .week: 2
        }
    }
}

extension PlannerTask {
    fileprivate func with(status: TaskStatus) -> PlannerTask {
        var task = self
        task.status = status
        return task
    }
}
