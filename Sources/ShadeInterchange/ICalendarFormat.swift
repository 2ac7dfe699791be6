import ShadeCalendar
import ShadeCore

/// iCalendar (RFC 5545), read and written through libical (`ShadeCalendar`).
///
/// Written: a VTODO per task — UID, SUMMARY, DUE (the day) or DTSTART and DUE (the task's time
/// and the end of its slot, in UTC; a series' day and the next, or its time and its slot's end in
/// local wall-clock time, as its EXDATEs and RECURRENCE-IDs, so that they match its instances
/// across a clock change), STATUS (NEEDS-ACTION, COMPLETED with its time,
/// CANCELLED), CATEGORIES (its tags and its category, which `X-SHADE-CATEGORY` names),
/// DESCRIPTION (notes), PRIORITY 1 when starred, `X-SHADE-SLOT`, `X-SHADE-COLOR`, `X-SHADE-TO`
/// (whom it is given to), `X-SHADE-DUE` (its deadline) and `X-SHADE-ESTIMATE` (minutes), and a VALARM
/// for a reminder (`X-SHADE-REMIND` keeps shade's words). A repeating task is one VTODO with
/// its series uid and an RRULE (and an EXDATE for each day taken out of it that no occurrence of
/// the file stands for); an occurrence with a status of its own is a VTODO with the same UID and a
/// RECURRENCE-ID.
///
/// Read: VTODOs and VEVENTs (from other calendars too): the day and time of DTSTART (else DUE)
/// in the local zone, TZID honoured (libical converts), a series' EXDATEs as the days it does not
/// show, filed in `X-SHADE-SLOT` or the slot the
/// time falls in (a date alone: the morning); CATEGORIES become tags; an RRULE that says what a
/// shade rule says becomes a repeating task.
///
/// What it does not hold: goals, carry history, a repeating task's later revisions; RRULEs with COUNT, BYMONTHDAY and the like (such an event comes as one task).
enum ICalendarFormat {
    static let productID = "-//shade//shade planner//EN"

    // MARK: Writing

    /// The calendar written a batch of VTODOs at a time: libical writes each batch as a calendar
    /// of its own, and the VTODOs are taken from between that calendar's start (its BEGIN and
    /// properties, the same for every batch) and its END.
    struct Writer: FormatWriter {
        let context: InterchangeContext
        let stamp: CalendarValue
        /// The series, by uid, for the RECURRENCE-ID of their occurrences.
        private var seriesByUID: [String: RepeatSeries] = [:]
        /// The text of a calendar with no components: its start, and its end.
        private var frame: (start: [UInt8], end: [UInt8]) = ([], [])
        private var notes: [String] = []
        /// Tasks counted towards a goal (iCalendar holds none).
        private var withGoals = 0

        init(context: InterchangeContext) {
            self.context = context
            stamp = utc(Timestamps.instant(of: context.now.timestamp) ?? 0)
        }

        mutating func begin(series: [RepeatSeries], occurrences: [PlannerTask]) throws -> [UInt8] {
            let empty = Array(try ICalendar.serialize(.calendar(productID: productID, components: [])).utf8)
            let end = Array("END:VCALENDAR\r\n".utf8)
            guard empty.count >= end.count, Array(empty.suffix(end.count)) == end else {
                throw ImportError("libical wrote a calendar that does not end with END:VCALENDAR")
            }
            frame = (Array(empty.dropLast(end.count)), end)
            seriesByUID = Dictionary(series.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
            var components: [CalendarComponent] = []
            // The days a series no longer shows itself and no occurrence of the file stands for
            // (taken out, or a record left out of the export): EXDATEs, so that a calendar does
            // not show them as open.
            var standing: [String: Set<CivilDate>] = [:]
            for task in occurrences {
                if let uid = task.series { standing[uid, default: []].insert(task.occurrenceDay) }
            }
            for series in series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
                var todo = vtodo(
                    series.occurrence(on: series.anchor), uid: series.uid, stamp: stamp, context: context,
                    repeating: true)
                if series.rule.daysAfterDone != nil {
                    // RFC 5545 has no repeat that follows completion: shade's own words.
                    var words = ["every:\(series.rule)"]
                    if let until = series.until { words.append("until:\(until)") }
                    if let count = series.count { words.append("count:\(count)") }
                    todo.properties.append(CalendarProperty("X-SHADE-REPEAT", .text(words.joined(separator: " "))))
                } else {
                    todo.properties.append(CalendarProperty("RRULE", .recurrence(rrule(series, context: context))))
                }
                let time = series.fields(on: series.anchor).time
                for day in series.exceptions where !(standing[series.uid]?.contains(day) ?? false) {
                    todo.properties.append(CalendarProperty("EXDATE", wallClock(day, time: time)))
                }
                components.append(todo)
            }
            return frame.start + (try serialized(components))
        }

