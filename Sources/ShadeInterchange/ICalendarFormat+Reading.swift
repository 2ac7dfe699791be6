import ShadeCalendar
import ShadeCore

/// Reading an iCalendar file: its VTODOs (and VEVENTs) become tasks and repeat series.
extension ICalendarFormat {
    static func read(_ bytes: [UInt8], context: InterchangeContext) throws(ImportError) -> PlannerBundle {
        let text = try InterchangeText.decode(bytes)
        let calendar: CalendarComponent
        do { calendar = try ICalendar.parse(text) } catch {
            throw ImportError(line: error.line, "not iCalendar: \(error.reason)")
        }
        var bundle = PlannerBundle(
            taskFields: [
                .date, .slot, .time, .title, .status, .tags, .category, .notes, .favorite, .color, .remind, .to,
                .due, .estimate, .doneAt,
            ])
        let items = calendar.components.filter { $0.kind == "VTODO" || $0.kind == "VEVENT" }
        var series: [String: RepeatSeries] = [:]
        var unmapped = 0
        // Masters first: an occurrence (RECURRENCE-ID) needs its series.
        for item in items where item.property("RECURRENCE-ID") == nil {
            // An open item with no day (neither DTSTART nor DUE, nor a rule) is an inbox task, unless
            // the reader is told a day for such items (a CalDAV sync).
            if context.undatedDay == nil, item.property("DTSTART") == nil, item.property("DUE") == nil,
                item.property("RRULE") == nil
            {
                var today = context
                today.undatedDay = context.now.date
                var task = try self.task(item, context: today)
                // With no UID, one made from what it is, not from the day it was read on: the same
                // item imported again is the same task.
                if item.property("UID") == nil {
                    task = task.withUID(UIDGenerator.derived(from: "ics\n\(task.title)\nno day"))
                }
                guard task.status == .open else {
                    throw ImportError(
                        line: item.line, "the \(item.kind) “\(task.title)” has no DTSTART or DUE, and it is not open")
                }
                bundle.records.append(AnyKeyedRecord(InboxTask(unplanning: task)))
                continue
            }
            var task = try self.task(item, context: context)
            if let words = item.property("X-SHADE-REPEAT")?.text {
                // shade's own repeat (one RFC 5545 has no RRULE for): every:RULE [until:DATE] [count:N].
                guard let (rule, until, count) = shadeRepeat(words) else {
                    throw ImportError(
                        line: item.line, "X-SHADE-REPEAT '\(words)' is not every:RULE [until:DATE] [count:N]")
                }
                let made = RepeatSeries(
                    uid: seriesUID(task.uid), base: RepeatSeries.OccurrenceFields(task), rule: rule, anchor: task.date,
                    until: until.map { max($0, task.date) }, count: count, created: task.created,
                    modified: task.modified)
                guard made.firstDate != nil else {
                    throw ImportError(
                        line: item.line, "X-SHADE-REPEAT '\(words)' never reaches a day from \(task.date)")
                }
                series[made.uid] = made
                bundle.records.append(AnyKeyedRecord(made))
            } else if let rule = item.property("RRULE") {
                guard case .recurrence(let text) = rule.value,
                    let (repeatRule, until, count) = self.rule(text, start: task)
                else {
                    unmapped += 1
                    bundle.tasks.append(task)
                    continue
                }
                // A series uid holds no `@` (its occurrences' uids are `SERIES@DATE`): a calendar's
                // `name@host` UID is kept as a uid made from it, the same at every import.
                var skipped: [CivilDate] = []
                for property in item.properties(named: "EXDATE") {
                    skipped.append(try day(property.value, line: item.line, of: "EXDATE"))
                }
                let made = RepeatSeries(
                    uid: seriesUID(task.uid),
                    base: RepeatSeries.OccurrenceFields(task), rule: repeatRule, anchor: task.date,
                    until: until.map { max($0, task.date) }, count: count, exceptions: Array(Set(skipped)),
                    created: task.created,
                    modified: task.modified)
                series[made.uid] = made
                bundle.records.append(AnyKeyedRecord(made))
            } else {
                // A later occurrence of an after-completion series (of this file) names it; no
                // other task is made a series' occurrence so.
                if let owner = item.property("X-SHADE-SERIES")?.text, series[owner]?.rule.daysAfterDone != nil,
                    RepeatSeries.occurrence(of: task.uid) == nil
                {
                    task.series = owner
                }
                bundle.tasks.append(task)
            }
        }
        for item in items {
            guard let recurrence = item.property("RECURRENCE-ID") else { continue }
            var task = try self.task(item, context: context)
            guard let owner = series[seriesUID(task.uid)] else {
                throw ImportError(
                    line: item.line, "a RECURRENCE-ID for \(task.uid), which has no repeating \(item.kind) here")
            }
            let date = try day(recurrence.value, line: item.line, of: "RECURRENCE-ID")
            // The task made to repeat, under its own uid (one no other occurrence or successor has).
            var uid = owner.occurrenceUID(on: date)
            if let own = item.property("X-SHADE-UID")?.text, !own.isEmpty, RepeatSeries.occurrence(of: own) == nil,
                !own.hasPrefix(owner.uid + "#")
            {
                uid = own
            }
            task = PlannerTask(
                id: 0, uid: uid, title: task.title, notes: task.notes, date: task.date,
                slot: task.slot, time: task.time, status: task.status, tags: task.tags, category: task.category,
                color: task.color, favorite: task.favorite, remind: task.remind, to: task.to, due: task.due,
                estimate: task.estimate, created: task.created, modified: task.modified, doneAt: task.doneAt,
                series: owner.uid)
            bundle.tasks.append(task)
        }
        if unmapped > 0 {
            bundle.notes.append(
                "\(unmapped) repeating item\(unmapped == 1 ? "" : "s") with a rule shade has none for (COUNT, BYMONTHDAY, …) came as one task each"
            )
        }
        return bundle
    }

