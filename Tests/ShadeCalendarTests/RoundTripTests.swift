import Foundation
import ShadeCalendar
import Testing

@Suite struct RoundTripTests {
    static let titles = [
        #"Call Anna, Bob; and Carl \ "now": today"#,
        "first line\nsecond line\n\nfourth line",
        "☕️ Coffee 🏳️‍🌈 with 👩‍👩‍👧‍👦",
        "会議の準備をする — 東京で",
        "a:b;c,d\\e\\,f\\;g\\nh",
        String(repeating: "Plan the week, then review it; ", count: 12) + "done",
        String(repeating: "👩‍👩‍👧‍👦", count: 40),
        String(repeating: "日本語", count: 50),
        "x" + String(repeating: "é", count: 100),
        String(repeating: "ab🇩🇪", count: 37),
    ]

    @Test(arguments: titles)
    func textComesBackEqual(title: String) throws {
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [
                CalendarProperty("UID", .text("uid-\(title.utf8.count)@shade")),
                CalendarProperty("SUMMARY", .text(title)),
                CalendarProperty("DESCRIPTION", .text(title + "\n" + title)),
                CalendarProperty("X-SHADE-SLOT", .text(title)),
            ])
        let (text, calendar) = try roundTrip([todo])
        #expect(try #require(calendar.components.first).asBuilt == todo)
        try expectFolded(text)
    }

    @Test func everyPhysicalLineIsFoldedAt75OctetsWithoutSplittingACharacter() throws {
        // Titles of every length from 1 to 300 characters, each character 1 to 4 octets long, put
        // every fold point on every octet of a character somewhere.
        let alphabet: [Character] = ["a", "é", "語", "😀", "👩‍👩‍👧‍👦", ",", "\n", "\\"]
        var todos: [CalendarComponent] = []
        for length in 1...300 {
            let title = String((0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] })
            todos.append(
                CalendarComponent(
                    kind: "VTODO",
                    properties: [
                        CalendarProperty("UID", .text("u\(length)")), CalendarProperty("SUMMARY", .text(title)),
                    ]
                ))
        }
        let (text, calendar) = try roundTrip(todos)
        try expectFolded(text)
        #expect(calendar.components.map(\.asBuilt) == todos)
    }

    /// CRLF line ends, no physical line over 75 octets, and each line whole UTF-8 on its own.
    private func expectFolded(_ text: String) throws {
        let bytes = Array(text.utf8)
        #expect(bytes.suffix(2) == [13, 10])
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 10 {
            #expect(index > 0 && bytes[index - 1] == 13, "a bare line feed")
            lines.append(bytes[start..<(index - 1)])
            start = index + 1
        }
        #expect(lines.count > 3)
        for line in lines {
            #expect(line.count <= 75, "\(String(decoding: line, as: UTF8.self))")
            #expect(!line.contains(13), "a bare carriage return")
            #expect(String(validating: line, as: UTF8.self) != nil, "a character split across lines")
        }
    }

    @Test func libicalTrimsSpacesAtTheEndsAndDropsCarriageReturns() throws {
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [
                CalendarProperty("UID", .text("u1")),
                CalendarProperty("SUMMARY", .text("  padded\ttitle  ")),
                CalendarProperty("DESCRIPTION", .text("windows\r\nline")),
            ])
        let read = try roundTrip(todo)
        #expect(read.property("SUMMARY")?.text == "padded\ttitle")
        #expect(read.property("DESCRIPTION")?.text == "windows\nline")
    }

    @Test func categoriesAreOneListWrittenALineACategory() throws {
        let categories = ["home", "errands", "Büro ☕", "long category name with spaces", "semi;colon"]
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [CalendarProperty("UID", .text("u1")), CalendarProperty("CATEGORIES", .texts(categories))])
        let (text, calendar) = try roundTrip([todo])
        #expect(text.components(separatedBy: "\r\nCATEGORIES:").count == categories.count + 1)
        #expect(try #require(calendar.components.first).asBuilt == todo)
    }

    @Test func categoriesOfOneLineAndOfSeveralLinesReadAsOneList() throws {
        let text = ics([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VTODO", "UID:u1",
            "CATEGORIES:home,errands", "CATEGORIES:work", "SUMMARY:x", "CATEGORIES;LANGUAGE=de:Büro", "END:VTODO",
            "END:VCALENDAR",
        ])
        let todo = try #require(ICalendar.parse(text).components.first)
        #expect(
            todo.properties(named: "CATEGORIES") == [
                CalendarProperty("CATEGORIES", .texts(["home", "errands", "work"])),
                CalendarProperty("CATEGORIES", .texts(["Büro"]), parameters: ["LANGUAGE": "de"]),
            ])
    }

    @Test func aCommaInACategoryIsRefusedSinceLibicalWritesItBare() throws {
        let todo = CalendarComponent(kind: "VTODO", properties: [CalendarProperty("CATEGORIES", .texts(["a,b"]))])
        let error = try #require(serializeError([todo]))
        #expect(error.reason.contains("comma"))
        #expect(error.line == nil)
    }

    @Test(arguments: [
        "FREQ=WEEKLY;BYDAY=MO",
        "FREQ=DAILY;INTERVAL=3",
        "FREQ=MONTHLY;BYMONTHDAY=-1",
        "FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2",
        "FREQ=WEEKLY;UNTIL=20270101T000000Z;BYDAY=MO,WE,FR",
        "FREQ=DAILY;COUNT=10",
    ])
    func recurrenceRulesInLibicalsOrderComeBackEqual(rule: String) throws {
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [
                CalendarProperty("UID", .text("u1")),
                CalendarProperty("DTSTART", .date(year: 2026, month: 12, day: 1)),
                CalendarProperty("RRULE", .recurrence(rule)),
            ])
        #expect(try roundTrip(todo).property("RRULE")?.value == .recurrence(rule))
    }

    @Test func aRuleIsReadBackInLibicalsOrderOfParts() throws {
        let text = ics([
            "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u1", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;INTERVAL=2",
            "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "END:VTODO", "END:VCALENDAR",
        ])
        let todo = try #require(ICalendar.parse(text).components.first)
        #expect(
            todo.properties(named: "RRULE").map(\.value) == [
                .recurrence("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE"), .recurrence("FREQ=YEARLY;BYMONTHDAY=29;BYMONTH=2"),
            ])
    }

    @Test(arguments: ["FREQ=SOMETIMES", "BYDAY=MO", "FREQ=DAILY;COUNT=3;UNTIL=20270101T000000Z", ""])
    func aRuleLibicalCannotReadIsRefused(rule: String) throws {
        let todo = CalendarComponent(kind: "VTODO", properties: [CalendarProperty("RRULE", .recurrence(rule))])
        #expect(try #require(serializeError([todo])).reason.contains("recurrence rule"))
    }

    @Test func alarmsComeBackWithTheirTriggers() throws {
        let due = CalendarDateTime(year: 2026, month: 12, day: 1, hour: 9, minute: 30, zone: .floating)
        let at = CalendarDateTime(year: 2026, month: 12, day: 1, hour: 7, minute: 0, zone: .utc)
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [CalendarProperty("UID", .text("u1")), CalendarProperty("DUE", .dateTime(due))],
            components: [
                CalendarComponent(
                    kind: "VALARM",
                    properties: [
                        CalendarProperty("ACTION", .text("DISPLAY")),
                        CalendarProperty("DESCRIPTION", .text("Leave, now; really")),
                        CalendarProperty("TRIGGER", .duration(seconds: -900)),
                    ]),
                CalendarComponent(
                    kind: "VALARM",
                    properties: [
                        CalendarProperty("ACTION", .text("DISPLAY")),
                        CalendarProperty("DESCRIPTION", .text("After")),
                        CalendarProperty("TRIGGER", .duration(seconds: 90_000), parameters: ["RELATED": "END"]),
                    ]),
                CalendarComponent(
                    kind: "VALARM",
                    properties: [
                        CalendarProperty("ACTION", .text("DISPLAY")),
                        CalendarProperty("DESCRIPTION", .text("At a time")),
                        CalendarProperty("TRIGGER", .dateTime(at)),
                    ]),
            ])
        let (text, calendar) = try roundTrip([todo])
        #expect(text.contains("\r\nTRIGGER:-PT15M\r\n"))
        #expect(text.contains("\r\nTRIGGER;RELATED=END:P1DT1H\r\n"))
        #expect(text.contains("\r\nTRIGGER;VALUE=DATE-TIME:20261201T070000Z\r\n"))
        #expect(try #require(calendar.components.first).asBuilt == todo)
    }

    @Test func datesAndDateTimesKeepTheirKinds() throws {
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [
                CalendarProperty("UID", .text("u1")),
                CalendarProperty("DTSTART", .date(year: 2026, month: 12, day: 1)),
                CalendarProperty(
                    "DUE", .dateTime(.init(year: 2026, month: 12, day: 2, hour: 17, minute: 45, zone: .floating))),
                CalendarProperty(
                    "COMPLETED",
                    .dateTime(.init(year: 2026, month: 12, day: 2, hour: 16, minute: 5, second: 9, zone: .utc))),
                CalendarProperty(
                    "RECURRENCE-ID",
                    .dateTime(.init(year: 2026, month: 12, day: 8, hour: 9, minute: 0, zone: .named("Europe/Berlin")))),
                CalendarProperty("X-SHADE-DAY", .date(year: 2026, month: 2, day: 28)),
                CalendarProperty("STATUS", .text("COMPLETED")),
                CalendarProperty("PRIORITY", .other("5")),
            ])
        let (text, calendar) = try roundTrip([todo])
        for line in [
            "DTSTART;VALUE=DATE:20261201", "DUE:20261202T174500", "COMPLETED:20261202T160509Z",
            "RECURRENCE-ID;TZID=Europe/Berlin:20261208T090000", "X-SHADE-DAY;VALUE=DATE:20260228", "PRIORITY:5",
        ] {
            #expect(text.contains("\r\n\(line)\r\n"), "\(line)")
        }
        #expect(try #require(calendar.components.first).asBuilt == todo)
    }

    @Test(arguments: ["NEEDS-ACTION", "COMPLETED", "CANCELLED", "IN-PROCESS"])
    func statusesComeBackEqual(status: String) throws {
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [CalendarProperty("UID", .text("u1")), CalendarProperty("STATUS", .text(status))])
        #expect(try roundTrip(todo).property("STATUS")?.text == status)
    }

    @Test func parametersComeBackUnquoted() throws {
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [
                CalendarProperty("UID", .text("u1")),
                CalendarProperty(
                    "SUMMARY", .text("Hallo"), parameters: ["LANGUAGE": "de", "X-SHADE-NOTE": "a:b;c, d"]),
                CalendarProperty("ORGANIZER", .other("mailto:anna@example.org"), parameters: ["CN": "Smith, Anna"]),
            ])
        let (text, calendar) = try roundTrip([todo])
        #expect(text.contains(#"CN="Smith, Anna""#))
        #expect(try #require(calendar.components.first).asBuilt == todo)
    }

    @Test func aCalendarIsWrittenWithItsVersionAndProduct() throws {
        let text = try ICalendar.serialize(.calendar(productID: "-//shade//shade//EN", components: []))
        #expect(text == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//shade//shade//EN\r\nEND:VCALENDAR\r\n")
    }

    @Test func whatLibicalCannotWriteIsRefused() throws {
        let cases: [(CalendarComponent, String)] = [
            (CalendarComponent(kind: "VTODO", properties: [CalendarProperty("FOO", .text("x"))]), "no property FOO"),
            (CalendarComponent(kind: "VTODO", properties: [CalendarProperty("X SLOT", .text("x"))]), "'X SLOT'"),
            (CalendarComponent(kind: "X-SHADE-THING"), "END:X"),
            (CalendarComponent(kind: "VTHING"), "no component VTHING"),
            (CalendarComponent(kind: "VTODO", properties: [CalendarProperty("SUMMARY", .text("a\u{0}b"))]), "NUL"),
            (
                CalendarComponent(
                    kind: "VTODO", properties: [CalendarProperty("DUE", .date(year: 2026, month: 2, day: 29))]),
                "no date"
            ),
            (
                CalendarComponent(
                    kind: "VTODO",
                    properties: [
                        CalendarProperty(
                            "DUE", .dateTime(.init(year: 2026, month: 1, day: 1, hour: 24, minute: 0, zone: .utc)))
                    ]),
                "no time of day"
            ),
            (
                CalendarComponent(kind: "VTODO", properties: [CalendarProperty("DTSTAMP", .other("yesterday"))]),
                "DATE-TIME"
            ),
            (
                CalendarComponent(
                    kind: "VTODO",
                    properties: [CalendarProperty("SUMMARY", .text("x"), parameters: ["X-NOTE": "say \"hi\""])]),
                "quote"
            ),
        ]
        for (component, fragment) in cases {
            let error = try #require(serializeError([component]), "\(component)")
            #expect(error.reason.contains(fragment), "\(error)")
        }
    }
}
