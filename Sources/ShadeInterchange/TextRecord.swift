import ShadeCore

/// One task as text fields by name, as the line-based formats (CSV, todo.txt) hold it, and the
/// rules that turn it into a task or a repeat series: the same words `add` takes, checked the
/// same way, with the line in every error.
struct TextRecord {
    /// The values by field name (`uid`, `date`, `slot`, `time`, `title`, `status`, `category`,
    /// `tags`, `notes`, `favorite`, `color`, `remind`, `repeat`, `until`, `series`, `carried`,
    /// `planned`, `to`, `created`, `modified`, `done_at`); an empty value is no value.
    var values: [String: String]
    /// The line the record starts on.
    let line: Int
    /// What the record's uid is made from when it has none (the format and the record's text).
    let identity: String

    func value(_ name: String) -> String? {
        guard let value = values[name]?.trimming(" \t"), !value.isEmpty else { return nil }
        return value
    }

    func fail(_ reason: String) -> ImportError { ImportError(line: line, reason) }

    /// The record as a task, or as a repeat series when it has a rule.
    func record(context: InterchangeContext) throws(ImportError) -> Either {
        guard let rawTitle = values["title"] else { throw fail("there is no title") }
        let title = ImportValidation.title(rawTitle)
        // A record with no day is an inbox task (SPEC §16): read as a task of today, then unplanned.
        let undated = value("date") == nil
        let date: CivilDate
        if let dateText = value("date") {
            guard let parsed = CivilDate(iso: dateText) else { throw fail("'\(dateText)' is not a date (YYYY-MM-DD)") }
            date = parsed
        } else {
            date = context.now.date
        }
        var time: TimeOfDay?
        if let text = value("time") {
            guard let parsed = TimeOfDay(parsing: text) else { throw fail("'\(text)' is not a time (HH:MM)") }
            time = parsed
        }
        let slot: Slot
        if let text = value("slot") {
            guard let parsed = Slot(name: text) else {
                throw fail("'\(text)' is not a slot (morning, afternoon or evening)")
            }
            slot = parsed
        } else {
            slot = time.map(context.schedule.on(date).slot(containing:)) ?? .morning
        }
        let status: TaskStatus
        switch value("status")?.lowercased() {
        case nil, "open", "pending", "todo", "needs-action": status = .open
        case "done", "completed", "x": status = .done
        case "cancelled", "canceled", "deleted": status = .cancelled
        case let other?: throw fail("'\(other)' is not a status (open, done or cancelled)")
        }
        let tags = (value("tags") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { word in
            ImportValidation.tag(word.hasPrefix("+") ? String(word.dropFirst()) : String(word))
        }
        let category = value("category").flatMap {
            ImportValidation.category($0.hasPrefix("@") ? String($0.dropFirst()) : $0)
        }
        let favorite: Bool
        switch value("favorite")?.lowercased() {
        case nil, "no", "false", "0": favorite = false
        case "yes", "true", "1", "★", "*": favorite = true
        case let other?: throw fail("'\(other)' is not yes or no (favorite)")
        }
        var color: TaskColor?
        if let text = value("color") {
            do throws(InputError) { color = try TaskColor.parse(text) } catch { throw fail(error.message.text) }
        }
        var remind: Reminders?
        if let text = value("remind") {
            guard let parsed = Reminders(parsing: text) else {
                throw fail("'\(text)' is not a reminder (15m, 1h, 07:45, slot)")
            }
            remind = parsed
        }
        var estimate: Int?
        if let text = value("estimate") {
            // Minutes (90), or as est: writes them (1h30m).
            guard let minutes = Int(text) ?? Estimate.minutes(text),
                (1...PlannerTask.longestEstimate).contains(minutes)
            else { throw fail("estimate '\(text)' is not minutes (90, or 1h30m; up to 24h)") }
            estimate = minutes
        }
        let created = value("created").flatMap { Timestamps.instant(of: $0) != nil ? $0 : nil } ?? context.now.timestamp
        let notes = values["notes"].flatMap { $0.isEmpty ? nil : $0 }
        let uid = value("uid") ?? UIDGenerator.derived(from: identity)
        if let ruleText = value("repeat") {
            if undated { throw fail("a repeating task needs the date it starts on (YYYY-MM-DD)") }
            guard let rule = RepeatRule(parsing: ruleText) else {
                throw fail("'\(ruleText)' is not a repeat rule (day, weekday, week, 2weeks, mon,wed, month, year)")
            }
            var until: CivilDate?
            if let text = value("until") {
                guard let parsed = CivilDate(iso: text), parsed >= date else {
                    throw fail("until '\(text)' is not a date on or after \(date)")
                }
                until = parsed
            }
            var count: Int?
            if let text = value("count") {
                guard let number = Int(text), (1...RepeatSeries.largestCount).contains(number) else {
                    throw fail("count '\(text)' is not a number of times (1 to \(RepeatSeries.largestCount))")
                }
                count = number
            }
            let series = RepeatSeries(
                uid: uid, title: title, notes: notes, slot: slot, time: time, tags: tags, category: category,
                color: color,
                favorite: favorite, remind: remind, estimate: estimate, rule: rule, anchor: date, until: until,
                count: count, created: created)
            try check(
                PlannerTask(
                    id: 0, uid: uid, title: title, notes: notes, date: date, slot: slot, tags: tags,
                    category: category, created: created))
            do { try ImportValidation.check(series) } catch { throw error.at(line: line) }
            return .series(series)
        }
        let doneAt = status == .done ? value("done_at") ?? context.now.timestamp : nil
        var carried = 0
        if let text = value("carried") {
            guard let count = Int(text), count >= 0 else { throw fail("carried '\(text)' is not a count") }
            carried = count
        }
        var planned: CivilDate?
        if let text = value("planned") {
            guard let parsed = CivilDate(iso: text) else { throw fail("planned '\(text)' is not a date (YYYY-MM-DD)") }
            planned = parsed
        }
        var to: String?
        if let text = value("to") {
            guard (try? TaskText.validateParticipant(text)) == text else {
                throw fail("to '\(text)' is not a name (one word of letters, digits, -, _, . or @)")
            }
            to = text
        }
        var due: CivilDate?
        if let text = value("due") {
            guard let parsed = CivilDate(iso: text) else { throw fail("due '\(text)' is not a date (YYYY-MM-DD)") }
            due = parsed
        }
        let task = PlannerTask(
            id: 0, uid: uid, title: title, notes: notes, date: date, slot: slot, time: time, status: status, tags: tags,
            category: category, color: color, favorite: favorite, remind: remind, carried: carried, planned: planned,
            to: to, due: due, estimate: estimate, created: created, modified: value("modified") ?? created,
            doneAt: doneAt, series: value("series"))
        try check(task)
        guard undated else { return .task(task) }
        guard status == .open, task.series == nil else {
            throw fail("there is no date (YYYY-MM-DD); only an open task with none goes to the inbox")
        }
        return .inbox(InboxTask(unplanning: task))
    }

    private func check(_ task: PlannerTask) throws(ImportError) {
        do { try ImportValidation.check(task) } catch { throw error.at(line: line) }
    }

    /// A task or a series.
    enum Either {
        case task(PlannerTask)
        case series(RepeatSeries)
        /// A task with no day yet.
        case inbox(InboxTask)
    }

    /// The task fields a record with these field names holds.
    static func taskFields(_ names: Set<String>) -> Set<PlannerTask.Field> {
        var fields: Set<PlannerTask.Field> = [.title]
        let map: [String: [PlannerTask.Field]] = [
            "date": [.date], "slot": [.slot], "time": [.time, .slot], "status": [.status], "tags": [.tags],
            "category": [.category], "notes": [.notes], "favorite": [.favorite], "color": [.color],
            "remind": [.remind], "done_at": [.doneAt], "carried": [.carried], "planned": [.planned], "to": [.to],
            "due": [.due], "estimate": [.estimate],
        ]
        for name in names { fields.formUnion(map[name] ?? []) }
        return fields
    }
}
