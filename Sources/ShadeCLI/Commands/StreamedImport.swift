import ShadeCore
import ShadeInterchange
import ShadeStore

/// `import` of a csv, todo.txt or Taskwarrior file in memory bounded by a week, not the file
/// (SPEC §17), as one change (one `undo`) with the same rules as any import (SPEC §10):
///
/// 1. the file is read once, a record at a time; each task is set aside in its week's bucket
///    (`TaskBuckets`, on disk) and its uid's hash kept (a task given twice, a task the planner
///    has); series are kept;
/// 2. the planner's id indexes are read, a week at a time, for the uids it holds;
/// 3. the series are merged, then each week's tasks, the week and the one a task moves from
///    read, merged by `ImportOperations.merge` and staged: the weeks are let go of after each.
///
/// The tasks added are numbered in the file's order, as a whole-file import numbers them.
struct StreamedImport {
    let source: ImportSource
    let format: InterchangeFormat
    let context: InterchangeContext
    let operationContext: OperationContext
    /// Whether the uids are listed (`--json`): a million are a list of a million.
    let listing: Bool

    /// A uid's hash, and the first task (by its place in the file) given it.
    private struct Seen {
        var first: [Int: Int32] = [:]
        /// Tasks whose uid's hash another task's has too: the same uid given twice, or (rarely) two
        /// uids of one hash, told apart when their week is read.
        var sharing: [Int: [Int32]] = [:]
    }

