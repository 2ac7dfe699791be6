import ShadeCalendar
import ShadeCore

/// iCalendar (RFC 5545), read and written through libical (`ShadeCalendar`).
///
/// Written: a VTODO per task — UID, SUMMARY, DTSTART (a date, or the task's time in UTC) and DUE
/// (the next day, or the end of its slot), STATUS (NEEDS-ACTION, COMPLETED with its time,
/// CANCELLED), CATEGORIES (its tags and its category, which `X-SHADE-CATEGORY` names),
/// DESCRIPTION (notes), PRIORITY 1 when starred, `X-SHADE-SLOT`, `X-SHADE-COLOR`, `X-SHADE-TO`
/// (whom it is given to), and a VALARM
/// for a reminder (`X-SHADE-REMIND` keeps shade's words). A repeating task is one VTODO with
/// its series uid and an RRULE; an occurrence with a status of its own is a VTODO with the same
/// UID and a RECURRENCE-ID.
///
/// Read: VTODOs and VEVENTs (from other calendars too): the day and time of DTSTART (else DUE)
/// in the local zone, TZID honoured (libical converts), filed in `X-SHADE-SLOT` or the slot the
/// time falls in (a date alone: the morning); CATEGORIES become tags; an RRULE that says what a
/// shade rule says becomes a repeating task.
///
/// What it does not hold: goals, carry history, a repeating task's skipped days and later
/// revisions; RRULEs with COUNT, BYMONTHDAY and the like (such an event comes as one task).
enum ICalendarFormat {
    static let productID = "-//shade//shade planner//EN"

    // MARK: Writing

    static func write(_ bundle: PlannerBundle, context: InterchangeContext) throws -> InterchangeOutput {
        var components: [CalendarComponent] = []
        let stamp = utc(Timestamps.instant(of: context.now.timestamp) ?? 0)
        for series in bundle.series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
            var todo = vtodo(series.occurrence(on: series.anchor), uid: series.uid, stamp: stamp, context: context)
            todo.properties.append(CalendarProperty("RRULE", .recurrence(rrule(series, context: context))))
            components.append(todo)
        }
        let seriesByUID = Dictionary(bundle.series.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        for task in PlannerTask.sortedInTimelineOrder(bundle.tasks) {
            if let uid = task.series, let series = seriesByUID[uid] {
                var todo = vtodo(task, uid: uid, stamp: stamp, context: context)
                let start = series.fields(on: task.date).time
                todo.properties.append(
                    CalendarProperty("RECURRENCE-ID", moment(task.date, time: start)))
                components.append(todo)
            } else {
                components.append(vtodo(task, uid: task.uid, stamp: stamp, context: context))
            }
        }
        var notes: [String] = []
        let text: String
        do {
            text = try ICalendar.serialize(.calendar(productID: productID, components: components))
        } catch {
            // One item libical cannot write (a hand-edited store can hold what no command makes)
            // costs that item, named, and not the whole export.
            var written: [CalendarComponent] = []
            for component in components {
                do {
                    _ = try ICalendar.serialize(.calendar(productID: productID, components: [component]))
                    written.append(component)
                } catch {
                    let title = component.property("SUMMARY")?.text ?? ""
                    let uid = component.property("UID")?.text ?? ""
                    notes.append("“\(title)” (\(uid)) was left out: \(error.reason)")
                }
            }
            text = try ICalendar.serialize(.calendar(productID: productID, components: written))
        }
        let goals = bundle.tasks.filter { $0.goal != nil }.count
        if goals > 0 { notes.append("iCalendar holds no goals (\(tasks(goals)) counted towards one)") }
        return InterchangeOutput(text: text, notes: notes)
    }

