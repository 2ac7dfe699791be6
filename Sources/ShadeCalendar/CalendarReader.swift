internal import CLibical
import ShadePlatform

/// Reads an iCalendar text through libical's parser, fed one line at a time: libical unfolds and
/// reads each content line; this reader notes the line each one starts on, checks what libical
/// lets pass (an END that closes another kind, a text with no calendar or two), and copies the
/// tree into values.
enum CalendarReader {
    static func read(_ text: String, localZone name: String?) throws(CalendarError) -> CalendarComponent {
        let localZone = try name.map { name throws(CalendarError) in try zone(named: name) }
        if localZone == nil { tzset() }
        let (handle, scanned) = try parse(bytes(of: text))
        defer { withExtendedLifetime(handle) {} }
        let tree = TreeReader(calendar: handle.pointer, localZone: localZone)
        let calendar = tree.component(handle.pointer, scanned: scanned)
        if let problem = tree.problems.min(by: { ($0.line ?? 0) < ($1.line ?? 0) }) { throw problem }
        return calendar
    }

    /// A zone of libical's database by IANA name.
    private static func zone(named name: String) throws(CalendarError) -> OpaquePointer {
        guard let zone = icaltimezone_get_builtin_timezone(name) ?? icaltimezone_get_builtin_timezone_from_tzid(name)
        else {
            throw CalendarError(
                line: nil, reason: "'\(name)' is no time zone libical knows; name one such as Europe/Berlin")
        }
        return zone
    }

    /// The text's bytes as libical's own string reader would take them: no byte-order mark, and
    /// lines ended by a lone carriage return when there is no line feed at all.
    private static func bytes(of text: String) throws(CalendarError) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let nul = bytes.firstIndex(of: 0) {
            let line = 1 + bytes[..<nul].count(where: { $0 == UInt8(ascii: "\n") })
            throw CalendarError(line: line, reason: "a NUL character, which iCalendar text cannot hold")
        }
        if !bytes.contains(UInt8(ascii: "\n")) {
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\r") { bytes[index] = UInt8(ascii: "\n") }
        }
        return bytes
    }

    /// Feeds the text to libical and returns the calendar it built, with the outline of the text
    /// (the line of each component and of each of its properties).
    private static func parse(_ bytes: [UInt8]) throws(CalendarError) -> (ComponentHandle, ScannedComponent) {
        let parser = try ParserHandle()
        let feed = LineFeed(bytes)
        icalparser_set_gen_data(parser.pointer, Unmanaged.passUnretained(feed).toOpaque())
        defer { withExtendedLifetime(feed) {} }
        var open: [ScannedComponent] = []
        var calendar: (ComponentHandle, ScannedComponent)?
        while true {
            // libical reads a line ahead to see whether the next one continues it, so the line
            // it returns starts on the piece it read last before this call.
            let start = max(feed.lastPieceLine, 1)
            guard
                let line = icalparser_get_line(
                    parser.pointer,
                    { buffer, size, data in
                        guard let buffer, let data else { return nil }
                        let feed = Unmanaged<LineFeed>.fromOpaque(data).takeUnretainedValue()
                        return feed.fill(buffer, capacity: size) ? buffer : nil
                    })
            else { break }
            defer { free(line) }
            let text = String(cString: line)
            var closedCalendar: ScannedComponent?
            switch ContentLine(text) {
            case .blank:
                continue
            case .begin(let kind):
                if open.isEmpty, calendar != nil {
                    throw CalendarError(
                        line: start, reason: "a second calendar begins here; a file holds one VCALENDAR")
                }
                if open.isEmpty, kind != "VCALENDAR" {
                    throw CalendarError(
                        line: start,
                        reason: "BEGIN:\(kind) outside a calendar; the text must begin with BEGIN:VCALENDAR")
                }
                // Checked before libical reads the line, so that it never holds a tree deeper than
                // the limit, and neither does anything that walks the tree afterwards.
                guard open.count < ICalendar.maximumDepth else {
                    throw CalendarError(
                        line: start,
                        reason: "BEGIN:\(kind) nests deeper than \(ICalendar.maximumDepth) components (the limit)")
                }
                let component = ScannedComponent(kind: kind, line: start)
                open.last?.children.append(component)
                open.append(component)
            case .end(let kind):
                guard let component = open.popLast() else {
                    throw CalendarError(line: start, reason: "END:\(kind) closes no component")
                }
                guard component.kind == kind else {
                    throw CalendarError(
                        line: start,
                        reason: "END:\(kind) where BEGIN:\(component.kind) of line \(component.line) "
                            + "needs its END:\(component.kind) first")
                }
                if open.isEmpty { closedCalendar = component }
            case .property(let name):
                guard let component = open.last else {
                    throw CalendarError(
                        line: start, reason: "text outside BEGIN:VCALENDAR … END:VCALENDAR")
                }
                component.propertyLines.append((start, text))
                if name == "TZID", component.kind == "VTIMEZONE", component.zoneID == nil {
                    component.zoneID = ContentLine.value(of: text)
                }
            }
            // libical hands back the whole tree with the END that closes it.
            if let done = icalparser_add_line(parser.pointer, line).map(ComponentHandle.init), let closedCalendar {
                calendar = (done, closedCalendar)
            }
        }
        if let component = open.last {
            throw CalendarError(
                line: component.line,
                reason: "BEGIN:\(component.kind) has no END:\(component.kind); the text ends inside it")
        }
        guard let calendar else {
            throw CalendarError(line: nil, reason: "no calendar: the text holds no BEGIN:VCALENDAR … END:VCALENDAR")
        }
        return calendar
    }

    /// The first problem libical finds in one content line read on its own in a calendar (a
    /// property's meaning does not depend on the component it is in), or nil.
    static func problem(inLine text: String) -> String? {
        guard let parser = try? ParserHandle() else { return nil }
        for line in ["BEGIN:VCALENDAR", text, "END:VCALENDAR"] {
            if let calendar = parser.add(line: line) {
                return withExtendedLifetime(calendar) { TreeReader.problems(in: calendar.pointer).first }
            }
        }
        return nil
    }
}

