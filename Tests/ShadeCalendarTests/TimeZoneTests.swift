import Foundation
import ShadeCalendar
import Testing

@Suite struct TimeZoneTests {
    private func start(
        of lines: [String], zones: [String] = [], localZone: String? = nil
    ) throws -> CalendarDateTime {
        let text = ics(
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN"] + zones + ["BEGIN:VTODO", "UID:u1"] + lines
                + ["END:VTODO", "END:VCALENDAR"])
        let todo = try #require(ICalendar.parse(text, localZone: localZone).components(ofKind: "VTODO").first)
        guard case .dateTime(let time) = todo.property("DTSTART")?.value else {
            Issue.record("no DTSTART date-time")
            return CalendarDateTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, zone: .floating)
        }
        return time
    }

    private func clock(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> CalendarDateTime.WallClock
    {
        .init(year: year, month: month, day: day, hour: hour, minute: minute, second: 0)
    }

    @Test(arguments: [
        // New York and Berlin in winter, in the weeks when only New York has moved to summer time,
        // and in summer.
        ("20261201T090000", (2026, 12, 1, 15, 0)),
        ("20260320T090000", (2026, 3, 20, 14, 0)),
        ("20260701T090000", (2026, 7, 1, 15, 0)),
        ("20261231T220000", (2027, 1, 1, 4, 0)),
    ])
    func aTZIDOfLibicalsDatabaseIsConvertedToTheLocalZone(text: String, expected: (Int, Int, Int, Int, Int)) throws {
        let time = try start(of: ["DTSTART;TZID=America/New_York:\(text)"], localZone: "Europe/Berlin")
        #expect(time.zone == .named("America/New_York"))
        #expect(time.localTime == clock(expected.0, expected.1, expected.2, expected.3, expected.4))
    }

    @Test func withNoLocalZoneNamedTheProcessZoneOfTheCLibraryIsUsed() throws {
        let time = try start(of: ["DTSTART;TZID=America/New_York:20261201T090000"])
        // 09:00 in New York is 14:00 UTC; the C library says what that is here.
        var parts = tm(
            tm_sec: 0, tm_min: 0, tm_hour: 14, tm_mday: 1, tm_mon: 11, tm_year: 126,
            tm_wday: 0, tm_yday: 0, tm_isdst: 0, tm_gmtoff: 0, tm_zone: nil)
        var instant = timegm(&parts)
        var local = tm()
        localtime_r(&instant, &local)
        #expect(
            time.localTime
                == .init(
                    year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday),
                    hour: Int(local.tm_hour), minute: Int(local.tm_min), second: Int(local.tm_sec)))
    }

    @Test(arguments: [
        ("Europe/Berlin", "2026-12-01 15:00"), ("Asia/Tokyo", "2026-12-01 23:00"),
        ("America/Los_Angeles", "2026-12-01 06:00"), ("Pacific/Kiritimati", "2026-12-02 04:00"),
        ("UTC", "2026-12-01 14:00"),
    ])
    func theProcessZoneIsTheOneTZNames(zone: String, expected: String) throws {
        // The C library reads TZ for the whole process, which other tests share: set it in a
        // child, this very test binary running only the probe below.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("shade-tz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [
            "--testing-library", "swift-testing", "--filter", "ShadeCalendarTests.TimeZoneTests/localTimeInThisProcess",
        ]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TZ": zone, Self.probe: output.path], uniquingKeysWith: { $1 })
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == expected)
    }

    static let probe = "SHADE_CALENDAR_TZ_PROBE"

    /// The child's side of `theProcessZoneIsTheOneTZNames`: writes to the file the probe variable
    /// names the local time of 09:00 in New York on 2026-12-01, in this process's zone.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[probe] != nil, "runs in a child with its own TZ"))
    func localTimeInThisProcess() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.probe])
        let local = try #require(try start(of: ["DTSTART;TZID=America/New_York:20261201T090000"]).localTime)
        let text =
            "\(local.year)-" + [local.month, local.day].map(Self.twoDigits).joined(separator: "-") + " "
            + [local.hour, local.minute].map(Self.twoDigits).joined(separator: ":")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    @Test func aVTIMEZONEOfTheFileIsUsed() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Shade/Half-Hour", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "TZNAME:SHT", "END:STANDARD", "END:VTIMEZONE",
        ]
        let time = try start(of: ["DTSTART;TZID=Shade/Half-Hour:20261201T090000"], zones: zone, localZone: "UTC")
        #expect(time.localTime == clock(2026, 12, 1, 3, 30))
    }

    @Test func aVTIMEZONEOfTheFileComesBeforeLibicalsZoneOfTheSameName() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
        ]
        let time = try start(of: ["DTSTART;TZID=Europe/Berlin:20261201T090000"], zones: zone, localZone: "UTC")
        #expect(time.localTime == clock(2026, 12, 1, 6, 0))
        let builtIn = try start(of: ["DTSTART;TZID=Europe/Berlin:20261201T090000"], localZone: "UTC")
        #expect(builtIn.localTime == clock(2026, 12, 1, 8, 0))
    }

    @Test func aVTIMEZONEWithSummerTimeIsFollowedAcrossTheChange() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Custom/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
            "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
            "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        let winter = try start(of: ["DTSTART;TZID=Custom/Berlin:20260328T120000"], zones: zone, localZone: "UTC")
        let summer = try start(of: ["DTSTART;TZID=Custom/Berlin:20260329T120000"], zones: zone, localZone: "UTC")
        #expect(winter.localTime == clock(2026, 3, 28, 11, 0))
        #expect(summer.localTime == clock(2026, 3, 29, 10, 0))
    }

    @Test func aUTCTimeIsConvertedAndAFloatingOneIsNot() throws {
        let utc = try start(of: ["DTSTART:20261201T230000Z"], localZone: "Europe/Berlin")
        #expect(utc.zone == .utc)
        #expect(utc.localTime == clock(2026, 12, 2, 0, 0))
        let floating = try start(of: ["DTSTART:20261201T090000"], localZone: "Asia/Tokyo")
        #expect(floating.zone == .floating)
        #expect(floating.localTime == clock(2026, 12, 1, 9, 0))
    }

    @Test func aTZIDNoOneKnowsIsReadAsFloating() throws {
        let time = try start(of: ["DTSTART;TZID=Mars/Olympus_Mons:20261201T090000"], localZone: "Europe/Berlin")
        #expect(time.zone == .named("Mars/Olympus_Mons"))
        #expect(time.localTime == clock(2026, 12, 1, 9, 0))
    }

    @Test func aLocalZoneLibicalDoesNotKnowIsRefused() throws {
        let text = ics(["BEGIN:VCALENDAR", "END:VCALENDAR"])
        let error = try #require(parseError(text, localZone: "Mars/Olympus_Mons"))
        #expect(error.line == nil)
        #expect(error.reason.contains("Europe/Berlin"))
    }

    @Test func aZonedTimeIsWrittenWithItsTZID() throws {
        let time = CalendarDateTime(year: 2026, month: 12, day: 1, hour: 9, minute: 0, zone: .named("America/New_York"))
        let todo = CalendarComponent(
            kind: "VTODO",
            properties: [CalendarProperty("UID", .text("u1")), CalendarProperty("DTSTART", .dateTime(time))])
        let (text, calendar) = try roundTrip([todo])
        #expect(text.contains("\r\nDTSTART;TZID=America/New_York:20261201T090000\r\n"))
        #expect(try #require(calendar.components.first).asBuilt == todo)
    }
}
