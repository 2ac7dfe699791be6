/// What a change finished: the last open task of a slot, of a day, or of a week.
public enum CompletionMilestone: Hashable, Sendable {
    case slot(CivilDate, Slot)
    case day(CivilDate)
    case week(ISOWeek)

    /// The widest span (week, then day, then slot) that a task the change took from open to done
    /// belongs to and that has no open task left; nil when each such task still has company.
    /// `before` holds every task of the weeks the changed tasks are in, as they were before it.
    public static func reached(by changes: [RecordChange], before: [PlannerTask]) -> CompletionMilestone? {
        let finished = changes.compactMap { change -> PlannerTask? in
            guard let old = change.before?.task, let new = change.after?.task, old.status == .open,
                new.status == .done
            else { return nil }
            return new
        }
        guard !finished.isEmpty else { return nil }
        // The tasks as they are after the change.
        var after: [String: PlannerTask] = [:]
        for task in before { after[task.uid] = task }
        for change in changes {
            if let old = change.before?.task { after[old.uid] = nil }
            if let new = change.after?.task { after[new.uid] = new }
        }
        let open = after.values.filter { $0.status == .open }
        var best: CompletionMilestone?
        for task in finished {
            let milestone: CompletionMilestone
            if !open.contains(where: { $0.week == task.week }) {
                milestone = .week(task.week)
            } else if !open.contains(where: { $0.date == task.date }) {
                milestone = .day(task.date)
            } else if !open.contains(where: { $0.date == task.date && $0.slot == task.slot }) {
                milestone = .slot(task.date, task.slot)
            } else {
                continue
            }
            if best.map({ milestone.rank > $0.rank }) ?? true { best = milestone }
        }
        return best
    }

    private var rank: Int {
        switch self {
        case .slot: 0
        case .day: 1
        case .week: 2
        }
    }
}
