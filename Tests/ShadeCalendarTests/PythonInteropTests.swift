import Foundation
import ShadeCalendar
import Testing

/// Python's `icalendar` package, a reader and writer independent of libical, on both sides.
@Suite(.enabled(if: Python.hasICalendar, Comment(rawValue: Python.missing)))
struct PythonInteropTests {
    static let title = #"Buy milk, eggs; flour \ "sugar": now ☕ 日本 and a title long enough to be folded"#

    @Test func aFileWrittenByPythonsICalendarParses() throws {
        let script = """
            import sys
            from datetime import datetime, date, timedelta
            from zoneinfo import ZoneInfo
            from icalendar import Calendar, Todo, Event, Alarm
            cal = Calendar()
            cal.add('prodid', '-//Python icalendar//shade tests//EN')
            cal.add('version', '2.0')
            todo = Todo()
            todo.add('uid', 'py-todo-1@example.org')
            todo.add('dtstamp', datetime(2026, 11, 20, 8, 0, tzinfo=ZoneInfo('UTC')))
            todo.add('summary', sys.stdin.read())
            todo.add('description', 'first line\\nsecond line')
            todo.add('categories', ['home', 'errands'])
            todo.add('dtstart', datetime(2026, 12, 1, 9, 0, tzinfo=ZoneInfo('America/New_York')))
            todo.add('due', date(2026, 12, 2))
            todo.add('status', 'NEEDS-ACTION')
            todo.add('rrule', {'freq': 'weekly', 'byday': ['MO', 'WE']})
            todo.add('x-shade-slot', 'morning')
            alarm = Alarm()
            alarm.add('action', 'DISPLAY')
            alarm.add('description', 'Reminder')
            alarm.add('trigger', timedelta(minutes=-15))
            todo.add_component(alarm)
            cal.add_component(todo)
            event = Event()
            event.add('uid', 'py-event-1@example.org')
            event.add('dtstamp', datetime(2026, 11, 20, 8, 0, tzinfo=ZoneInfo('UTC')))
            event.add('summary', 'Standup')
            event.add('dtstart', datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo('Europe/Berlin')))
            event.add('dtend', datetime(2026, 12, 1, 10, 15, tzinfo=ZoneInfo('Europe/Berlin')))
            cal.add_component(event)
            cal.add_missing_timezones()
            sys.stdout.buffer.write(cal.to_ical())
            """
        let run = try Python.run(script, input: Self.title)
        try #require(run.status == 0, "\(run.error)")
        let calendar = try ICalendar.parse(run.output, localZone: "Europe/Berlin")
        #expect(calendar.property("PRODID")?.text == "-//Python icalendar//shade tests//EN")
        #expect(calendar.components(ofKind: "VTIMEZONE").count == 2)
        let todo = try #require(calendar.components(ofKind: "VTODO").first)
        #expect(todo.property("UID")?.text == "py-todo-1@example.org")
        #expect(todo.property("SUMMARY")?.text == Self.title)
        #expect(todo.property("DESCRIPTION")?.text == "first line\nsecond line")
        #expect(todo.property("CATEGORIES")?.value == .texts(["home", "errands"]))
        #expect(todo.property("DUE")?.value == .date(year: 2026, month: 12, day: 2))
        #expect(todo.property("STATUS")?.text == "NEEDS-ACTION")
        #expect(todo.property("RRULE")?.value == .recurrence("FREQ=WEEKLY;BYDAY=MO,WE"))
        #expect(todo.property("X-SHADE-SLOT")?.text == "morning")
        guard case .dateTime(let start) = todo.property("DTSTART")?.value else {
            Issue.record("no DTSTART date-time")
            return
        }
        #expect(start.zone == .named("America/New_York"))
        #expect(start.localTime == .init(year: 2026, month: 12, day: 1, hour: 15, minute: 0, second: 0))
        let alarm = try #require(todo.components(ofKind: "VALARM").first)
        #expect(alarm.property("TRIGGER")?.value == .duration(seconds: -900))
        let event = try #require(calendar.components(ofKind: "VEVENT").first)
        guard case .dateTime(let meeting) = event.property("DTSTART")?.value else {
            Issue.record("no VEVENT DTSTART date-time")
            return
        }
        #expect(meeting.localTime == .init(year: 2026, month: 12, day: 1, hour: 10, minute: 0, second: 0))
    }

    @Test func whatLibicalWritesPythonsICalendarReadsTheSame() throws {
        let titles = RoundTripTests.titles + [Self.title]
        let todos = titles.enumerated().map { index, title in
            CalendarComponent(
                kind: "VTODO",
                properties: [
                    CalendarProperty("UID", .text("uid-\(index)@shade")),
                    CalendarProperty("SUMMARY", .text(title)),
                    CalendarProperty("CATEGORIES", .texts(["home", "büro ☕", "c\(index)"])),
                    CalendarProperty("X-SHADE-SLOT", .text("morning")),
                    CalendarProperty(
                        "DTSTART",
                        .dateTime(
                            .init(year: 2026, month: 12, day: 1, hour: 9, minute: 0, zone: .named("Europe/Berlin")))),
                    CalendarProperty("RRULE", .recurrence("FREQ=WEEKLY;BYDAY=MO")),
                ])
        }
        let text = try ICalendar.serialize(.calendar(productID: "-//shade//tests//EN", components: todos))
        let script = """
            import sys, json
            from icalendar import Calendar
            cal = Calendar.from_ical(sys.stdin.buffer.read())
            out = []
            for todo in cal.walk('VTODO'):
                cats = todo.get('categories')
                cats = [] if cats is None else (cats if isinstance(cats, list) else [cats])
                out.append({
                    'uid': str(todo['uid']),
                    'summary': str(todo['summary']),
                    'categories': [str(c) for v in cats for c in v.cats],
                    'slot': str(todo['x-shade-slot']),
                    'start': todo.decoded('dtstart').isoformat(),
                    'tzid': todo['dtstart'].params['TZID'],
                    'rrule': todo['rrule'].to_ical().decode(),
                })
            json.dump(out, sys.stdout)
            """
        let run = try Python.run(script, input: text)
        try #require(run.status == 0, "\(run.error)")
        let read = try JSONDecoder().decode([[String: JSONField]].self, from: Data(run.output.utf8))
        try #require(read.count == titles.count)
        for (index, title) in titles.enumerated() {
            #expect(read[index]["uid"] == .text("uid-\(index)@shade"))
            #expect(read[index]["summary"] == .text(title))
            #expect(read[index]["categories"] == .list(["home", "büro ☕", "c\(index)"]))
            #expect(read[index]["slot"] == .text("morning"))
            #expect(read[index]["start"] == .text("2026-12-01T09:00:00+01:00"))
            #expect(read[index]["tzid"] == .text("Europe/Berlin"))
            #expect(read[index]["rrule"] == .text("FREQ=WEEKLY;BYDAY=MO"))
        }
    }
}

/// A string or a list of strings in the JSON Python prints.
enum JSONField: Decodable, Equatable {
    case text(String)
    case list([String])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .list(try container.decode([String].self))
        }
    }
}
