/// What became of past goals and their tasks (SPEC §9, `history`).
public struct GoalHistory: Hashable, Sendable {
    /// What became of a task of a goal.
    public enum Fate: String, CaseIterable, Sendable {
        /// Done.
        case done
        /// Still open within the goal's day or week.
        case open
        /// Cancelled.
        case cancelled
        /// Still open, carried (or moved) past the goal's day or week.
        case carried
    }

    /// A past goal with its tasks in timeline order, each with its fate.
    public struct Entry: Hashable, Sendable {
        public let goal: Goal
        public let tasks: [PlannerTask]
        public let fates: [Fate]
    }

    /// The goals, the latest period first.
    public let entries: [Entry]
    /// The first day a goal's period may end on to be listed.
    public let since: CivilDate

    /// The goals whose day or week ended before `today` and not before the Monday `weeks` weeks
    /// back, with `tasks` (any tasks; each goal takes its own).
    public init(goals: [Goal], tasks: [PlannerTask], today: CivilDate, weeks: Int) {
        let since = today.isoWeek.adding(weeks: -weeks).monday
        self.since = since
        let byGoal = Dictionary(grouping: tasks.filter { $0.goal != nil }) { $0.goal ?? "" }
        entries =
            goals
            .filter { $0.period.lastDay < today && $0.period.lastDay >= since }
            .sorted {
                ($1.period.lastDay, $1.period.firstDay, $1.number) < ($0.period.lastDay, $0.period.firstDay, $0.number)
            }
            .map { goal in
                let own = PlannerTask.sortedInTimelineOrder(byGoal[goal.uid] ?? [])
                return Entry(goal: goal, tasks: own, fates: own.map { GoalHistory.fate(of: $0, in: goal) })
            }
    }

    /// A task's fate: done or cancelled as it stands; open ones are carried when they now lie
    /// after the goal's day or week.
    public static func fate(of task: PlannerTask, in goal: Goal) -> Fate {
        switch task.status {
        case .done: .done
        case .cancelled: .cancelled
        case .open: task.date > goal.period.lastDay ? .carried : .open
        }
    }
}