    private static func vtodo(_ task: PlannerTask, uid: String, stamp: CalendarValue, context: InterchangeContext)
        -> CalendarComponent
    {
        var properties = [
            CalendarProperty("UID", .text(uid)), CalendarProperty("DTSTAMP", stamp),
            CalendarProperty("SUMMARY", .text(task.title)),
        ]
        if let created = Timestamps.instant(of: task.created) {
            properties.append(CalendarProperty("CREATED", utc(created)))
        }
        if let modified = Timestamps.instant(of: task.modified) {
            properties.append(CalendarProperty("LAST-MODIFIED", utc(modified)))
        }
        properties.append(CalendarProperty("DTSTART", moment(task.date, time: task.time)))
        if let time = task.time {
            let end = max(context.schedule.end(of: task.slot).minutes, time.minutes + 1)
            let due = LocalZone.instant(date: task.date, time: .midnight) + end * 60
            properties.append(CalendarProperty("DUE", utc(due)))
        } else {
            let next = task.date.adding(days: 1)
            properties.append(CalendarProperty("DUE", .date(year: next.year, month: next.month, day: next.day)))
        }
        switch task.status {
        case .open: properties.append(CalendarProperty("STATUS", .text("NEEDS-ACTION")))
        case .done:
            properties.append(CalendarProperty("STATUS", .text("COMPLETED")))
            if let done = task.doneAt.flatMap(Timestamps.instant(of:)) {
                properties.append(CalendarProperty("COMPLETED", utc(done)))
            }
        case .cancelled: properties.append(CalendarProperty("STATUS", .text("CANCELLED")))
        }
        let categories = task.tags + (task.category.map { [$0] } ?? [])
        if !categories.isEmpty { properties.append(CalendarProperty("CATEGORIES", .texts(categories))) }
        if let category = task.category { properties.append(CalendarProperty("X-SHADE-CATEGORY", .text(category))) }
        if let notes = task.notes { properties.append(CalendarProperty("DESCRIPTION", .text(notes))) }
        if task.favorite { properties.append(CalendarProperty("PRIORITY", .other("1"))) }
        properties.append(CalendarProperty("X-SHADE-SLOT", .text(task.slot.rawValue)))
        if let color = task.color { properties.append(CalendarProperty("X-SHADE-COLOR", .text(color.rawValue))) }
        if let to = task.to { properties.append(CalendarProperty("X-SHADE-TO", .text(to))) }
        var alarms: [CalendarComponent] = []
        if let remind = task.remind {
            properties.append(CalendarProperty("X-SHADE-REMIND", .text(remind.description)))
            let trigger: CalendarProperty
            switch remind {
            case .before(let minutes) where task.time != nil:
                trigger = CalendarProperty("TRIGGER", .duration(seconds: -minutes * 60))
            default:
                let moment = remind.moment(
                    date: task.date, slot: task.slot, time: task.time, schedule: context.schedule)
                trigger = CalendarProperty(
                    "TRIGGER", utc(LocalZone.instant(date: moment.date, time: moment.time)),
                    parameters: ["VALUE": "DATE-TIME"])
            }
            alarms.append(
                CalendarComponent(
                    kind: "VALARM",
                    properties: [
                        CalendarProperty("ACTION", .text("DISPLAY")),
                        CalendarProperty("DESCRIPTION", .text(task.title)),
                        trigger,
                    ]))
        }
        return CalendarComponent(kind: "VTODO", properties: properties, components: alarms)
    }

    /// A day, or a day and time (in UTC).
    private static func moment(_ date: CivilDate, time: TimeOfDay?) -> CalendarValue {
        guard let time else { return .date(year: date.year, month: date.month, day: date.day) }
        return utc(LocalZone.instant(date: date, time: time))
    }

    private static func utc(_ instant: Int) -> CalendarValue {
        let parts = LocalZone.utc(instant)
        return .dateTime(
            CalendarDateTime(
                year: parts.date.year, month: parts.date.month, day: parts.date.day, hour: parts.hour,
                minute: parts.minute, second: parts.second, zone: .utc))
    }

    /// The series' rule as an RRULE.
    static func rrule(_ series: RepeatSeries, context: InterchangeContext) -> String {
        func days(_ list: [Weekday]) -> String {
            list.map { String($0.shortName.prefix(2)).uppercased() }.joined(separator: ",")
        }
        var parts: [String]
        switch series.rule {
        case .daily: parts = ["FREQ=DAILY"]
        case .weekdays: parts = ["FREQ=WEEKLY", "BYDAY=" + days(Weekday.allCases.filter { $0.rawValue <= 5 })]
        case .weekends: parts = ["FREQ=WEEKLY", "BYDAY=SA,SU"]
        case .weekly(let interval): parts = ["FREQ=WEEKLY"] + (interval > 1 ? ["INTERVAL=\(interval)"] : [])
        case .onWeekdays(let set): parts = ["FREQ=WEEKLY", "BYDAY=" + days(set.sorted { $0.rawValue < $1.rawValue })]
        case .monthly: parts = ["FREQ=MONTHLY"]
        case .yearly: parts = ["FREQ=YEARLY"]
        }
        if let until = series.until {
            if let time = series.base.time {
                let last = Timestamps.compactUTC(LocalZone.instant(date: until, time: time))
                parts.append("UNTIL=" + last)
            } else {
                parts.append("UNTIL=" + until.description.split(separator: "-").joined())
            }
        }
        return parts.joined(separator: ";")
    }

    // MARK: Reading

