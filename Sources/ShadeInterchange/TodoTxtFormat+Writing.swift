import ShadeCore

/// Writing todo.txt a batch of lines at a time: the repeating tasks, then the tasks, each line
/// ended by a line break.
extension TodoTxtFormat {
    struct Writer: FormatWriter {
        /// Tasks with what todo.txt does not hold: notes, colours, goals.
        private var lost = 0

        mutating func begin(series: [RepeatSeries], occurrences: [PlannerTask]) throws -> [UInt8] {
            var text = ""
            for series in series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
                let base = series.base
                var words: [String] = []
                if base.favorite { words.append("(A)") }
                words.append(TodoTxtFormat.localDate(of: series.created) ?? series.anchor.description)
                words += TodoTxtFormat.line(
                    title: base.title, tags: base.tags, category: base.category, date: series.anchor,
                    slot: base.slot, time: base.time, uid: series.uid, remind: base.remind)
                if let estimate = base.estimate { words.append("est:\(Estimate.words(estimate))") }
                words.append("every:\(series.rule)")
                if let until = series.until { words.append("until:\(until)") }
                if let count = series.count { words.append("count:\(count)") }
                text += words.joined(separator: " ") + "\n"
            }
            return Array(text.utf8)
        }

        mutating func write(_ tasks: [PlannerTask]) throws -> [UInt8] {
            lost += tasks.filter { $0.notes != nil || $0.color != nil || $0.goal != nil }.count
            var text = ""
            for task in tasks {
                var words: [String] = []
                if task.status == .open {
                    if task.favorite { words.append("(A)") }
                } else {
                    words.append("x")
                    words.append(task.doneAt.flatMap(TodoTxtFormat.localDate(of:)) ?? task.date.description)
                }
                words.append(TodoTxtFormat.localDate(of: task.created) ?? task.date.description)
                words += TodoTxtFormat.line(
                    title: task.title, tags: task.tags, category: task.category, date: task.date, slot: task.slot,
                    time: task.time, uid: task.uid, remind: task.remind)
                if let series = task.series { words.append("series:\(series)") }
                if let to = task.to { words.append("to:\(to)") }
                if let due = task.due { words.append("deadline:\(due)") }
                if let estimate = task.estimate { words.append("est:\(Estimate.words(estimate))") }
                if task.status == .cancelled { words.append("status:cancelled") }
                if task.status != .open, task.favorite { words.append("pri:A") }
                text += words.joined(separator: " ") + "\n"
            }
            return Array(text.utf8)
        }

        /// Ends with the inbox: a line with no due: (no day) for each task with no day yet.
        mutating func finish(records: [AnyKeyedRecord]) throws -> (bytes: [UInt8], notes: [String]) {
            var text = ""
            for task in records.compactMap({ $0.base as? InboxTask }) {
                if task.notes != nil || task.color != nil || task.goal != nil { lost += 1 }
                var words: [String] = task.favorite ? ["(A)"] : []
                if let made = TodoTxtFormat.localDate(of: task.created) { words.append(made) }
                words += TodoTxtFormat.line(
                    title: task.title, tags: task.tags, category: task.category, date: nil, slot: nil, time: nil,
                    uid: task.uid, remind: nil)
                if let to = task.to { words.append("to:\(to)") }
                if let due = task.due { words.append("deadline:\(due)") }
                if let estimate = task.estimate { words.append("est:\(Estimate.words(estimate))") }
                text += words.joined(separator: " ") + "\n"
            }
            var notes: [String] = []
            if lost > 0 { notes.append("todo.txt holds no notes, colours or goals (\(tasks(lost)) had some)") }
            return (Array(text.utf8), notes)
        }
    }

    /// A line's words after its dates: the title, tags, category and shade's keys.
    static func line(
        title: String, tags: [String], category: String?, date: CivilDate?, slot: Slot?, time: TimeOfDay?,
        uid: String, remind: Reminders?
    ) -> [String] {
        var words = [title]
        words += tags.map { "+" + $0 }
        if let category { words.append("@" + category) }
        if let date { words.append("due:\(date)") }
        if let slot { words.append("slot:\(slot)") }
        if let time { words.append("at:\(time)") }
        if let remind { words.append("remind:\(remind)") }
        words.append("uid:\(uid)")
        return words
    }

    /// The local date of a shade timestamp.
    static func localDate(of timestamp: String) -> String? {
        guard let instant = Timestamps.instant(of: timestamp) else { return nil }
        return LocalZone.local(instant).date.description
    }
}
