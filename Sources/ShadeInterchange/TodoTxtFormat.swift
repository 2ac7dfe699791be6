import ShadeCore

/// todo.txt: one task a line — `x DONE CREATED` for a done task, `(A)` for a starred one, the
/// title, `+tag`s, `@category`, and shade's keys: `due:DATE slot:SLOT at:HH:MM uid:UID`, with
/// `every:RULE until:DATE` for a repeating task, `series:UID` for its occurrence,
/// `remind:WHEN`, `to:NAME` for whom it is given to, `deadline:DATE` (`due:` is the day it is
/// planned for), `est:45m`, and `status:cancelled` (todo.txt has no cancelled: it is a done line
/// with it).
/// A line without `due:` is planned for the day it was created (else today); without `uid:`, its
/// uid is made from the line, so importing the same file twice finds the same tasks.
///
/// What todo.txt does not hold: notes, colours, goals and carry history; a title word that
/// starts with `+` or `@`, or is one of the keys above with a value, reads back as one.
enum TodoTxtFormat {
    /// The keys shade reads; any other `key:value` word stays in the title.
    static let keys: Set<String> = [
        "due", "slot", "at", "uid", "every", "until", "count", "remind", "series", "status", "pri", "to", "deadline",
        "est",
    ]

    /// The task fields a todo.txt line holds.
    static let taskFields: Set<PlannerTask.Field> = [
        .date, .slot, .time, .title, .status, .tags, .category, .favorite, .remind, .to, .due, .estimate, .doneAt,
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
            // A done or repeating line with no day at all is on today; an open one goes to the inbox.
            if record.values["date"] == nil, record.values["status"] != "open" || record.values["repeat"] != nil {
                record.values["date"] = context.now.date.description
            }
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
        // A line with no due: is a task with no day yet (the inbox), unless it is done, cancelled or
        // repeats: those keep the day it was made.
        let settled = done || values["status"] != nil || values["every"] != nil
        values["date"] = values.removeValue(forKey: "due") ?? (settled ? created?.description : nil)
        values["time"] = values.removeValue(forKey: "at")
        values["repeat"] = values.removeValue(forKey: "every")
        values["due"] = values.removeValue(forKey: "deadline")
        values["estimate"] = values.removeValue(forKey: "est")
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