    static func read(_ bytes: [UInt8], context: InterchangeContext) throws(ImportError) -> PlannerBundle {
        let text = try InterchangeText.decode(bytes)
        let calendar: CalendarComponent
        do { calendar = try ICalendar.parse(text) } catch {
            throw ImportError(line: error.line, "not iCalendar: \(error.reason)")
        }
        var bundle = PlannerBundle(
            taskFields: [
                .date, .slot, .time, .title, .status, .tags, .category, .notes, .favorite, .color, .remind, .to,
                .doneAt,
            ])
        let items = calendar.components.filter { $0.kind == "VTODO" || $0.kind == "VEVENT" }
        var series: [String: RepeatSeries] = [:]
        var unmapped = 0
        // Masters first: an occurrence (RECURRENCE-ID) needs its series.
        for item in items where item.property("RECURRENCE-ID") == nil {
            let task = try self.task(item, context: context)
            if let rule = item.property("RRULE") {
                guard case .recurrence(let text) = rule.value, let (repeatRule, until) = self.rule(text, start: task)
                else {
                    unmapped += 1
                    bundle.tasks.append(task)
                    continue
                }
                // A series uid holds no `@` (its occurrences' uids are `SERIES@DATE`): a calendar's
                // `name@host` UID is kept as a uid made from it, the same at every import.
                let made = RepeatSeries(
                    uid: seriesUID(task.uid),
                    base: RepeatSeries.OccurrenceFields(task), rule: repeatRule, anchor: task.date,
                    until: until.map { max($0, task.date) }, created: task.created)
                series[made.uid] = made
                bundle.records.append(AnyKeyedRecord(made))
            } else {
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
            let date = try day(recurrence.value, line: item.line)
            task = PlannerTask(
                id: 0, uid: owner.occurrenceUID(on: date), title: task.title, notes: task.notes, date: task.date,
                slot: task.slot, time: task.time, status: task.status, tags: task.tags, category: task.category,
                color: task.color, favorite: task.favorite, remind: task.remind, created: task.created,
                modified: task.modified, doneAt: task.doneAt, series: owner.uid)
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
        guard let start = item.property("DTSTART") ?? item.property("DUE") else {
            throw fail("the \(item.kind) “\(title)” has no DTSTART or DUE")
        }
        let uid =
            item.property("UID")?.text
            ?? UIDGenerator.derived(from: "ics\n\(summary)\n\(start.value)")
        let date: CivilDate
        var time: TimeOfDay?
        switch start.value {
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
        var slot = time.map(context.schedule.slot(containing:)) ?? .morning
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
        var remind: Reminder?
        if let text = item.property("X-SHADE-REMIND")?.text {
            guard let parsed = Reminder(parsing: text) else { throw fail("X-SHADE-REMIND '\(text)' is not a reminder") }
            remind = parsed
        } else if let alarm = item.components(ofKind: "VALARM").first,
            case .duration(let seconds)? = alarm.property("TRIGGER")?.value, seconds <= 0,
            -seconds / 60 <= Reminder.longestLead
        {
            remind = .before(minutes: -seconds / 60)
        }
        let created = instant(item.property("CREATED")).map(Timestamps.timestamp) ?? context.now.timestamp
        let modified = instant(item.property("LAST-MODIFIED")).map(Timestamps.timestamp) ?? created
        let notes = item.property("DESCRIPTION")?.text
        let task = PlannerTask(
            id: 0, uid: uid, title: title, notes: notes, date: date, slot: slot, time: time, status: status, tags: tags,
            category: category, color: color, favorite: favorite, remind: remind, to: to, created: created,
            modified: modified, doneAt: doneAt)
        do { try ImportValidation.check(task) } catch { throw error.at(line: item.line) }
        return task
    }

    /// The uid of the series a repeating item's UID gives: the UID itself, or one made from it
    /// when it cannot be a series' uid (a calendar's `name@host`).
    static func seriesUID(_ uid: String) -> String {
        RepeatSeries.isValidUID(uid) ? uid : UIDGenerator.derived(from: "ics\n" + uid)
    }

    /// The local day a RECURRENCE-ID names.
    private static func day(_ value: CalendarValue, line: Int) throws(ImportError) -> CivilDate {
        switch value {
        case .date(let year, let month, let day):
            if let date = CivilDate(year: year, month: month, day: day) { return date }
        case .dateTime(let time):
            let local = time.localTime ?? time.wallClock
            if let date = CivilDate(year: local.year, month: local.month, day: local.day) { return date }
        default: break
        }
        throw ImportError(line: line, "RECURRENCE-ID is no date")
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
    static func rule(_ text: String, start: PlannerTask) -> (RepeatRule, CivilDate?)? {
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
        parts.removeValue(forKey: "WKST")
        let byDay = parts.removeValue(forKey: "BYDAY")
        guard let frequency = parts.removeValue(forKey: "FREQ"), parts.isEmpty, interval >= 1 else { return nil }
        switch (frequency, byDay) {
        case ("DAILY", nil) where interval == 1: return (.daily, until)
        case ("WEEKLY", nil) where interval <= RepeatRule.maximumWeekInterval:
            return (.weekly(interval: interval), until)
        case ("WEEKLY", let list?) where interval == 1:
            var days: Set<Weekday> = []
            for code in list.split(separator: ",") {
                guard let day = Weekday.allCases.first(where: { $0.shortName.prefix(2).uppercased() == code }) else {
                    return nil
                }
                days.insert(day)
            }
            if days == Set(Weekday.allCases.filter { $0.rawValue <= 5 }) { return (.weekdays, until) }
            if days == [.saturday, .sunday] { return (.weekends, until) }
            return (.onWeekdays(days), until)
        case ("MONTHLY", nil) where interval == 1: return (.monthly, until)
        case ("YEARLY", nil) where interval == 1: return (.yearly, until)
        default: return nil
        }
    }
}
