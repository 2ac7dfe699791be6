import ShadeCalendar
import Testing

@Suite struct ParseErrorTests {
    static let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VTODO", "UID:u1"]
    static let tail = ["END:VTODO", "END:VCALENDAR"]

    @Test(
        arguments: [
            // What libical lets pass, checked by the reader.
            ("", nil, "no calendar"),
            ("\r\n  \r\n", nil, "no calendar"),
            ("hello world\n", 1, "outside BEGIN:VCALENDAR"),
            ("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:1\nSUMMARY:cut off he", 3, "BEGIN:VTODO has no END:VTODO"),
            ("BEGIN:VCALENDAR\nVERSION:2.0\n", 1, "BEGIN:VCALENDAR has no END:VCALENDAR"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:1\nEND:VEVENT\nEND:VCALENDAR\n", 4, "BEGIN:VTODO of line 2"),
            ("END:VCALENDAR\n", 1, "closes no component"),
            ("BEGIN:VCALENDAR\nEND:VCALENDAR\nBEGIN:VCALENDAR\nEND:VCALENDAR\n", 3, "a second calendar"),
            ("BEGIN:VTODO\nUID:1\nEND:VTODO\n", 1, "must begin with BEGIN:VCALENDAR"),
            ("BEGIN:VCALENDAR\nEND:VCALENDAR\nSUMMARY:late\n", 3, "outside BEGIN:VCALENDAR"),
            ("BEGIN:VCALENDAR\nX-A:1\u{0}\nEND:VCALENDAR\n", 2, "NUL"),
            // What libical flags, at the line it is on.
            (ics(head + ["DTSTART:garbage"] + tail), 6, "DATE-TIME value in DTSTART property: garbage"),
            (ics(head + ["SUMMARY:ok", "FOO:bar"] + tail), 7, "property name: FOO"),
            (ics(head + ["no colon here"] + tail), 6, "could not find a property name"),
            (ics(head + ["DTSTART;VALUE=BOGUS:20260101"] + tail), 6, "invalid VALUE type"),
            (ics(head + ["RRULE:FREQ=SOMETIMES"] + tail), 6, "RECUR value in RRULE"),
            (ics(head + ["SUMMARY:a folded", "  title", "DUE:2026", " 1201T25XX"] + tail), 8, "DUE property"),
            (ics(head + ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:soon", "END:VALARM"] + tail), 8, "TRIGGER"),
            (ics(["BEGIN:VCALENDAR", "X-A:1", "DTSTAMP:yesterday", "BEGIN:VTODO", "UID:1"] + tail), 3, "DTSTAMP"),
        ] as [(String, Int?, String)])
    func aTextThatCannotBeReadNamesItsLine(text: String, line: Int?, fragment: String) throws {
        let error = try #require(parseError(text))
        #expect(error.line == line, "\(error)")
        #expect(error.reason.contains(fragment), "\(error)")
    }

    @Test func lineEndsOfLFAloneOrCRAloneCountTheSame() throws {
        let lines = Self.head + ["SUMMARY:ok", "DTSTART:garbage"] + Self.tail
        for end in ["\r\n", "\n", "\r"] {
            let error = try #require(parseError(lines.map { $0 + end }.joined()))
            #expect(error.line == 7, "\(end.unicodeScalars.map(\.value))")
        }
    }

    @Test func theFirstOfSeveralProblemsIsNamed() throws {
        let text = ics(
            ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:1", "DUE:bad", "END:VTODO", "X-A:1", "DTSTAMP:bad too"]
                + ["END:VCALENDAR"])
        #expect(parseError(text)?.line == 4)
    }

    @Test func aProblemInAVTIMEZONEAfterTheTasksNamesItsLine() throws {
        // libical moves each VTIMEZONE to the front of the calendar; the line is still the text's.
        let text = ics(
            ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:1", "END:VTODO", "BEGIN:VTIMEZONE", "TZID:A/B"]
                + ["BEGIN:STANDARD", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "DTSTART:1970"]
                + ["END:STANDARD", "END:VTIMEZONE", "END:VCALENDAR"])
        let error = try #require(parseError(text))
        #expect(error.line == 10, "\(error)")
        #expect(error.reason.contains("DTSTART"))
    }

    @Test func anEmptyTextValueIsLeftOutAsOtherCalendarsWriteIt() throws {
        let text = ics(Self.head + ["DESCRIPTION:", "X-SHADE-NOTE:", "SUMMARY:ok"] + Self.tail)
        let todo = try #require(ICalendar.parse(text).components.first)
        #expect(todo.properties.map(\.name) == ["UID", "SUMMARY"])
        // An empty value of another kind is an error.
        #expect(parseError(ics(Self.head + ["DUE:"] + Self.tail))?.line == 6)
    }

    @Test func randomBytesGiveAnErrorAndNoCrash() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 0..<400, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(parseError(String(decoding: bytes, as: UTF8.self)) != nil)
            // And a real calendar cut anywhere up to the last letter of END:VCALENDAR (without
            // only its CRLF it is whole: libical trims line ends).
            let whole = ics(Self.head + ["SUMMARY:a title, with", " a folded line"] + Self.tail)
            let cut = String(decoding: whole.utf8.prefix(.random(in: 0..<(whole.utf8.count - 2))), as: UTF8.self)
            let error = try #require(parseError(cut), "\(cut)")
            #expect(error.line != nil || cut.allSatisfy(\.isWhitespace))
        }
    }

    @Test func componentsKnowTheLineOfTheirBEGIN() throws {
        let text = ics([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", "BEGIN:VTODO", "UID:1",
            "SUMMARY:a title long enough", " to be folded", " over three lines", "BEGIN:VALARM", "ACTION:DISPLAY",
            "TRIGGER:-PT5M", "DESCRIPTION:x", "END:VALARM", "END:VTODO", "", "BEGIN:VEVENT", "UID:2",
            "DTSTART;TZID=Europe/Paris:20261201T100000", "END:VEVENT", "BEGIN:VTIMEZONE", "TZID:Europe/Paris",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD",
            "END:VTIMEZONE", "END:VCALENDAR",
        ])
        let calendar = try ICalendar.parse(text)
        #expect(calendar.line == 1)
        #expect(calendar.components.map(\.kind) == ["VTODO", "VEVENT", "VTIMEZONE"])
        #expect(calendar.components.map(\.line) == [4, 16, 20])
        #expect(calendar.components[0].components.map(\.line) == [9])
        #expect(calendar.components[2].components.map(\.line) == [22])
        #expect(calendar.components[0].property("SUMMARY")?.text == "a title long enoughto be foldedover three lines")
    }

    @Test func aByteOrderMarkAndLowercaseNamesAreRead() throws {
        let text = "\u{FEFF}begin:vcalendar\r\nbegin:vtodo\r\nuid:1\r\nsummary:x\r\nend:vtodo\r\nend:vcalendar\r\n"
        let todo = try #require(ICalendar.parse(text).components.first)
        #expect(todo.kind == "VTODO")
        #expect(todo.property("SUMMARY")?.text == "x")
    }
}
