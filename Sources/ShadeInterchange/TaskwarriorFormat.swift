import ShadeCore
import ShadeJSON

/// Taskwarrior's JSON, as `task export` prints it (a JSON array, or one object a line) and as
/// `task import` reads it.
///
/// - uuid → uid (a uid that is not a canonical UUID is written under a derived uuid, with the
///   uid kept in `shadeuid`); description → title; status pending, waiting → open, completed →
///   done (`end` → when), deleted → cancelled; entry → created; tags → tags; project →
///   category; annotations → notes, one a line; priority H ↔ starred; who a task is given to
///   is the `shadeto` attribute (a UDA).
/// - due (else scheduled) → day, slot and time in the local zone: a due at 00:00 is a day with no
///   time, filed in the morning; at 23:59 (`eod`), the evening. Written, a task is due at its
///   time, else when its slot starts, and `shadeslot`/`shadetime` keep the slot and time exactly.
///   A task with neither due nor scheduled is filed on the day it was entered (SPEC §10), but one
///   of shade's inbox tasks (`shadeinbox: yes`, its own UDA) goes back to the inbox.
/// - recur → repeat where it maps (daily, N days, weekdays, weekly, biweekly, N weeks, monthly,
///   N months, quarterly, yearly):
///   the `recurring` parent is the series, its children its occurrences (a child that is still
///   pending and unchanged is the occurrence the series shows; one done, deleted or changed is a
///   record of its own), never tasks of their own.
///
/// What does not map, and is said: wait dates, annotations' own times, other recurrences
/// (`2h`, `semiannual`: their children come as tasks of their own), and shade's every-week-on-
/// several-days, nth-weekday and month-end rules, colours, reminders and goals on the way out.
enum TaskwarriorFormat {
    /// A Taskwarrior recurrence as a shade rule, when one says the same.
    static func rule(_ recur: String?) -> RepeatRule? {
        guard let recur = recur?.lowercased() else { return nil }
        switch recur {
        case "daily", "day", "1d", "1day", "1days": return .daily
        case "weekdays": return .weekdays
        case "weekly", "week", "1w", "1wk", "1wks", "1week", "1weeks", "7d", "7days": return .weekly(interval: 1)
        case "biweekly", "fortnight", "2w", "2wk", "2wks", "2week", "2weeks", "14d", "14days":
            return .weekly(interval: 2)
        case "monthly", "month", "1m", "1mo", "1mos", "1month", "1months": return .monthly
        case "yearly", "annual", "year", "1y", "1yr", "1yrs", "1year", "1years", "12mo", "12months": return .yearly
        default:
            for suffix in ["weeks", "week", "wks", "wk", "w"] where recur.hasSuffix(suffix) {
                if let count = Int(recur.dropLast(suffix.count)), (1...RepeatRule.maximumWeekInterval).contains(count) {
                    return .weekly(interval: count)
                }
            }
            for suffix in ["days", "day", "d"] where recur.hasSuffix(suffix) {
                if let count = Int(recur.dropLast(suffix.count)), (2...RepeatRule.maximumDayInterval).contains(count) {
                    return .everyDays(interval: count)
                }
            }
            for suffix in ["months", "month", "mos", "mo"] where recur.hasSuffix(suffix) {
                if let count = Int(recur.dropLast(suffix.count)), (2...RepeatRule.maximumMonthInterval).contains(count)
                {
                    return .everyMonths(interval: count)
                }
            }
            if recur == "quarterly" { return .everyMonths(interval: 3) }
            return nil
        }
    }

    /// The shade rule as a Taskwarrior recurrence, when it has one.
    static func recur(_ rule: RepeatRule) -> String? {
        switch rule {
        case .daily: "daily"
        case .weekdays: "weekdays"
        case .weekly(let interval): interval == 1 ? "weekly" : interval == 2 ? "biweekly" : "\(interval)weeks"
        case .onWeekdays(let days):
            days == Set(Weekday.allCases.filter { $0.rawValue <= 5 }) ? "weekdays" : nil
        case .weekends: nil
        case .monthly: "monthly"
        case .yearly: "yearly"
        case .everyDays(let interval): "\(interval)days"
        case .everyMonths(let interval): "\(interval)months"
        case .nthWeekday, .monthEnd, .daysAfterDone, .weeksAfterDone: nil
        }
    }

    /// One object of the file, read.
    struct Record {
        let uuid: String
        let uid: String
        let status: String
        let title: String
        let placement: (date: CivilDate, slot: Slot, time: TimeOfDay?)
        let tags: [String]
        let category: String?
        let notes: String?
        let favorite: Bool
        let to: String?
        let created: String
        let modified: String
        let end: String?
        let until: Int?
        let recur: String?
        let parent: String?
        let waiting: Bool
        let annotated: Bool
        /// Whether it is one of shade's inbox tasks (`shadeinbox`, with neither due nor scheduled).
        let undated: Bool

