import ShadeCore
import ShadeInterchange
import ShadeStore

/// `export` in memory bounded by a week, not the planner (SPEC §17): under the store's read, the
/// weeks are read one at a time (those of the query's dates, or every week with a file), each
/// week's selected tasks handed to the format's writer and the week let go of. Taskwarrior, which
/// writes each series with its occurrences first, gathers the selected occurrences in a first
/// pass over the weeks (they are few beside the tasks).
struct StreamedExport {
    let selection: ExportSelection
    let format: InterchangeFormat
    let context: InterchangeContext

    /// What was written: the tasks and repeating tasks, and the notes on what the format could
    /// not hold.
    struct Outcome {
        var tasks = 0
        var series = 0
        var inbox = 0
        var notes: [String] = []
    }

    /// Writes the export of `state` to `sink`. An error of the format's writer is said as one; an
    /// error of the sink (the file being written) or of the store is thrown as it is.
    func run(in state: StoreState, to sink: @escaping InterchangeSink) throws -> Outcome {
        var sinkFailure: (any Error)?
        let writer = InterchangeWriter(format, context: context) { bytes in
            do { try sink(bytes) } catch {
                sinkFailure = error
                throw error
            }
        }
        /// `body`, a step of the writer's: its own failure is said as the export's.
        func writing<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch {
                if let sinkFailure { throw sinkFailure }
                throw CommandError.failed(
                    "could not write the \(format.rawValue) export: \(SafeText(escaping: "\(error)"))")
            }
        }
        var outcome = Outcome()
        let series = selection.series(of: try state.repeatSeries())
        outcome.series = series.count
        var occurrences: [PlannerTask] = []
        if writer.needsOccurrences(of: series) {
            try eachWeek(of: state) { tasks in occurrences += tasks.filter { $0.series != nil } }
        }
        try writing { try writer.begin(series: series, occurrences: occurrences) }
        occurrences = []
        var references = ExportSelection.References()
        try eachWeek(of: state) { tasks in
            references.note(tasks)
            outcome.tasks += tasks.count
            try writing { try writer.write(tasks) }
        }
        let everything = selection.isEverything
        let records = selection.records(
            series: series, naming: references, goals: try state.goals(), categories: try state.categories(),
            templates: everything ? try state.keyedRecords(of: WeekTemplate.kind) : [],
            members: everything ? try state.keyedRecords(of: Member.kind) : [],
            inbox: everything ? try state.inboxTasks().map(AnyKeyedRecord.init) : [])
        outcome.inbox = records.count { $0.kind == InboxTask.kind }
        outcome.notes = try writing { try writer.finish(records: records) }
        return outcome
    }

    /// Hands `body` the selected tasks of each week in order, letting go of the week after it:
    /// every week of the query's dates (the tasks on those dates), else every week with a file.
    private func eachWeek(of state: StoreState, _ body: ([PlannerTask]) throws -> Void) throws {
        if let bounds = selection.query.dateBounds {
            guard bounds.first <= bounds.last else { return }
            var week = bounds.first.isoWeek
            while week.monday <= bounds.last {
                let tasks = try state.tasks(in: week).filter {
                    $0.date >= bounds.first && $0.date <= bounds.last && selection.selects($0)
                }
                try state.releaseWeeks()
                try body(tasks)
                week = week.adding(weeks: 1)
            }
        } else {
            for week in try state.storedWeeks() {
                let tasks = try state.tasks(in: week).filter(selection.selects)
                try state.releaseWeeks()
                try body(tasks)
            }
        }
    }
}
