/// Taking a bundle into the planner (SPEC §10), as a pure function from the records to the
/// record changes: by uid (by key for categories, goals, series and templates), a record not
/// there is added, one there is updated in the fields the format holds, and one that would not
/// change is left. Importing the same file twice therefore changes nothing the second time.
public enum ImportOperations {
    /// What an import does.
    public struct Outcome: Sendable {
        /// The record changes, in the order they are to be applied.
        public var changes: [RecordChange] = []
        /// The tasks added, updated and left as they were, by uid, in the file's order.
        public var added: [String] = []
        public var updated: [String] = []
        public var left: [String] = []
        /// Keyed records (series, goals, categories, templates) added, updated and left, by kind.
        public var recordsAdded: [RecordKind: Int] = [:]
        public var recordsUpdated: [RecordKind: Int] = [:]
        public var recordsLeft: [RecordKind: Int] = [:]

        /// An outcome with nothing in it yet.
        public init() {}

        /// Whether the import changes nothing.
        public var isEmpty: Bool { changes.isEmpty }
    }

    /// The changes that take `bundle` into the planner. `existing` finds a task by uid (the whole
    /// planner's tasks); `nextID` hands out this copy's id for each task added.
    public static func merge(
        _ bundle: PlannerBundle, existing: (String) throws -> PlannerTask?, records: PlannerRecords,
        context: OperationContext, nextID: () throws -> Int, seriesBrought: Set<String> = []
    ) throws -> Outcome {
        var outcome = Outcome()
        try checkUnique(bundle)
        let bundle = try linkImpliedOccurrences(bundle, records: records)
        // Keyed records first: the categories, series and goals the tasks name come before them.
        let order: [RecordKind] = [Category.kind, Goal.kind, RepeatSeries.kind, WeekTemplate.kind]
        let ordered = bundle.records.sorted {
            (order.firstIndex(of: $0.kind) ?? order.count, $0.base.key) < (
                order.firstIndex(of: $1.kind) ?? order.count, $1.base.key
            )
        }
        // One uid is one task, in the inbox or on a day: a file's inbox task this planner has on a
        // day stays there; a file's task of a day this planner has in the inbox is planned on it.
        let inboxUIDs = Set(bundle.records.filter { $0.kind == InboxTask.kind }.map(\.base.key))
        let plannedHere =
            inboxUIDs.isEmpty ? [:] : try records.tasks(withUIDs: inboxUIDs, from: CivilDate.supported.lowerBound)
        let inboxHere = Dictionary(
            try records.inboxTasks().map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        var known: [RecordKind: [String: AnyKeyedRecord]] = [:]
        for record in ordered {
            if record.kind == InboxTask.kind, plannedHere[record.base.key] != nil {
                outcome.recordsLeft[record.kind, default: 0] += 1
                continue
            }
            let current = try records.keyedRecords(of: record.kind).first { $0.base.key == record.base.key }
            known[record.kind, default: [:]][record.base.key] = record
            guard let current else {
                outcome.changes.append(.added(.keyed(record)))
                outcome.recordsAdded[record.kind, default: 0] += 1
                continue
            }
            if sameUserFields(current, record) {
                outcome.recordsLeft[record.kind, default: 0] += 1
            } else {
                outcome.changes.append(.changed(.keyed(current), to: .keyed(record.with(stamps: current.base.stamps))))
                outcome.recordsUpdated[record.kind, default: 0] += 1
            }
        }
        // Categories the tasks and series name that neither the planner nor the file has.
        var categories = try records.categories()
        for record in bundle.categories where !categories.contains(where: { $0.name == record.name }) {
            categories.append(record)
        }
        func ensureCategory(_ name: String?) {
            guard let name, !categories.contains(where: { $0.name == name }) else { return }
            let category = Category(name: name, color: Category.nextColor(after: categories))
            categories.append(category)
            outcome.changes.append(.added(.category(category)))
            outcome.recordsAdded[Category.kind, default: 0] += 1
        }
        for series in bundle.series { ensureCategory(series.base.category) }
        let goalUIDs = Set(try records.goals().map(\.uid)).union(bundle.goals.map(\.uid))
        let seriesUIDs = Set(try records.keyedRecords(of: RepeatSeries.kind).map(\.base.key)).union(
            bundle.series.map(\.uid))
        // Where each task added stands among the changes, to be numbered once all are known.
        var addedAt: [(change: Int, sourceID: Int)] = []
        for incoming in bundle.tasks {
            if let goal = incoming.goal, !goalUIDs.contains(goal) {
                throw ImportError(
                    "the task “\(incoming.title)” (\(incoming.uid)) counts towards goal \(goal), which is in neither the file nor the planner"
                )
            }
            if let series = incoming.series, !seriesUIDs.contains(series) {
                throw ImportError(
                    "the task “\(incoming.title)” (\(incoming.uid)) is an occurrence of the repeating task \(series), which is in neither the file nor the planner"
                )
            }
            ensureCategory(bundle.taskFields.contains(.category) ? incoming.category : nil)
            if let held = inboxHere[incoming.uid], try existing(incoming.uid) == nil {
                var planned = incoming
                planned.id = held.id
                outcome.changes += [.removed(.keyed(held)), .added(.task(planned))]
                outcome.updated.append(incoming.uid)
                continue
            }
            guard let current = try existing(incoming.uid) else {
                outcome.changes.append(.added(.task(incoming)))
                outcome.added.append(incoming.uid)
                addedAt.append((outcome.changes.count - 1, incoming.id))
                continue
            }
            let merged = updated(current, with: incoming, fields: bundle.taskFields, context: context)
            if merged == current {
                outcome.left.append(current.uid)
            } else {
                outcome.changes.append(.changed(.task(current), to: .task(merged)))
                outcome.updated.append(current.uid)
            }
        }
        // This copy's ids go to the tasks added in the order of the numbers they had where they
        // came from (a round trip through an empty planner gives them back), else the file's.
        for entry in addedAt.sorted(by: { ($0.sourceID, $0.change) < ($1.sourceID, $1.change) }) {
            guard case .task(var task)? = outcome.changes[entry.change].after else { continue }
            task.id = try nextID()
            outcome.changes[entry.change] = .added(.task(task))
        }
        try markOccurrences(bundle, records: records, brought: seriesBrought, outcome: &outcome)
        return outcome
    }

    /// The days of the occurrences the file brings as records that their series (in the file)
    /// shows as they are (`PlannerBundle.impliedOccurrences`, left unmarked by
    /// `linkOccurrences`), marked on that series where the planner shows no such occurrence: its
    /// series is new, or the planner's series marks the day already. Where the planner's series
    /// shows the occurrence, the day stays unmarked and the record is merged with that occurrence.
    public static func linkImpliedOccurrences(_ bundle: PlannerBundle, records: PlannerRecords) throws -> PlannerBundle
    {
        let implied = bundle.impliedOccurrences
        guard !implied.isEmpty else { return bundle }
        let planner = Dictionary(
            try records.keyedRecords(of: RepeatSeries.kind).compactMap { $0.base as? RepeatSeries }.map {
                ($0.uid, $0)
            },
            uniquingKeysWith: { first, _ in first })
        var dates: [String: Set<CivilDate>] = [:]
        for task in implied {
            guard let uid = task.series else { continue }
            if planner[uid].map({ $0.exceptions.contains(task.date) }) ?? true {
                dates[uid, default: []].insert(task.date)
            }
        }
        var linked = bundle
        linked.linkOccurrences(dates)
        return linked
    }

    /// An occurrence added as a record of its own, of a series the planner has and the file
    /// does not bring (in this bundle, or `elsewhere`: a large import merges its series apart), is
    /// marked on that series as a day it no longer shows itself. (One merged
    /// with the occurrence the planner shows is either left as it was, still shown by its series,
    /// or changed, which files it as acting on an occurrence does.)
    static func markOccurrences(
        _ bundle: PlannerBundle, records: PlannerRecords, brought elsewhere: Set<String>, outcome: inout Outcome
    ) throws {
        let brought = Set(bundle.series.map(\.uid)).union(elsewhere)
        let added = Set(outcome.added)
        var dates: [String: Set<CivilDate>] = [:]
        for task in bundle.tasks where added.contains(task.uid) && !RepeatSeries.isSuccessor(task) {
            if let series = task.series, !brought.contains(series) {
                dates[series, default: []].insert(task.occurrenceDay)
            }
        }
        guard !dates.isEmpty else { return }
        for record in try records.keyedRecords(of: RepeatSeries.kind) {
            guard let series = record.base as? RepeatSeries, let days = dates[series.uid] else { continue }
            let missing = days.subtracting(series.exceptions)
            guard !missing.isEmpty else { continue }
            var marked = series
            marked.exceptions = (series.exceptions + missing).sorted()
            outcome.changes.append(.changed(.keyed(series), to: .keyed(marked)))
        }
    }

    /// A uid (a key) given twice in one file is a mistake in the file, not two updates.
    static func checkUnique(_ bundle: PlannerBundle) throws {
        for series in bundle.series where !RepeatSeries.isValidUID(series.uid) {
            throw ImportError(
                "the repeating task “\(series.base.title)” has the uid '\(series.uid)'; a repeating task's uid is not empty and holds no @"
            )
        }
        var seen: Set<String> = []
        for task in bundle.tasks where !seen.insert(task.uid).inserted {
            throw ImportError("the uid \(task.uid) is given to two tasks (“\(task.title)” is the second)")
        }
        var keys: Set<String> = []
        for record in bundle.records where !keys.insert("\(record.kind):\(record.base.key)").inserted {
            throw ImportError("the \(record.noun.one) \(record.base.key) is given twice")
        }
    }

    /// Whether two records of a kind agree in every field a user sets.
    static func sameUserFields(_ lhs: AnyKeyedRecord, _ rhs: AnyKeyedRecord) -> Bool {
        let names = lhs.stampedFields
        let left = lhs.base.fields.filter { names.contains($0.name) }
        let right = rhs.base.fields.filter { names.contains($0.name) }
        return left.count == right.count && zip(left, right).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    /// Whether `incoming` agrees with `current` in every field a format holds (`fields`; the
    /// id, uid and times of creation and change aside): merged, it would leave it as it was.
    static func agrees(_ current: PlannerTask, with incoming: PlannerTask, fields: Set<PlannerTask.Field>) -> Bool {
        var task = current
        task.assign(fields, from: incoming)
        if task.status != .done { task.doneAt = nil } else if incoming.doneAt == nil { task.doneAt = current.doneAt }
        return task == current
    }

    /// The task with the fields a format holds taken from the incoming one; its id, uid and
    /// creation stay. Unchanged, it is returned as it was (its modified time too).
    static func updated(
        _ current: PlannerTask, with incoming: PlannerTask, fields: Set<PlannerTask.Field>, context: OperationContext
    ) -> PlannerTask {
        var task = current
        task.assign(fields, from: incoming)
        // A status a format gives without a completion time keeps the one there, or takes now.
        if task.status != .done {
            task.doneAt = nil
        } else if task.doneAt == nil {
            task.doneAt = current.status == .done ? current.doneAt : context.now.timestamp
        }
        if task == current { return current }
        task.modified = context.now.timestamp
        return task
    }
}

extension PlannerTask {
    /// Takes the fields a format holds (`fields`) from `incoming`; the id, uid and times of
    /// creation and change stay.
    mutating func assign(_ fields: Set<PlannerTask.Field>, from incoming: PlannerTask) {
        for field in fields {
            switch field {
            case .id, .uid, .created, .modified: break
            case .date: date = incoming.date
            case .slot: slot = incoming.slot
            case .title: title = incoming.title
            case .notes: notes = incoming.notes
            case .time: time = incoming.time
            case .status: status = incoming.status
            case .tags: tags = incoming.tags
            case .category: category = incoming.category
            case .color: color = incoming.color
            case .favorite: favorite = incoming.favorite
            case .remind: remind = incoming.remind
            case .carried: carried = incoming.carried
            case .planned: planned = incoming.planned
            case .goal: goal = incoming.goal
            case .to: to = incoming.to
            case .due: due = incoming.due
            case .estimate: estimate = incoming.estimate
            case .doneAt: doneAt = incoming.doneAt
            }
        }
    }
}
