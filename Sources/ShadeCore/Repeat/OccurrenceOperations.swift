/// The rules of changing repeat series and their occurrences.
///
/// An occurrence a series shows is computed, not stored: a change to one (done, cancel, mv, edit,
/// star, note) makes it a record of its own — its date joins the series' exceptions, and the
/// changed occurrence is added, under the same uid (so the same id) — and removing one only adds
/// the exception. `materializing` turns the changes an operation made to such occurrences into
/// those; every change is passed through it before it is applied.
public enum OccurrenceOperations {
    /// The series of a kind's records, by uid.
    static func series(in records: PlannerRecords) throws -> [String: RepeatSeries] {
        var result: [String: RepeatSeries] = [:]
        for record in try records.keyedRecords(of: RepeatSeries.kind) {
            if let series = record.base as? RepeatSeries { result[series.uid] = series }
        }
        return result
    }

    /// Whether `task` is an occurrence its series shows (computed, not a record of its own).
    public static func isShownBySeries(_ task: PlannerTask, in records: PlannerRecords) throws -> Bool {
        guard let uid = task.series, let occurrence = RepeatSeries.occurrence(of: task.uid),
            let series = try series(in: records)[uid]
        else { return false }
        return series.shows(occurrence.date)
    }

    /// The changes to apply for `changes`: each change to an occurrence a series shows becomes the
    /// series' new exception (one change of the series, first) and, unless it was removed, the
    /// occurrence added as a record of its own.
    public static func materializing(_ changes: [RecordChange], in records: PlannerRecords) throws -> [RecordChange] {
        // Only a change to a task of a series can change one: the series are not read otherwise
        // (an `add`, a `done` of a plain task).
        guard changes.contains(where: { $0.before?.task?.series != nil }) else { return changes }
        let original = try series(in: records)
        var known = original
        var touched: [String: RepeatSeries] = [:]
        var order: [String] = []
        var result: [RecordChange] = []
        for change in changes {
            guard let before = change.before?.task, let uid = before.series, var series = known[uid],
                let occurrence = RepeatSeries.occurrence(of: before.uid), series.shows(occurrence.date)
            else {
                result.append(change)
                continue
            }
            if touched[uid] == nil { order.append(uid) }
            series.exceptions = (series.exceptions + [occurrence.date]).sorted()
            known[uid] = series
            touched[uid] = series
            if let after = change.after { result.append(.added(after)) }
        }
        let seriesChanges = order.compactMap { uid -> RecordChange? in
            guard let before = original[uid], let after = touched[uid] else { return nil }
            return .changed(.keyed(AnyKeyedRecord(before)), to: .keyed(AnyKeyedRecord(after)))
        }
        return seriesChanges + result
    }

    /// The series of an occurrence, and the day it stands for (its original date, whatever day it
    /// was moved to), or an error when the task repeats with no series there is.
    public static func seriesOf(_ task: PlannerTask, in records: PlannerRecords) throws -> (RepeatSeries, CivilDate) {
        guard let uid = task.series else { throw InputError.invalid("task \(task.id) does not repeat") }
        guard let found = try series(in: records)[uid] else {
            throw InputError.invalid("task \(task.id)'s repeat series is gone; it is a task of its own now")
        }
        // A task made to repeat (edit every:) keeps its own uid and stands for its own day.
        return (found, RepeatSeries.occurrence(of: task.uid)?.date ?? task.date)
    }

    /// Ends the series of each task from the day it stands for: no occurrence is shown from that
    /// day on (a series ended before its first occurrence goes altogether). Occurrences that are
    /// records of their own stay, but an open one the command names goes with the series.
    public static func endSeries(ids: [Int], in records: PlannerRecords, context: OperationContext) throws
        -> [RecordChange]
    {
        var ended: [String: RepeatSeries] = [:]
        var original: [String: RepeatSeries] = [:]
        var removed: [RecordChange] = []
        for task in try records.requireTasks(ids) {
            let (found, date) = try seriesOf(task, in: records)
            original[found.uid] = original[found.uid] ?? found
            var series = ended[found.uid] ?? found
            let last = date.adding(days: -1)
            series.until = series.until.map { min($0, last) } ?? last
            series.modified = context.now.timestamp
            ended[found.uid] = series
            if task.status == .open, try !isShownBySeries(task, in: records) { removed.append(.removed(.task(task))) }
        }
        let seriesChanges = ended.keys.sorted().compactMap { uid -> RecordChange? in
            guard let before = original[uid], let after = ended[uid] else { return nil }
            if after.until.map({ $0 < after.anchor }) ?? false || after.firstDate == nil {
                return .removed(.keyed(AnyKeyedRecord(before)))
            }
            return .changed(.keyed(AnyKeyedRecord(before)), to: .keyed(AnyKeyedRecord(after)))
        }
        return removed + seriesChanges
    }

