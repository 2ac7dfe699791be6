/// After-completion repeats (SPEC §16, `every:+14d`): marking an occurrence done makes the next
/// one, N days after the day it was done; marking it open again takes that one back while it is
/// as it was made. One successor a completion, with a uid from the series and its sequence number,
/// so that two copies completing the same occurrence make one record.
public enum AfterDoneOperations {
    /// What a marking's `changes` bring with them: for each occurrence of an after-completion
    /// series marked done, its successor (unless the planner holds it already); for each marked
    /// open or cancelled from done, the successor that completion made, while untouched.
    public static func following(_ changes: [RecordChange], in records: PlannerRecords, context: OperationContext)
        throws -> [RecordChange]
    {
        guard changes.contains(where: { $0.before?.task?.series != nil }) else { return [] }
        let series = try OccurrenceOperations.series(in: records)
        // Where a successor is: anywhere from its series' first day on (moved, or made on another
        // copy on another day), never twice.
        func held(_ uid: String, of owner: RepeatSeries) throws -> PlannerTask? {
            try records.tasks(withUIDs: [uid], from: owner.anchor)[uid]
        }
        var result: [RecordChange] = []
        for change in changes {
            guard let before = change.before?.task, let after = change.after?.task, let uid = before.series,
                let owner = series[uid], owner.rule.daysAfterDone != nil
            else { continue }
            if before.status != .done, after.status == .done {
                guard let next = owner.successor(of: after, doneOn: context.now.date, at: context.now),
                    try held(next.uid, of: owner) == nil
                else { continue }
                result.append(.added(.task(next)))
            } else if before.status == .done, after.status != .done {
                guard let day = before.doneAt.flatMap(doneDay),
                    let expected = owner.successor(of: before, doneOn: day, at: context.now),
                    let made = try held(expected.uid, of: owner), isUntouched(made, as: expected)
                else { continue }
                result.append(.removed(.task(made)))
            }
        }
        return result
    }

    /// The local day of a completion's timestamp (`2026-11-23T09:30:00+01:00`).
    static func doneDay(_ timestamp: String) -> CivilDate? { CivilDate(iso: timestamp.prefix(10)) }

    /// Whether a successor is still as its completion made it: open, where it was put, never changed.
    static func isUntouched(_ task: PlannerTask, as made: PlannerTask) -> Bool {
        task.status == .open && task.date == made.date && task.slot == made.slot && task.title == made.title
            && task.modified == task.created && task.carried == 0
    }
}
