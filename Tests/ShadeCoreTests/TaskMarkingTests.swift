import PropertyBased
import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Records as a snapshot holds them, counting what an operation reads besides the tasks it names.
private final class CountingRecords: PlannerRecords {
    let snapshot: PlannerSnapshot
    var weeksRead: [ISOWeek] = []
    var goalsRead = 0
    var goalTasksRead: [Set<String>] = []

    init(_ snapshot: PlannerSnapshot) { self.snapshot = snapshot }

    func task(id: Int) -> PlannerTask? { snapshot.task(id: id) }
    func keyedRecords(of kind: RecordKind) -> [AnyKeyedRecord] { snapshot.keyedRecords(of: kind) }
    func tasks(inCategory name: String) -> [PlannerTask] { snapshot.tasks(inCategory: name) }
    func goals() throws -> [Goal] {
        goalsRead += 1
        return try snapshot.goals()
    }
    func tasks(in week: ISOWeek) -> [PlannerTask] {
        weeksRead.append(week)
        return snapshot.tasks(in: week)
    }
    func tasks(withUIDs uids: Set<String>, from first: CivilDate) -> [String: PlannerTask] {
        snapshot.tasks(withUIDs: uids, from: first)
    }
    func tasks(ofGoals uids: Set<String>) -> [PlannerTask] {
        goalTasksRead.append(uids)
        return snapshot.tasks(ofGoals: uids)
    }
}

@Suite struct TaskMarkingTests {
    private let context = OperationContext(
        now: Moment.fixture("2026-11-25T13:30", utcOffsetSeconds: 0), schedule: .standard)
    private let report = Goal(
        uid: "goal-report", number: 1, title: "Ship the report", period: .day(CivilDate.fixture("2026-11-24")),
        created: "2026-11-20T08:00:00+00:00")

    private func task(_ id: Int, _ date: String, _ slot: Slot, _ status: TaskStatus = .open, goal: Goal? = nil)
        -> PlannerTask
    {
        var task = makeTask(id, date, slot: slot, status: status)
        task.goal = goal?.uid
        return task
    }

    private func records(_ tasks: [PlannerTask], goals: [Goal] = []) -> PlannerSnapshot {
        PlannerSnapshot(tasks: tasks).applying(goals.map { .added(.keyed($0)) })
    }

    @Test func doneTellsTheDayItClearedAndTheGoalWhoseLastOpenTaskItWas() throws {
        let draft = task(1, "2026-11-24", .morning, goal: report)
        let figures = task(2, "2026-11-24", .evening, .done, goal: report)
        let other = task(3, "2026-11-26", .morning)
        let marking = try TaskMarking(
            .status(.done), ids: [1], in: records([draft, figures, other], goals: [report]), context: context)
        #expect(marking.tasks == [draft])
        #expect(marking.changes == TaskOperations.setStatus(.done, of: [draft], context: context))
        #expect(marking.completion == CompletionOutcome(milestone: .day(draft.date), finishedGoals: [report]))
    }

    @Test func undoneCancelAndStarsFinishNothingAndReadNothingMore() throws {
        let done = task(1, "2026-11-24", .morning, .done, goal: report)
        let open = task(2, "2026-11-24", .evening)
        for mark in [TaskMark.status(.open), .status(.cancelled), .favorite(true), .favorite(false)] {
            let counting = CountingRecords(records([done, open], goals: [report]))
            let marking = try TaskMarking(mark, ids: [1, 2], in: counting, context: context)
            #expect(marking.completion == .none, "\(mark)")
            #expect(counting.weeksRead.isEmpty && counting.goalsRead == 0 && counting.goalTasksRead.isEmpty)
        }
    }

    @Test func onlyTheWeeksOfFinishedTasksAndTheGoalsOfDoneTasksAreRead() throws {
        let draft = task(1, "2026-11-24", .morning, goal: report)
        let already = task(2, "2026-12-08", .morning, .done)
        let plain = task(3, "2026-12-01", .morning)
        let counting = CountingRecords(records([draft, already, plain], goals: [report]))
        _ = try TaskMarking(.status(.done), ids: [1, 2, 3], in: counting, context: context)
        #expect(counting.weeksRead == [draft.week, plain.week])
        #expect(counting.goalsRead == 1 && counting.goalTasksRead == [[report.uid]])
        // A change that leaves no done task of a goal reads no goal.
        let alone = CountingRecords(records([plain], goals: [report]))
        _ = try TaskMarking(.status(.done), ids: [3], in: alone, context: context)
        #expect(alone.goalsRead == 0 && alone.goalTasksRead.isEmpty)
    }

    @Test func aTaskAlreadySoMarkedIsLeftAndSaidToBeUnchanged() throws {
        let done = task(1, "2026-11-24", .morning, .done)
        let open = task(2, "2026-11-24", .evening)
        let marking = try TaskMarking(.status(.done), ids: [1, 2, 1], in: records([done, open]), context: context)
        #expect(marking.tasks == [done, open] && marking.changes.count == 1)
        let committed = marking.changes.compactMap { $0.after?.task }
        let results = marking.results(committed: committed)
        #expect(results.map(\.task) == [done] + committed && results.map(\.changed) == [false, true])
    }

    @Test func aMissingIdChangesNothingAndIsNamed() {
        #expect(throws: InputError.self) {
            try TaskMarking(
                .favorite(true), ids: [1, 7], in: records([task(1, "2026-11-24", .morning)]), context: context)
        }
    }

    /// Over random planners (three weeks, two goals, every status), what `done` tells, reading
    /// only the weeks of the tasks it finishes and the goals of its done tasks, is what reading
    /// every task and goal tells.
    @Test func readingOnlyWhatCanTellGivesWhatReadingEverythingGives() async {
        let statuses = Gen.int(in: 0...2).array(of: 18)
        let places = Gen.int(in: 0...62).array(of: 18)
        let goalsOf = Gen.int(in: 0...2).array(of: 18)
        let picked = Gen.int(in: 1...18).array(of: 1...4)
        await propertyCheck(count: 200, input: statuses, places, goalsOf, picked) { statuses, places, goalsOf, picked in
            let first = CivilDate.fixture("2026-11-16")
            let goals = [
                report, Goal(uid: "goal-gym", number: 2, title: "Gym", period: .week(first.isoWeek), created: "c"),
            ]
            let tasks = statuses.indices.map { index in
                task(
                    index + 1, first.adding(days: places[index] / 3).description, Slot.allCases[places[index] % 3],
                    [TaskStatus.open, .done, .cancelled][statuses[index]],
                    goal: goalsOf[index] < 2 ? goals[goalsOf[index]] : nil)
            }
            let snapshot = records(tasks, goals: goals)
            guard let marking = try? TaskMarking(.status(.done), ids: picked, in: snapshot, context: context) else {
                Issue.record("the ids \(picked) are there")
                return
            }
            let everything = CompletionOutcome(
                of: marking.changes, weeks: [tasks], goals: try snapshot.goals(), goalTasks: tasks)
            #expect(marking.completion == everything, "\(statuses) \(places) \(goalsOf) \(picked)")
        }
    }
}