    /// One VTODO or VEVENT as a task.
    private static func task(_ item: CalendarComponent, context: InterchangeContext) throws(ImportError) -> PlannerTask
    {
        func fail(_ reason: String) -> ImportError { ImportError(line: item.line, reason) }
        guard let summary = item.property("SUMMARY")?.text else { throw fail("the \(item.kind) has no SUMMARY") }
        let title = ImportValidation.title(summary)
        let start = item.property("DTSTART") ?? item.property("DUE")
        guard
            let startValue = start?.value
                ?? context.undatedDay.map({ CalendarValue.date(year: $0.year, month: $0.month, day: $0.day) })
        else {
            throw fail("the \(item.kind) “\(title)” has no DTSTART or DUE")
        }
        let uid =
            item.property("UID")?.text
            ?? UIDGenerator.derived(from: "ics\n\(summary)\n\(startValue)")
        let date: CivilDate
        var time: TimeOfDay?
        switch startValue {
        case .date(let year, let month, let day):
            guard let parsed = CivilDate(year: year, month: month, day: day) else { throw fail("DTSTART is no date") }
            date = parsed
        case .dateTime(let value):
            let local = value.localTime ?? value.wallClock
            guard let parsed = CivilDate(year: local.year, month: local.month, day: local.day),
                let clock = TimeOfDay(hour: local.hour, minute: local.minute)
            else { throw fail("DTSTART is no date and time") }
            date = parsed
            time = clock
        default: throw fail("DTSTART is no date")
        }
        var slot = time.map(context.schedule.on(date).slot(containing:)) ?? .morning
        if let text = item.property("X-SHADE-SLOT")?.text {
            guard let named = Slot(name: text) else { throw fail("X-SHADE-SLOT '\(text)' is not a slot") }
            slot = named
        }
        let status: TaskStatus
        switch item.property("STATUS")?.text?.uppercased() {
        case "COMPLETED": status = .done
        case "CANCELLED": status = .cancelled
        default: status = .open
        }
        var doneAt: String?
        if status == .done {
            doneAt = instant(item.property("COMPLETED")).map(Timestamps.timestamp) ?? context.now.timestamp
        }
        var labels: [String] = []
        for property in item.properties(named: "CATEGORIES") {
            switch property.value {
            case .texts(let list): labels += list
            case .text(let text): labels.append(text)
            default: break
            }
        }
        let categoryName = item.property("X-SHADE-CATEGORY")?.text
        let category = categoryName.flatMap(ImportValidation.category)
        var tags: [String] = []
        for label in labels where label != categoryName {
            if let tag = ImportValidation.tag(label), !tags.contains(tag) { tags.append(tag) }
        }
        var color: TaskColor?
        if let text = item.property("X-SHADE-COLOR")?.text {
            do throws(InputError) { color = try TaskColor.parse(text) } catch { throw fail(error.message.text) }
        }
        let to = item.property("X-SHADE-TO")?.text
        if let to, (try? TaskText.validateParticipant(to)) != to {
            throw fail("X-SHADE-TO '\(to)' is not a name (one word of letters, digits, -, _, . or @)")
        }
        var favorite = false
        if let property = item.property("PRIORITY"), case .other(let text) = property.value, let priority = Int(text) {
            favorite = (1...4).contains(priority)
        }
        var remind: Reminders?
        if let text = item.property("X-SHADE-REMIND")?.text {
            guard let parsed = Reminders(parsing: text) else {
                throw fail("X-SHADE-REMIND '\(text)' is not a reminder")
            }
            remind = parsed
        } else {
            // A phone's alarms: each relative one that goes off before the task (up to five).
            let leads = item.components(ofKind: "VALARM").compactMap { alarm -> Reminder? in
                guard case .duration(let seconds)? = alarm.property("TRIGGER")?.value, seconds <= 0,
                    -seconds / 60 <= Reminder.longestLead
                else { return nil }
                return .before(minutes: -seconds / 60)
            }
            remind = Reminders(Array(leads.prefix(Reminders.most)))
        }
        var due: CivilDate?
        if let text = item.property("X-SHADE-DUE")?.text {
            guard let date = CivilDate(iso: text) else { throw fail("X-SHADE-DUE '\(text)' is not YYYY-MM-DD") }
            due = date
        }
        var estimate: Int?
        if let text = item.property("X-SHADE-ESTIMATE")?.text {
            guard let minutes = Int(text), (1...PlannerTask.longestEstimate).contains(minutes) else {
                throw fail("X-SHADE-ESTIMATE '\(text)' is not minutes (1 to \(PlannerTask.longestEstimate))")
            }
            estimate = minutes
        }
        let created = instant(item.property("CREATED")).map(Timestamps.timestamp) ?? context.now.timestamp
        let modified = instant(item.property("LAST-MODIFIED")).map(Timestamps.timestamp) ?? created
        let notes = item.property("DESCRIPTION")?.text
        let task = PlannerTask(
            id: 0, uid: uid, title: title, notes: notes, date: date, slot: slot, time: time, status: status, tags: tags,
            category: category, color: color, favorite: favorite, remind: remind, to: to, due: due, estimate: estimate,
            created: created, modified: modified, doneAt: doneAt)
        do { try ImportValidation.check(task) } catch { throw error.at(line: item.line) }
        return task
    }