    /// `edit ID --series …`: changes this occurrence and every later one the series shows (a
    /// revision from this day; from the first day, the series itself). The occurrence, when it
    /// is a record of its own, is edited too; other records of their own keep their fields.
    public static func editSeries(
        id: Int, _ words: TaskWords, clearTime: Bool, in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        let task = try records.requireTask(id)
        let (series, date) = try seriesOf(task, in: records)
        if words.goal != nil {
            throw InputError.invalid(
                "a repeating task does not join a goal as a series; edit \(id) goal:… without --series sets this day's")
        }
        if words.to != nil {
            throw InputError.invalid(
                "a repeating task is given to no one as a series; edit \(id) to:… without --series gives this day's")
        }
        if words.due != nil || words.clearsDue {
            throw InputError.invalid(
                "a repeating task has no deadline as a series; edit \(id) due:… without --series sets this day's")
        }
        var after = series
        // The edit as it reads on `day` (an error names the task the user named).
        func edited(_ fields: RepeatSeries.OccurrenceFields, on day: CivilDate) throws -> RepeatSeries.OccurrenceFields
        {
            var occurrence = RepeatSeries(uid: series.uid, base: fields, rule: series.rule, anchor: day, created: "")
                .occurrence(on: day)
            occurrence.id = task.id
            return RepeatSeries.OccurrenceFields(
                try TaskOperations.applying(words, clearTime: clearTime, to: occurrence, context: context))
        }
        func edited(_ revision: RepeatSeries.Revision) throws -> RepeatSeries.Revision {
            RepeatSeries.Revision(from: revision.from, fields: try edited(revision.fields, on: revision.from))
        }
        if let first = series.firstDate, date > first {
            after.revisions =
                series.revisions.filter { $0.from < date }
                + [RepeatSeries.Revision(from: date, fields: try edited(series.fields(on: date), on: date))]
                + (try series.revisions.filter { $0.from > date }.map(edited))
        } else {
            after.base = try edited(series.base, on: series.anchor)
            after.revisions = try series.revisions.map(edited)
        }
        var changes =
            words.category != nil
            ? try CategoryOperations.ensure(words.category.flatMap { $0.isEmpty ? nil : $0 }, in: records) : []
        if after != series {
            after.modified = context.now.timestamp
            changes.append(.changed(.keyed(AnyKeyedRecord(series)), to: .keyed(AnyKeyedRecord(after))))
        }
        if try !isShownBySeries(task, in: records) {
            changes += try TaskOperations.edit(id: id, words, clearTime: clearTime, in: records, context: context)
        }
        return changes
    }

    /// `edit ID every:RULE|none [until:DATE]`. A task of its own becomes the first day of a new
    /// series (it keeps its id and uid). On an occurrence: `every:none` makes it the series' last
    /// day; `until:` moves the series' last day; a rule can be changed from the series' first day
    /// (later, end the series there and add a new one).
    public static func setRepeat(
        id: Int, rule: RepeatRule?, until: CivilDate?, count: Int? = nil, uid: String, in records: PlannerRecords,
        context: OperationContext
    ) throws -> [RecordChange] {
        let task = try records.requireTask(id)
        guard task.series != nil else {
            guard let rule else {
                if until != nil || count != nil {
                    throw InputError.invalid("task \(id) does not repeat; until: and count: go with every:RULE")
                }
                return []
            }
            if let until, until < task.date {
                throw InputError.invalid("until:\(until) comes before the task's day, \(task.date)")
            }
            let series = RepeatSeries(
                uid: uid, base: RepeatSeries.OccurrenceFields(task), rule: rule, anchor: task.date, until: until,
                count: count, exceptions: [task.date], created: context.now.timestamp)
            var linked = task
            linked.series = uid
            linked.modified = context.now.timestamp
            return [.added(.keyed(AnyKeyedRecord(series))), .changed(.task(task), to: .task(linked))]
        }
        let (series, date) = try seriesOf(task, in: records)
        var after = series
        if let rule {
            // Successors are tasks of their own, on days no rule gives: a series that makes them
            // does not become one whose rule shows days (it would show them twice), nor back.
            guard (series.rule.daysAfterDone == nil) == (rule.daysAfterDone == nil) else {
                throw InputError.invalid(
                    "every:\(series.rule) and every:\(rule) repeat in different ways; end this one (edit \(id) every:none) and add the task again with every:\(rule)"
                )
            }
            // A calendar rule changes from the first day; an after-completion one from any
            // occurrence (it decides only the successors still to be made).
            guard rule.daysAfterDone != nil || series.firstDate.map({ date <= $0 }) ?? true else {
                throw InputError.invalid(
                    "a series' rule changes from its first day; from \(date): rm \(id) --series, then add the task again with every:\(rule)"
                )
            }
            after.rule = rule
        } else if until == nil, count == nil {
            after.until = date
        }
        if let count { after.count = count }
        if let until {
            guard until >= series.anchor else {
                throw InputError.invalid("until:\(until) comes before the series' first day, \(series.anchor)")
            }
            after.until = until
        }
        guard after != series else { return [] }
        after.modified = context.now.timestamp
        return [.changed(.keyed(AnyKeyedRecord(series)), to: .keyed(AnyKeyedRecord(after)))]
    }
}
