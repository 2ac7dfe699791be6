import ShadeCore

/// todo.txt: one task a line — `x DONE CREATED` for a done task, `(A)` for a starred one, the
/// title, `+tag`s, `@category`, and shade's keys: `due:DATE slot:SLOT at:HH:MM uid:UID`, with
/// `every:RULE until:DATE` for a repeating task, `series:UID` for its occurrence,
/// `remind:WHEN`, `to:NAME` for whom it is given to, and `status:cancelled` (todo.txt has no
/// cancelled: it is a done line with it).
/// A line without `due:` is planned for the day it was created (else today); without `uid:`, its
/// uid is made from the line, so importing the same file twice finds the same tasks.
///
/// What todo.txt does not hold: notes, colours, goals and carry history; a title word that
/// starts with `+` or `@`, or is one of the keys above with a value, reads back as one.
enum TodoTxtFormat {
    /// The keys shade reads; any other `key:value` word stays in the title.
    static let keys: Set<String> = [
        "due", "slot", "at", "uid", "every", "until", "remind", "series", "status", "pri", "to",
    ]

    static func write(_ bundle: PlannerBundle, context: InterchangeContext) -> InterchangeOutput {
        var lines: [String] = []
        for series in bundle.series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
            let base = series.base
            var words: [String] = []
            if base.favorite { words.append("(A)") }
            words.append(localDate(of: series.created) ?? series.anchor.description)
            words += line(
                title: base.title, tags: base.tags, category: base.category, date: series.anchor, slot: base.slot,
                time: base.time, uid: series.uid, remind: base.remind)
            words.append("every:\(series.rule)")
            if let until = series.until { words.append("until:\(until)") }
            lines.append(words.joined(separator: " "))
        }
        for task in PlannerTask.sortedInTimelineOrder(bundle.tasks) {
            var words: [String] = []
            if task.status == .open {
                if task.favorite { words.append("(A)") }
            } else {
                words.append("x")
                words.append(task.doneAt.flatMap(localDate(of:)) ?? task.date.description)
            }
            words.append(localDate(of: task.created) ?? task.date.description)
            words += line(
                title: task.title, tags: task.tags, category: task.category, date: task.date, slot: task.slot,
                time: task.time, uid: task.uid, remind: task.remind)
            if let series = task.series { words.append("series:\(series)") }
            if let to = task.to { words.append("to:\(to)") }
            if task.status == .cancelled { words.append("status:cancelled") }
            if task.status != .open, task.favorite { words.append("pri:A") }
            lines.append(words.joined(separator: " "))
        }
        var notes: [String] = []
        let lost = bundle.tasks.filter { $0.notes != nil || $0.color != nil || $0.goal != nil }.count
        if lost > 0 { notes.append("todo.txt holds no notes, colours or goals (\(tasks(lost)) had some)") }
        return InterchangeOutput(text: lines.map { $0 + "\n" }.joined(), notes: notes)
    }

    private static func line(
        title: String, tags: [String], category: String?, date: CivilDate, slot: Slot, time: TimeOfDay?, uid: String,
        remind: Reminder?
    ) -> [String] {
        var words = [title]
        words += tags.map { "+" + $0 }
        if let category { words.append("@" + category) }
        words += ["due:\(date)", "slot:\(slot)"]
        if let time { words.append("at:\(time)") }
        if let remind { words.append("remind:\(remind)") }
        words.append("uid:\(uid)")
        return words
    }

    /// The local date of a shade timestamp.
    private static func localDate(of timestamp: String) -> String? {
        guard let instant = Timestamps.instant(of: timestamp) else { return nil }
        return LocalZone.local(instant).date.description
    }

    /// The task fields a todo.txt line holds.
    static let taskFields: Set<PlannerTask.Field> = [
        .date, .slot, .time, .title, .status, .tags, .category, .favorite, .remind, .to, .doneAt,
    ]

    /// Reads the lines one at a time, handing each task or series to `body` with its line.
    static func stream(
        _ chunks: ImportChunks, context: InterchangeContext, _ body: (TextRecord.Either, Int) throws -> Void
    ) throws -> StreamedImportSummary {
        var lines = TextLines(chunks)
        while let (line, number) = try lines.next() {
            let words: [String] = line.split(whereSeparator: { (character: Character) -> Bool in
                character == " " || character == "\t"
            }).map { String($0) }
            guard !words.isEmpty else { continue }
            var record = try parse(words, line: number, identity: "todotxt\n" + line)
            if record.values["date"] == nil { record.values["date"] = context.now.date.description }
            try body(try record.record(context: context), number)
        }
        return StreamedImportSummary(taskFields: taskFields)
    }

    /// The words of one line as fields by name.
    static func parse(_ words: [String], line: Int, identity: String) throws(ImportError) -> TextRecord {
        var rest = words[...]
        var values: [String: String] = [:]
        var done = false
        var doneDate: CivilDate?
        if rest.first == "x" {
            done = true
            rest = rest.dropFirst()
            if let date = rest.first.flatMap({ CivilDate(iso: $0) }) {
                doneDate = date
                rest = rest.dropFirst()
            }
        } else if let first = rest.first, first.count == 3, first.hasPrefix("("), first.hasSuffix(")"),
            first.dropFirst().first?.isUppercase == true
        {
            values["favorite"] = first == "(A)" ? "yes" : "no"
            rest = rest.dropFirst()
        }
        var created: CivilDate?
        if let date = rest.first.flatMap({ CivilDate(iso: $0) }) {
            created = date
            rest = rest.dropFirst()
        }
        var title: [String] = []
        var tags: [String] = []
        for word in rest {
            if word.count > 1, word.hasPrefix("+") {
                tags.append(String(word.dropFirst()))
            } else if word.count > 1, word.hasPrefix("@") {
                if values["category"] != nil {
                    throw ImportError(
                        line: line, "two categories (@\(values["category"] ?? "") and \(word)); a task has one")
                }
                values["category"] = String(word.dropFirst())
            } else if let colon = word.firstIndex(of: ":"), keys.contains(String(word[..<colon]).lowercased()),
                word.index(after: colon) < word.endIndex
            {
                values[String(word[..<colon]).lowercased()] = String(word[word.index(after: colon)...])
            } else {
                title.append(word)
            }
        }
        if values.removeValue(forKey: "pri") == "A" { values["favorite"] = "yes" }
        values["title"] = title.joined(separator: " ")
        values["tags"] = tags.joined(separator: " ")
        values["date"] = values.removeValue(forKey: "due") ?? created?.description
        values["time"] = values.removeValue(forKey: "at")
        values["repeat"] = values.removeValue(forKey: "every")
        if let status = values["status"]?.lowercased(), status == "cancelled" || status == "canceled" {
            values["status"] = "cancelled"
        } else if values["status"] != nil {
            throw ImportError(line: line, "status:\(values["status"] ?? "") is not status:cancelled")
        } else {
            values["status"] = done ? "done" : "open"
        }
        // todo.txt keeps days: made at the day's start, done at its noon.
        if let created {
            values["created"] = Timestamps.timestamp(LocalZone.instant(date: created, time: .midnight))
        }
        if let doneDate {
            values["done_at"] = Timestamps.timestamp(
                LocalZone.instant(date: doneDate, time: TimeOfDay(hour: 12, minute: 0) ?? .midnight))
        }
        guard !(values["title"] ?? "").isEmpty else { throw ImportError(line: line, "the line has no title") }
        return TextRecord(values: values, line: line, identity: identity)
    }
}
