/// The weekly review (SPEC §8): each open task of a past week gets an answer — carry it to this
/// week, move it to a day and slot, cancel it, drop it, or skip it — and the answers are made
/// as one change.
public enum ReviewOperations {
    /// One answer.
    public enum Answer: Hashable, Sendable {
        /// To this week, the same weekday and slot (the current slot today when that has ended).
        case carry
        /// To a day and slot (its own slot when none is named).
        case move(CivilDate, Slot?)
        case cancel
        /// Deleted.
        case drop
        case skip
    }

    /// The one-key answers, as typed.
    public static func answer(for key: String) -> Answer? {
        switch key.lowercased() {
        case "c", "carry": .carry
        case "x", "cancel": .cancel
        case "d", "drop": .drop
        case "s", "skip", "": .skip
        default: nil
        }
    }

    /// The open tasks a review asks about, in date and slot order: not a repeating task's
    /// occurrences, which their rule brings back.
    public static func questions(_ tasks: [PlannerTask]) -> [PlannerTask] {
        PlannerTask.sortedInTimelineOrder(tasks.filter { $0.status == .open && $0.series == nil })
    }

    /// Where `c` carries a task: its weekday and slot in the week of today when that is still
    /// ahead, else today (the current slot).
    public static func carryTarget(for task: PlannerTask, context: OperationContext) -> CarryOperations.Target {
        let today = context.now.date
        let date = today.isoWeek.monday.adding(days: task.date.weekday.rawValue - 1)
        if date >= today, !context.schedule.hasEnded(task.slot, on: date, at: context.now) {
            return CarryOperations.Target(date: date, slot: task.slot)
        }
        return CarryOperations.Target()
    }

    /// The changes the answers make, one per task answered with other than skip. A drop obeys
    /// `removal` as `rm` does: in a shared planner only a task's maker deletes it.
    public static func changes(
        _ answers: [(task: PlannerTask, answer: Answer)], context: OperationContext,
        removal: TaskOperations.Removal = .unshared
    ) throws -> [RecordChange] {
        try TaskOperations.requireRemovable(answers.filter { $0.answer == .drop }.map(\.task), removal)
        var changes: [RecordChange] = []
        for (task, answer) in answers where task.status == .open {
            switch answer {
            case .skip: continue
            case .carry:
                changes += try CarryOperations.carry(
                    [task], to: carryTarget(for: task, context: context), context: context)
            case .move(let date, let slot):
                changes += try CarryOperations.carry(
                    [task], to: CarryOperations.Target(date: date, slot: slot), context: context)
            case .cancel:
                var cancelled = task
                cancelled.setStatus(.cancelled, at: context.now)
                changes.append(.changed(.task(task), to: .task(cancelled)))
            case .drop:
                changes.append(.removed(.task(task)))
            }
        }
        return changes
    }
}