    /// The uid of the series a repeating item's UID gives: the UID itself, or one made from it
    /// when it cannot be a series' uid (a calendar's `name@host`).
    static func seriesUID(_ uid: String) -> String {
        RepeatSeries.isValidUID(uid) ? uid : UIDGenerator.derived(from: "ics\n" + uid)
    }

    /// The local day a RECURRENCE-ID or an EXDATE names.
    private static func day(_ value: CalendarValue, line: Int, of name: String) throws(ImportError) -> CivilDate {
        switch value {
        case .date(let year, let month, let day):
            if let date = CivilDate(year: year, month: month, day: day) { return date }
        case .dateTime(let time):
            let local = time.localTime ?? time.wallClock
            if let date = CivilDate(year: local.year, month: local.month, day: local.day) { return date }
        default: break
        }
        throw ImportError(line: line, "\(name) is no date")
    }

    /// The instant of a UTC (or converted) date-time property.
    private static func instant(_ property: CalendarProperty?) -> Int? {
        guard case .dateTime(let time)? = property?.value else { return nil }
        if time.zone == .utc, let date = CivilDate(year: time.year, month: time.month, day: time.day) {
            return LocalZone.instant(utc: date, hour: time.hour, minute: time.minute, second: time.second)
        }
        let local = time.localTime ?? time.wallClock
        guard let date = CivilDate(year: local.year, month: local.month, day: local.day),
            let clock = TimeOfDay(hour: local.hour, minute: local.minute)
        else { return nil }
        return LocalZone.instant(date: date, time: clock, second: local.second)
    }

