/// What a change did to the goals its tasks count towards: the open goals whose last open task
/// it finished (`done 12` on the last task of g3 says so, and that `goal done g3` marks the goal).
public enum GoalCompletion {
    /// The goals (by uid) of the tasks a change leaves done: the only goals it can have finished.
    public static func candidates(of changes: [RecordChange]) -> Set<String> {
        var uids: Set<String> = []
        for change in changes {
            if let task = change.after?.task, task.status == .done, let goal = task.goal { uids.insert(goal) }
        }
        return uids
    }

    /// The open goals, of `goals` and in their order, that a task the change leaves done counts
    /// towards and that have no open task once the change is made. `before` holds the tasks of
    /// those goals as they were before the change (from any week); the change's own tasks are
    /// taken as it leaves them, a task it removes or moves out of a goal no longer counts.
    public static func finished(by changes: [RecordChange], goals: [Goal], before: [PlannerTask]) -> [Goal] {
        let uids = candidates(of: changes)
        guard !uids.isEmpty else { return [] }
        let after = PlannerSnapshot(tasks: before).applying(changes).tasksByID.values
        let stillOpen = Set(after.compactMap { $0.status == .open ? $0.goal : nil })
        return goals.filter { uids.contains($0.uid) && $0.status == .open && !stillOpen.contains($0.uid) }
    }
}