        mutating func write(_ tasks: [PlannerTask]) throws -> [UInt8] {
            withGoals += tasks.filter { $0.goal != nil }.count
            var components: [CalendarComponent] = []
            for task in tasks {
                if let uid = task.series, let series = seriesByUID[uid], series.rule.daysAfterDone != nil,
                    series.sequence(of: task) != 1
                {
                    // A successor of an after-completion series: a task of its own that names it.
                    var todo = vtodo(task, uid: task.uid, stamp: stamp, context: context)
                    todo.properties.append(CalendarProperty("X-SHADE-SERIES", .text(uid)))
                    components.append(todo)
                } else if let uid = task.series, let series = seriesByUID[uid] {
                    var todo = vtodo(task, uid: uid, stamp: stamp, context: context, repeating: true)
                    // The occurrence's own day (RFC 5545: the instance it overrides), also when it
                    // was moved to another: its DUE says where it is planned now.
                    // At the time the rule gives every day (its first day's: DTSTART's), so that a
                    // calendar matches it to its instance.
                    let day = task.occurrenceDay
                    let start = series.fields(on: series.anchor).time
                    todo.properties.append(CalendarProperty("RECURRENCE-ID", wallClock(day, time: start)))
                    // A task made to repeat keeps its own uid: said, so that it comes back as itself.
                    if task.uid != series.occurrenceUID(on: day) {
                        todo.properties.append(CalendarProperty("X-SHADE-UID", .text(task.uid)))
                    }
                    components.append(todo)
                } else {
                    components.append(vtodo(task, uid: task.uid, stamp: stamp, context: context))
                }
            }
            return try serialized(components)
        }

        /// Ends with the inbox: a VTODO with neither DTSTART nor DUE (no day) for each task with no
        /// day yet, as a phone's task app keeps an undated task.
        mutating func finish(records: [AnyKeyedRecord]) throws -> (bytes: [UInt8], notes: [String]) {
            let inbox = records.compactMap { $0.base as? InboxTask }
            withGoals += inbox.filter { $0.goal != nil }.count
            let undated: Set<String> = ["DTSTART", "DUE", "X-SHADE-SLOT"]
            let components = inbox.map { task in
                var todo = vtodo(task.standingIn(on: context.now.date), uid: task.uid, stamp: stamp, context: context)
                todo.properties.removeAll { undated.contains($0.name) }
                return todo
            }
            let body = try serialized(components)
            if withGoals > 0 { notes.append("iCalendar holds no goals (\(tasks(withGoals)) counted towards one)") }
            return (body + frame.end, notes)
        }

        /// The components as libical writes them inside a calendar.
        private mutating func serialized(_ components: [CalendarComponent]) throws -> [UInt8] {
            guard !components.isEmpty else { return [] }
            if let text = try? ICalendar.serialize(.calendar(productID: productID, components: components)) {
                return try inside(text)
            }
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
            return written.isEmpty
                ? [] : try inside(ICalendar.serialize(.calendar(productID: productID, components: written)))
        }

        /// The components of a calendar's text: what lies between its start and its end.
        private func inside(_ text: String) throws -> [UInt8] {
            let bytes = Array(text.utf8)
            guard bytes.count >= frame.start.count + frame.end.count, bytes.starts(with: frame.start),
                Array(bytes.suffix(frame.end.count)) == frame.end
            else {
                throw ImportError("libical wrote a calendar whose start or end is not that of an empty one")
            }
            return Array(bytes[frame.start.count..<(bytes.count - frame.end.count)])
        }
    }

