/// Marking several tasks in one step (`done 4 7`, `star 4`): the tasks as they were, the record
/// changes, and what the marking finished (a slot, a day, a week, goals). Values in, values out:
/// the command commits `changes` and tells `completion`.
public struct TaskMarking: Sendable {
    /// What the tasks are marked with.
    public let mark: TaskMark
    /// The tasks named, each once, in the order named, as they were before.
    public let tasks: [PlannerTask]
    /// The changes: one for each task not already so marked.
    public let changes: [RecordChange]
    /// What marking tasks done finished; nothing for another mark.
    public let completion: CompletionOutcome

    /// Marks the tasks with these ids (an error naming every missing one, then nothing changes);
    /// a task already so marked is left as it is. `records` are read as they are before the
    /// change.
    public init(_ mark: TaskMark, ids: [Int], in records: PlannerRecords, context: OperationContext) throws {
        self.mark = mark
        tasks = try records.requireTasks(ids)
        switch mark {
        case .status(let status):
            let marked = TaskOperations.setStatus(status, of: tasks, context: context)
            changes = marked + (try AfterDoneOperations.following(marked, in: records, context: context))
            // What it finished counts the successors it made (open, in the week it finished).
            completion = try CompletionOutcome(of: changes, in: records)
        case .favorite(let favorite):
            changes = tasks.compactMap { task in TaskOperations.change(task, context) { $0.favorite = favorite } }
            completion = .none
        }
    }

    /// Each task marked, as `committed` (the tasks of the change as the store made it) holds it,
    /// and whether the marking changed it.
    public func results(committed: [PlannerTask]) -> [(task: PlannerTask, changed: Bool)] {
        tasks.map { task in committed.first { $0.uid == task.uid }.map { ($0, true) } ?? (task, false) }
    }
}
