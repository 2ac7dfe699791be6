import ShadeCore

/// One record of a file read a record at a time (`InterchangeFormat.stream`).
public enum StreamedRecord: Sendable {
    /// A task, with the line its record starts on; for a Taskwarrior child of a recurring parent,
    /// that parent's uuid (resolved once every record is read, by `StreamedImportSummary.resolve`);
    /// else nil.
    case task(PlannerTask, line: Int, parent: String?)
    /// A repeat series (a csv or todo.txt row with a rule; a Taskwarrior `recurring` parent whose
    /// recur maps to a rule).
    case series(RepeatSeries, line: Int)
    /// A task with no day yet (a record with no date; a Taskwarrior pending task with neither due
    /// nor scheduled).
    case inbox(InboxTask, line: Int)
}

/// What is known once the whole of a streamed file is read.
public struct StreamedImportSummary: Sendable {
    /// The task fields the format (for csv, the header) holds, as `PlannerBundle.taskFields`.
    public var taskFields: Set<PlannerTask.Field>
    /// The reader's notes (what did not map), one sentence each, as the whole-file reader gives them.
    public var notes: [String]
    /// The repeat series of the file's Taskwarrior `recurring` parents, by the parent's uuid.
    var seriesByParent: [String: RepeatSeries]

    init(
        taskFields: Set<PlannerTask.Field>, notes: [String] = [], seriesByParent: [String: RepeatSeries] = [:]
    ) {
        self.taskFields = taskFields
        self.notes = notes
        self.seriesByParent = seriesByParent
    }

    /// A task as it is to be imported once every record is read: a Taskwarrior child resolved
    /// against its parent's series (nil when it is the occurrence the series shows already, which
    /// is dropped; an occurrence with a status or fields of its own gets the occurrence's uid and
    /// its series), any other task as it is.
    public func resolve(_ task: PlannerTask, parent: String?) -> PlannerTask? {
        guard let parent, let owner = seriesByParent[parent] else { return task }
        let date = task.date
        guard owner.rule.occurs(on: date, anchor: owner.anchor, until: owner.end) else { return task }
        let fields = owner.fields(on: date)
        let unchanged =
            task.status == .open && task.title == fields.title && task.slot == fields.slot
            && task.tags == fields.tags && task.category == fields.category
        if unchanged { return nil }
        return PlannerTask(
            id: 0, uid: owner.occurrenceUID(on: date), title: task.title, notes: task.notes, date: date,
            slot: task.slot, time: task.time, status: task.status, tags: task.tags, category: task.category,
            favorite: task.favorite, created: task.created, modified: task.modified, doneAt: task.doneAt,
            series: owner.uid)
    }
}
