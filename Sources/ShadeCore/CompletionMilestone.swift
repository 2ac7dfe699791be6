/// What a change finished: the last open task of a slot, of a day, or of a week.
public enum CompletionMilestone: Hashable, Sendable {
    case slot(CivilDate, Slot)
    case day(CivilDate)
    case week(ISOWeek)

    /// The widest span (week, then day, then slot) that a task the change took from open to done
    /// belongs to and that has no open task left; nil when each such task still has company.
    /// `before` holds every task of the weeks the changed tasks are in, as they were before it.
    public static func reached(by changes: [RecordChange], before: [PlannerTask]) -> CompletionMilestone? {
        reached(by: changes, weeks: [before])
    }

    /// As `reached(by:before:)`, told the tasks of those weeks one week at a time (each list is
    /// read where it lies: no task is copied, and no uid is kept), and where their other open
    /// tasks lie (`openElsewhere`: those of days not read, `PlannerRecords.completionView(of:)`).
    public static func reached(
        by changes: [RecordChange], weeks: [[PlannerTask]], openElsewhere: [OpenTaskPlace] = []
    ) -> CompletionMilestone? {
        let finished = changes.compactMap { change -> PlannerTask? in
            guard let old = change.before?.task, let new = change.after?.task, old.status == .open,
                new.status == .done
            else { return nil }
            return new
        }
        guard !finished.isEmpty else { return nil }
        // Which spans of each finished task still hold an open task after the change.
        var weekOpen = Array(repeating: false, count: finished.count)
        var dayOpen = weekOpen
        var slotOpen = weekOpen
        let spans = finished.map { (first: $0.week.monday, last: $0.week.days[6], date: $0.date, slot: $0.slot) }
        func note(_ date: CivilDate, _ slot: Slot) {
            for (index, span) in spans.enumerated() where span.first <= date && date <= span.last {
                weekOpen[index] = true
                if date == span.date {
                    dayOpen[index] = true
                    if slot == span.slot { slotOpen[index] = true }
                }
            }
        }
        // Whether an open task there would tell anything not known yet.
        func tells(_ date: CivilDate, _ slot: Slot) -> Bool {
            for (index, span) in spans.enumerated() where span.first <= date && date <= span.last {
                if !weekOpen[index] { return true }
                if date == span.date && (!dayOpen[index] || (slot == span.slot && !slotOpen[index])) { return true }
            }
            return false
        }
        // The tasks the change left open, then the open ones it did not touch (a change touches
        // a few tasks of a week: a scan of them beats hashing every uid of the week).
        var changedUIDs: [String] = []
        for change in changes {
            if let old = change.before?.task { changedUIDs.append(old.uid) }
            if let new = change.after?.task {
                changedUIDs.append(new.uid)
                if new.status == .open { note(new.date, new.slot) }
            }
        }
        // Where a task would tell nothing new, its uid is not compared (once the week is known to
        // hold an open task, only the finished tasks' own days and slots are looked at), and the
        // scan stops once every finished task's slot is known to hold one: nothing is left to say.
        scan: for tasks in weeks {
            for index in tasks.indices where tasks[index].status == .open {
                guard !slotOpen.allSatisfy({ $0 }) else { break scan }
                let (date, slot) = (tasks[index].date, tasks[index].slot)
                if tells(date, slot) && !changedUIDs.contains(tasks[index].uid) { note(date, slot) }
            }
        }
        for place in openElsewhere where !slotOpen.allSatisfy({ $0 }) {
            if tells(place.date, place.slot) && !changedUIDs.contains(place.uid) { note(place.date, place.slot) }
        }
        var best: CompletionMilestone?
        for (index, task) in finished.enumerated() {
            let milestone: CompletionMilestone
            if !weekOpen[index] {
                milestone = .week(task.week)
            } else if !dayOpen[index] {
                milestone = .day(task.date)
            } else if !slotOpen[index] {
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
