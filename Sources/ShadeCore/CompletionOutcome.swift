/// What a change finished besides its own tasks: the widest slot, day or week it cleared, and the
/// open goals it left without an open task (a goal is done only when the user says so; `done`
/// tells of each).
public struct CompletionOutcome: Hashable, Sendable {
    /// The widest span whose last open task the change finished, if any.
    public var milestone: CompletionMilestone?
    /// The open goals whose last open task the change finished, in the order of the goals given.
    public var finishedGoals: [Goal]

    /// An outcome of these parts.
    public init(milestone: CompletionMilestone? = nil, finishedGoals: [Goal] = []) {
        self.milestone = milestone
        self.finishedGoals = finishedGoals
    }

    /// A change that finished nothing.
    public static let none = CompletionOutcome()

    /// Whether the change finished nothing to tell of.
    public var isEmpty: Bool { milestone == nil && finishedGoals.isEmpty }

    /// What `changes` finished, from values: `weeks` holds the tasks of the weeks of the tasks it
    /// finished, a week a list, and `goalTasks` the tasks of the goals its done tasks count
    /// towards, all as they were before it; `goals` the goals.
    public init(
        of changes: [RecordChange], weeks: [[PlannerTask]], openElsewhere: [OpenTaskPlace] = [], goals: [Goal],
        goalTasks: [PlannerTask]
    ) {
        milestone = CompletionMilestone.reached(by: changes, weeks: weeks, openElsewhere: openElsewhere)
        finishedGoals = GoalCompletion.finished(by: changes, goals: goals, before: goalTasks)
    }

    /// What `changes` finished, told from `records` as they are before the change is made (in the
    /// same step: once it is made, a read would parse again the week it changed). Only what can
    /// tell anything is read: the weeks of the tasks it takes from open to done, and the goals
    /// (with their tasks) of the tasks it leaves done.
    public init(of changes: [RecordChange], in records: PlannerRecords) throws {
        let finishedWeeks = Set(
            changes.compactMap { change -> ISOWeek? in
                guard let old = change.before?.task, old.status == .open, let new = change.after?.task,
                    new.status == .done
                else { return nil }
                return new.week
            })
        let views = try finishedWeeks.sorted().map { try records.completionView(of: $0) }
        let weeks = views.map(\.tasks)
        let elsewhere = views.flatMap(\.openElsewhere)
        let candidates = GoalCompletion.candidates(of: changes)
        guard !candidates.isEmpty else {
            self.init(milestone: CompletionMilestone.reached(by: changes, weeks: weeks, openElsewhere: elsewhere))
            return
        }
        self.init(
            of: changes, weeks: weeks, openElsewhere: elsewhere, goals: try records.goals(),
            goalTasks: try records.tasks(ofGoals: candidates))
    }
}