    /// An RRULE as a shade rule and its last day, when one says the same.
    /// `every:+14d until:2027-06-30 count:5`: X-SHADE-REPEAT's words.
    static func shadeRepeat(_ text: String) -> (RepeatRule, CivilDate?, Int?)? {
        var rule: RepeatRule?
        var until: CivilDate?
        var count: Int?
        for word in text.split(separator: " ") {
            if word.hasPrefix("every:") {
                rule = RepeatRule(parsing: String(word.dropFirst(6)))
            } else if word.hasPrefix("until:") {
                guard let date = CivilDate(iso: word.dropFirst(6)) else { return nil }
                until = date
            } else if word.hasPrefix("count:") {
                guard let number = Int(word.dropFirst(6)), (1...RepeatSeries.largestCount).contains(number) else {
                    return nil
                }
                count = number
            } else {
                return nil
            }
        }
        return rule.map { ($0, until, count) }
    }

    static func rule(_ text: String, start: PlannerTask) -> (RepeatRule, CivilDate?, Int?)? {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            parts[pair[0].uppercased()] = pair[1].uppercased()
        }
        let interval = Int(parts.removeValue(forKey: "INTERVAL") ?? "1") ?? 0
        var until: CivilDate?
        if let text = parts.removeValue(forKey: "UNTIL") {
            if let instant = Timestamps.instant(compactUTC: text) {
                until = LocalZone.local(instant).date
            } else if text.count == 8, let year = Int(text.prefix(4)), let month = Int(text.dropFirst(4).prefix(2)),
                let day = Int(text.suffix(2))
            {
                until = CivilDate(year: year, month: month, day: day)
            } else {
                return nil
            }
        }
        var count: Int?
        if let text = parts.removeValue(forKey: "COUNT") {
            guard let number = Int(text), (1...RepeatSeries.largestCount).contains(number), until == nil else {
                return nil
            }
            count = number
        }
        parts.removeValue(forKey: "WKST")
        let byDay = parts.removeValue(forKey: "BYDAY")
        let byMonthDay = parts.removeValue(forKey: "BYMONTHDAY")
        guard let frequency = parts.removeValue(forKey: "FREQ"), parts.isEmpty, interval >= 1 else { return nil }
        if let byMonthDay {
            // The last day of every month, and no other BYMONTHDAY.
            guard frequency == "MONTHLY", byMonthDay == "-1", byDay == nil, interval == 1 else { return nil }
            return (.monthEnd, until, count)
        }
        if frequency == "MONTHLY", interval == 1, let byDay, byDay.count > 2,
            let day = Weekday.allCases.first(where: { $0.shortName.prefix(2).uppercased() == byDay.suffix(2) }),
            let ordinal = Int(byDay.dropLast(2)), [1, 2, 3, 4, -1].contains(ordinal)
        {
            return (.nthWeekday(ordinal: ordinal, day), until, count)
        }
        switch (frequency, byDay) {
        case ("DAILY", nil) where interval == 1: return (.daily, until, count)
        case ("DAILY", nil) where interval <= RepeatRule.maximumDayInterval:
            return (.everyDays(interval: interval), until, count)
        case ("MONTHLY", nil) where (2...RepeatRule.maximumMonthInterval).contains(interval):
            return (.everyMonths(interval: interval), until, count)
        case ("WEEKLY", nil) where interval <= RepeatRule.maximumWeekInterval:
            return (.weekly(interval: interval), until, count)
        case ("WEEKLY", let list?) where interval == 1:
            var days: Set<Weekday> = []
            for code in list.split(separator: ",") {
                guard let day = Weekday.allCases.first(where: { $0.shortName.prefix(2).uppercased() == code }) else {
                    return nil
                }
                days.insert(day)
            }
            if days == Set(Weekday.allCases.filter { $0.rawValue <= 5 }) { return (.weekdays, until, count) }
            if days == [.saturday, .sunday] { return (.weekends, until, count) }
            return (.onWeekdays(days), until, count)
        case ("MONTHLY", nil) where interval == 1: return (.monthly, until, count)
        case ("YEARLY", nil) where interval == 1: return (.yearly, until, count)
        default: return nil
        }
    }
}