        init(_ object: JSONObject, line: Int, context: InterchangeContext) throws(ImportError) {
            func fail(_ reason: String) -> ImportError { ImportError(line: line, reason) }
            func string(_ key: String) throws(ImportError) -> String? {
                guard let value = object[key], !value.isNull else { return nil }
                guard let text = value.stringValue else {
                    throw fail("\(key) is \(value.kindDescription), not a string")
                }
                return text
            }
            func instant(_ key: String) throws(ImportError) -> Int? {
                guard let text = try string(key) else { return nil }
                guard let instant = Timestamps.instant(compactUTC: text) ?? Timestamps.instant(of: text) else {
                    throw fail("\(key) '\(text)' is not a date (20261201T083000Z)")
                }
                return instant
            }
            guard let uuid = try string("uuid"), !uuid.isEmpty else { throw fail("the task has no uuid") }
            self.uuid = uuid.lowercased()
            uid = try string("shadeuid") ?? self.uuid
            guard let description = try string("description") else { throw fail("the task has no description") }
            title = ImportValidation.title(description)
            let statusText = try string("status") ?? "pending"
            guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(statusText) else {
                throw fail(
                    "'\(statusText)' is not a Taskwarrior status (pending, waiting, completed, deleted, recurring)")
            }
            status = statusText
            let entry = try instant("entry")
            created = entry.map(Timestamps.timestamp) ?? context.now.timestamp
            modified = try instant("modified").map(Timestamps.timestamp) ?? created
            end = try instant("end").map(Timestamps.timestamp)
            until = try instant("until")
            let wait = try instant("wait")
            waiting = statusText == "waiting" || wait != nil
            recur = try string("recur")
            parent = try string("parent")?.lowercased()
            // Day, slot and time.
            var shadeSlot: Slot?
            if let text = try string("shadeslot") {
                guard let slot = Slot(name: text) else { throw fail("shadeslot '\(text)' is not a slot") }
                shadeSlot = slot
            }
            let due = try instant("due")
            let scheduled = try instant("scheduled")
            let when = due ?? scheduled
            let inboxMark = try string("shadeinbox")
            undated = when == nil && shadeSlot == nil && inboxMark == "yes"
            let local = LocalZone.local(when ?? entry ?? Timestamps.instant(of: context.now.timestamp) ?? 0)
            if let shadeSlot {
                var time: TimeOfDay?
                if let text = try string("shadetime") {
                    guard let parsed = TimeOfDay(parsing: text) else { throw fail("shadetime '\(text)' is not HH:MM") }
                    time = parsed
                }
                placement = (local.date, shadeSlot, time)
            } else if when == nil {
                placement = (local.date, context.schedule.on(local.date).slot(containing: local.time), nil)
            } else if local.time == .midnight, local.second == 0 {
                placement = (local.date, .morning, nil)
            } else if local.time.minutes == 23 * 60 + 59 {
                placement = (local.date, .evening, nil)
            } else {
                placement = (local.date, context.schedule.on(local.date).slot(containing: local.time), local.time)
            }
            // Tags, project, annotations, priority.
            var tags: [String] = []
            if let value = object["tags"], !value.isNull {
                guard let list = value.arrayValue else { throw fail("tags is \(value.kindDescription), not a list") }
                for tag in list {
                    guard let text = tag.stringValue else {
                        throw fail("a tag is \(tag.kindDescription), not a string")
                    }
                    if let tag = ImportValidation.tag(text), !tags.contains(tag) { tags.append(tag) }
                }
            }
            self.tags = tags
            category = try string("project").flatMap(ImportValidation.category)
            var lines: [String] = []
            if let value = object["annotations"], !value.isNull {
                guard let list = value.arrayValue else {
                    throw fail("annotations is \(value.kindDescription), not a list")
                }
                for annotation in list {
                    guard let text = annotation.objectValue?["description"]?.stringValue else {
                        throw fail("an annotation has no description")
                    }
                    lines.append(text)
                }
            }
            annotated = !lines.isEmpty
            notes = lines.isEmpty ? nil : lines.joined(separator: "\n")
            favorite = try string("priority")?.uppercased() == "H"
            let to = try string("shadeto")
            if let to, (try? TaskText.validateParticipant(to)) != to {
                throw fail("shadeto '\(to)' is not a name (one word of letters, digits, -, _, . or @)")
            }
            self.to = to
            let task = self.task
            do { try ImportValidation.check(task) } catch { throw error.at(line: line) }
        }

        var task: PlannerTask {
            let taskStatus: TaskStatus =
                switch status {
                case "completed": .done
                case "deleted": .cancelled
                default: .open
                }
            return PlannerTask(
                id: 0, uid: uid, title: title, notes: notes, date: placement.date, slot: placement.slot,
                time: placement.time, status: taskStatus, tags: tags, category: category, favorite: favorite, to: to,
                created: created, modified: modified, doneAt: taskStatus == .done ? end ?? modified : nil)
        }
    }
}