    func run(store: Store, label: String, now: Moment) throws -> (tally: ImportTally, notes: [String]) {
        try store.writeLarge(label: label, now: now) { change in
            let buckets = TaskBuckets(store: store)
            defer { buckets.removeAll() }
            var seen = Seen()
            var series: [RepeatSeries] = []
            var count = 0
            // The days of the occurrences the file brings as records of their own, by series: each
            // series the file brings skips them (as a whole-file import's `linkOccurrences`).
            var occurrenceDays: [String: Set<CivilDate>] = [:]
            // Taskwarrior children, resolved against their parents once every record is read.
            // (Each keeps its place in the file: the tasks added are numbered in the file's order.)
            var children: [(task: PlannerTask, line: Int, parent: String, sequence: Int)] = []
            func setAside(_ task: PlannerTask, line: Int, sequence: Int, linking: Bool = true) throws {
                // No planner holds a series of such a uid (as the whole-file merge would say).
                if let owner = task.series, !RepeatSeries.isValidUID(owner) {
                    throw ImportError(
                        line: line,
                        "the task “\(task.title)” (\(task.uid)) is an occurrence of the repeating task \(owner), which is in neither the file nor the planner"
                    )
                }
                let hash = task.uid.hashValue
                if let first = seen.first[hash] {
                    seen.sharing[hash, default: [first]].append(Int32(sequence))
                } else {
                    seen.first[hash] = Int32(sequence)
                }
                if linking, !RepeatSeries.isSuccessor(task), let owner = task.series {
                    occurrenceDays[owner, default: []].insert(task.occurrenceDay)
                }
                try buckets.append(task, sequence: sequence, line: line)
            }
            // Occurrences brought as records, told once every series is read whether their series
            // shows them as they are (as a whole-file import's `linkOccurrences` tells).
            var occurrences: [(task: PlannerTask, line: Int, sequence: Int)] = []
            // Tasks with no day: merged with the series, as the records they are.
            var inbox: [AnyKeyedRecord] = []
            let summary = try format.stream(from: source, context: context) { record in
                switch record {
                case .series(let made, _): series.append(made)
                case .inbox(let task, _): inbox.append(AnyKeyedRecord(task))
                case .task(let task, let line, let parent?): children.append((task, line, parent, count))
                case .task(let task, let line, nil) where task.series != nil: occurrences.append((task, line, count))
                case .task(let task, let line, nil): try setAside(task, line: line, sequence: count)
                }
                if case .task = record { count += 1 }
            }
            // A child the series shows as it is (dropped) is given no id.
            var dropped: [Int] = []
            for child in children {
                guard let task = summary.resolve(child.task, parent: child.parent) else {
                    dropped.append(child.sequence)
                    continue
                }
                try setAside(task, line: child.line, sequence: child.sequence)
            }
            children = []
            // An occurrence its series (in the file) shows as it is: its day is marked on the series
            // only where the planner shows no such occurrence (`linkImpliedOccurrences`).
            var impliedDays: [String: Set<CivilDate>] = [:]
            let bySeries = Dictionary(series.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
            for occurrence in occurrences {
                let task = occurrence.task
                let owner = task.series.flatMap { bySeries[$0] }
                let implied = owner?.shows(task, holding: summary.taskFields) ?? false
                try setAside(task, line: occurrence.line, sequence: occurrence.sequence, linking: !implied)
                if implied, let owner { impliedDays[owner.uid, default: []].insert(task.date) }
            }
            occurrences = []
            let state = change.state
            let planner = Dictionary(
                try state.repeatSeries().map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
            for (uid, days) in impliedDays {
                let marked = planner[uid]?.exceptions
                occurrenceDays[uid, default: []].formUnion(days.filter { marked?.contains($0) ?? true })
            }
            var linked = PlannerBundle(records: series.map(AnyKeyedRecord.init))
            linked.linkOccurrences(occurrenceDays)
            series = linked.series
            // Where the planner holds each uid the file gives (by hash; told apart when read).
            var plannerWeek: [Int: ISOWeek] = [:]
            var known = [Bool](repeating: false, count: count)
            for sequence in dropped { known[sequence] = true }
            for (index, week) in try state.storedWeeks().enumerated() {
                for uid in try state.knownUIDs(in: week) {
                    let hash = uid.hashValue
                    guard let first = seen.first[hash] else { continue }
                    plannerWeek[hash] = week
                    known[Int(first)] = true
                    for other in seen.sharing[hash] ?? [] { known[Int(other)] = true }
                }
                if index % 64 == 63 { try change.releaseWeeks() }
            }
            try change.releaseWeeks()
            // The ids of the tasks to add, in the file's order.
            var rank = [Int32](repeating: -1, count: count)
            var newCount: Int32 = 0
            for index in 0..<count where !known[index] {
                rank[index] = newCount
                newCount += 1
            }
            let firstID = try state.reserveIDs(Int(newCount))
            var tally = ImportTally()
            var order: (added: [(Int, String)], updated: [(Int, String)], left: [(Int, String)]) = ([], [], [])
            if !series.isEmpty || !inbox.isEmpty {
                let bundle = PlannerBundle(
                    records: series.map(AnyKeyedRecord.init) + inbox, taskFields: summary.taskFields)
                let outcome = try merge(bundle, in: state, existing: { _ in nil }, ids: [])
                try change.apply(outcome.changes)
                tally.add(outcome, listing: false)
            }
            let seriesBrought = Set(series.map(\.uid))
            let sharedHashes = Set(seen.sharing.keys)
            var sharedUIDs: [String: (task: PlannerTask, sequence: Int)] = [:]
            for week in buckets.weeks {
                var tasks: [PlannerTask] = []
                var places: [String: Int] = [:]
                for entry in try buckets.take(week) {
                    var task = entry.task
                    let hash = task.uid.hashValue
                    if sharedHashes.contains(hash) {
                        if let earlier = sharedUIDs[task.uid] {
                            // The second in the file's order, whichever week was read first.
                            let second = earlier.sequence > entry.sequence ? earlier.task : task
                            throw CommandError.failed(
                                "nothing was imported: the uid \(SafeText(escaping: task.uid)) is given to two tasks "
                                    + "(“\(SafeText(escaping: second.title))” is the second)")
                        }
                        sharedUIDs[task.uid] = (task, entry.sequence)
                    }
                    task.id = rank[entry.sequence] >= 0 ? firstID + Int(rank[entry.sequence]) : 0
                    places[task.uid] = entry.sequence
                    tasks.append(task)
                }
                let here = Dictionary(
                    try state.tasks(in: week).map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
                var elsewhere: (week: ISOWeek, tasks: [String: PlannerTask])?
                func existing(_ uid: String) throws -> PlannerTask? {
                    if let other = plannerWeek[uid.hashValue], other != week {
                        if elsewhere?.week != other {
                            elsewhere = (
                                other,
                                Dictionary(
                                    try state.tasks(in: other).map { ($0.uid, $0) },
                                    uniquingKeysWith: { first, _ in first })
                            )
                        }
                        if let found = elsewhere?.tasks[uid] { return found }
                    }
                    return here[uid]
                }
                // The ids of the tasks this week adds: those the numbering foresaw, in order, after
                // those of uids the planner seemed to hold and does not (numbered first, as merge asks).
                var ids: [Int] = []
                var unforeseen = 0
                for task in tasks where try existing(task.uid) == nil {
                    if task.id > 0 { ids.append(task.id) } else { unforeseen += 1 }
                }
                ids.sort()
                for _ in 0..<unforeseen { ids.insert(try state.allocateID(), at: 0) }
                let bundle = PlannerBundle(tasks: tasks, taskFields: summary.taskFields)
                let outcome = try merge(
                    bundle, in: state, existing: existing, ids: ids, seriesBrought: seriesBrought)
                try change.apply(outcome.changes)
                tally.add(outcome, listing: false)
                if listing {
                    order.added += outcome.added.map { (places[$0] ?? 0, $0) }
                    order.updated += outcome.updated.map { (places[$0] ?? 0, $0) }
                    order.left += outcome.left.map { (places[$0] ?? 0, $0) }
                }
                try change.releaseWeeks()
            }
            if listing {
                tally.addedUIDs = order.added.sorted { $0.0 < $1.0 }.map(\.1)
                tally.updatedUIDs = order.updated.sorted { $0.0 < $1.0 }.map(\.1)
                tally.leftUIDs = order.left.sorted { $0.0 < $1.0 }.map(\.1)
            }
            return (tally, summary.notes)
        }
    }

    /// One part of the file merged as any import is, handing out `ids` in order.
    private func merge(
        _ bundle: PlannerBundle, in state: StoreState, existing: (String) throws -> PlannerTask?, ids: [Int],
        seriesBrought: Set<String> = []
    ) throws -> ImportOperations.Outcome {
        var next = ids[...]
        do {
            return try ImportOperations.merge(
                bundle, existing: existing, records: state, context: operationContext,
                nextID: {
                    guard let id = next.popFirst() else { return try state.allocateID() }
                    return id
                }, seriesBrought: seriesBrought)
        } catch let error as ImportError {
            throw CommandError.failed("nothing was imported: \(SafeText(escaping: error.description))")
        }
    }
}
