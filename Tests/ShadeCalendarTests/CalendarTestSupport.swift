import Foundation
import ShadeCalendar
import Testing

/// A calendar of the components, written and read back; returns the text and what was read.
func roundTrip(_ components: [CalendarComponent]) throws -> (text: String, calendar: CalendarComponent) {
    let text = try ICalendar.serialize(.calendar(productID: "-//shade//tests//EN", components: components))
    return (text, try ICalendar.parse(text))
}

/// The one VTODO written and read back.
func roundTrip(_ todo: CalendarComponent) throws -> CalendarComponent {
    try #require(roundTrip([todo]).calendar.components.first)
}

/// The error a text gives, or nil when it parses.
func parseError(_ text: String, localZone: String? = nil) -> CalendarError? {
    do {
        _ = try ICalendar.parse(text, localZone: localZone)
        return nil
    } catch { return error }
}

/// The error writing gives, or nil when it is written.
func serializeError(_ components: [CalendarComponent]) -> CalendarError? {
    do {
        _ = try ICalendar.serialize(.calendar(productID: "-//shade//tests//EN", components: components))
        return nil
    } catch { return error }
}

/// A calendar text of the lines, CRLF-ended.
func ics(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

extension CalendarComponent {
    /// The component as built in code: no lines, no local times.
    var asBuilt: CalendarComponent {
        var result = self
        result.line = 0
        result.properties = properties.map { property in
            var property = property
            if case .dateTime(var time) = property.value {
                time.localTime = nil
                property.value = .dateTime(time)
            }
            return property
        }
        result.components = components.map(\.asBuilt)
        return result
    }
}

/// Python 3 with the `icalendar` package, the independent reader and writer of the tests.
enum Python {
    static let hasICalendar: Bool = (try? run("import icalendar; icalendar.Calendar.add_missing_timezones").status) == 0

    static let missing =
        "python3 with the icalendar package, 6 or later, is needed (scripts/install-deps --tests installs it)"

    /// Runs a Python script with `input` on its standard input.
    static func run(_ script: String, input: String = "") throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self)
        )
    }
}