/// One content line, as far as pairing BEGIN with END and naming zones needs to know it.
private enum ContentLine {
    case blank
    case begin(String)
    case end(String)
    case property(name: String)

    init(_ text: String) {
        let bytes = text.utf8
        if bytes.allSatisfy(Self.isSpace) {
            self = .blank
            return
        }
        let nameEnd = bytes.firstIndex { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") } ?? bytes.endIndex
        let name = text[..<nameEnd].uppercased()
        switch name {
        case "BEGIN": self = .begin(Self.trimmed(bytes[nameEnd...].dropFirst()).uppercased())
        case "END": self = .end(Self.trimmed(bytes[nameEnd...].dropFirst()).uppercased())
        default: self = .property(name: name)
        }
    }

    /// What follows the first colon, without spaces at either end.
    static func value(of text: String) -> String {
        let bytes = text.utf8
        return bytes.firstIndex(of: UInt8(ascii: ":")).map { trimmed(bytes[$0...].dropFirst()) } ?? ""
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func trimmed(_ bytes: Substring.UTF8View) -> String {
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map(bytes.index(after:)) ?? start
        return String(Substring(bytes[start..<max(start, end)]))
    }
}

/// A component as the text lays it out: its kind, the line of its BEGIN, each of its own
/// property lines (unfolded) with the line it starts on, and the components inside it.
final class ScannedComponent {
    let kind: String
    /// libical's kind of `kind`.
    let libicalKind: icalcomponent_kind
    let line: Int
    var propertyLines: [(line: Int, text: String)] = []
    var children: [ScannedComponent] = []
    /// The TZID of a VTIMEZONE.
    var zoneID: String?

    init(kind: String, line: Int) {
        self.kind = kind
        libicalKind = icalcomponent_string_to_kind(kind)
        self.line = line
    }
}

/// The text handed to libical's parser a piece at a time (a line, or as much of it as libical's
/// buffer holds), with the line each piece starts on.
final class LineFeed {
    private let bytes: [UInt8]
    private var position = 0
    private var nextLine = 1
    /// The line of the last piece handed over (0 before the first).
    private(set) var lastPieceLine = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies the next piece, up to and with its line feed, into `buffer` as a C string.
    func fill(_ buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Bool {
        guard position < bytes.count, capacity > 1 else { return false }
        let length = bytes.withUnsafeBufferPointer { source -> Int in
            guard let start = source.baseAddress.map({ $0 + position }) else { return 0 }
            let available = min(source.count - position, capacity - 1)
            let length = memchr(start, Int32(UInt8(ascii: "\n")), available).map {
                UnsafeRawPointer(start).distance(to: $0) + 1
            }
            UnsafeMutableRawPointer(buffer).copyMemory(from: start, byteCount: length ?? available)
            return length ?? available
        }
        guard length > 0 else { return false }
        buffer[length] = 0
        position += length
        lastPieceLine = nextLine
        if bytes[position - 1] == UInt8(ascii: "\n") { nextLine += 1 }
        return true
    }
}