    /// A task as a VTODO; `repeating` for a series or one of its occurrences (whose RRULE and
    /// RECURRENCE-ID need a DTSTART).
    private static func vtodo(
        _ task: PlannerTask, uid: String, stamp: CalendarValue, context: InterchangeContext, repeating: Bool = false
    ) -> CalendarComponent {
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
        if let time = task.time, repeating {
            // A series repeats at a time of the day, whatever the clock changes: local wall-clock
            // times (RFC 5545 floating), as its EXDATEs and RECURRENCE-IDs are written.
            properties.append(CalendarProperty("DTSTART", wallClock(task.date, time: time)))
            let end = max(context.schedule.on(task.date).end(of: task.slot).minutes, time.minutes + 1)
            let ends = TimeOfDay(minutes: end).flatMap { $0.minutes < 24 * 60 ? $0 : nil }
            let due =
                ends.map { wallClock(task.date, time: $0) } ?? wallClock(task.date.adding(days: 1), time: .midnight)
            properties.append(CalendarProperty("DUE", due))
        } else if let time = task.time {
            properties.append(CalendarProperty("DTSTART", moment(task.date, time: time)))
            let end = max(context.schedule.on(task.date).end(of: task.slot).minutes, time.minutes + 1)
            let due = LocalZone.instant(date: task.date, time: .midnight) + end * 60
            properties.append(CalendarProperty("DUE", utc(due)))
        } else if repeating {
            // RFC 5545: DUE comes after DTSTART, so a day's DUE is the next day's start.
            properties.append(CalendarProperty("DTSTART", moment(task.date, time: nil)))
            let next = task.date.adding(days: 1)
            properties.append(CalendarProperty("DUE", .date(year: next.year, month: next.month, day: next.day)))
        } else {
            // A day alone is the day it is due, as a phone's task app shows and moves it.
            properties.append(CalendarProperty("DUE", moment(task.date, time: nil)))
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
        // A deadline apart from the planned day (which DUE says), and an estimate: shade's own.
        if let due = task.due { properties.append(CalendarProperty("X-SHADE-DUE", .text(due.description))) }
        if let estimate = task.estimate {
            properties.append(CalendarProperty("X-SHADE-ESTIMATE", .text(String(estimate))))
        }
        var alarms: [CalendarComponent] = []
        if let reminders = task.remind {
            properties.append(CalendarProperty("X-SHADE-REMIND", .text(reminders.description)))
        }
        for remind in task.remind?.rules ?? [] {
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

    /// A day, or a day and time on the local wall clock (floating).
    private static func wallClock(_ date: CivilDate, time: TimeOfDay?) -> CalendarValue {
        guard let time else { return .date(year: date.year, month: date.month, day: date.day) }
        return .dateTime(
            CalendarDateTime(
                year: date.year, month: date.month, day: date.day, hour: time.minutes / 60,
                minute: time.minutes % 60, zone: .floating))
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
        case .everyDays(let interval): parts = ["FREQ=DAILY", "INTERVAL=\(interval)"]
        case .everyMonths(let interval): parts = ["FREQ=MONTHLY", "INTERVAL=\(interval)"]
        case .nthWeekday(let ordinal, let day): parts = ["FREQ=MONTHLY", "BYDAY=\(ordinal)" + days([day])]
        case .monthEnd: parts = ["FREQ=MONTHLY", "BYMONTHDAY=-1"]
        // Not an RRULE (written as X-SHADE-REPEAT): a day after the anchor, for a reader that asks.
        case .daysAfterDone(let days): parts = ["FREQ=DAILY", "INTERVAL=\(days)", "COUNT=1"]
        case .weeksAfterDone(let weeks): parts = ["FREQ=WEEKLY", "INTERVAL=\(weeks)", "COUNT=1"]
        }
        // RFC 5545 has UNTIL or COUNT: a series with both ends on the earlier, said as UNTIL.
        if let count = series.count, series.until == nil {
            parts.append("COUNT=\(count)")
        } else if let until = series.end {
            if let time = series.base.time {
                let last = Timestamps.compactUTC(LocalZone.instant(date: until, time: time))
                parts.append("UNTIL=" + last)
            } else {
                parts.append("UNTIL=" + until.description.split(separator: "-").joined())
            }
        }
        return parts.joined(separator: ";")
    }
}
