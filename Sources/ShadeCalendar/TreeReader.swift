internal import CLibical
import ShadePlatform

/// Copies a libical tree into values while the tree is alive, converting each zoned time to local
/// time with the calendar's own VTIMEZONEs, and collects the lines libical could not read.
final class TreeReader {
    /// The properties whose lines libical splits at commas into one property a text.
    static let listProperties: Set<String> = ["CATEGORIES", "RESOURCES"]

    private let calendar: OpaquePointer
    /// The zone local times are given in (nil: the process's, through the C library).
    private let localZone: OpaquePointer?
    private var zones: [String: OpaquePointer?] = [:]
    /// Where libical could not read the text, one a component at most.
    private(set) var problems: [CalendarError] = []

    init(calendar: OpaquePointer, localZone: OpaquePointer?) {
        self.calendar = calendar
        self.localZone = localZone
    }

    /// The component and everything in it; `scanned` is its outline in the text.
    func component(_ pointer: OpaquePointer, scanned: ScannedComponent) -> CalendarComponent {
        let kind = icalcomponent_isa(pointer)
        let name =
            [ICAL_X_COMPONENT, ICAL_NO_COMPONENT, ICAL_XLICINVALID_COMPONENT].contains(kind)
            ? scanned.kind : copyString(icalcomponent_kind_to_string(kind)) ?? scanned.kind
        var result = CalendarComponent(kind: name, line: scanned.line)
        var located = false
        var property = icalcomponent_get_first_property(pointer, ICAL_ANY_PROPERTY)
        while let current = property {
            property = icalcomponent_get_next_property(pointer, ICAL_ANY_PROPERTY)
            if icalproperty_isa(current) == ICAL_XLICERROR_PROPERTY {
                if !located, let message = Self.problem(current) {
                    problems.append(Self.locate(message, in: scanned))
                    located = true
                }
                continue
            }
            guard let read = self.property(current) else { continue }
            if case .texts(let more) = read.value, let last = result.properties.last, last.name == read.name,
                last.parameters == read.parameters, case .texts(let texts) = last.value
            {
                result.properties[result.properties.count - 1].value = .texts(texts + more)
            } else {
                result.properties.append(read)
            }
        }
        var outlines = Outlines(scanned.children)
        var child = icalcomponent_get_first_component(pointer, ICAL_ANY_COMPONENT)
        while let current = child {
            child = icalcomponent_get_next_component(pointer, ICAL_ANY_COMPONENT)
            let outline = outlines.take(outlineOf: current) ?? ScannedComponent(kind: "", line: 0)
            result.components.append(component(current, scanned: outline))
        }
        // libical moves each VTIMEZONE to the front of its parent; the text's order is the line's.
        result.components.sort { $0.line < $1.line }
        return result
    }

    private func property(_ pointer: OpaquePointer) -> CalendarProperty? {
        guard let name = takeString(icalproperty_get_property_name_r(pointer))?.uppercased(),
            let value = icalproperty_get_value(pointer)
        else { return nil }
        var parameters = Self.parameters(of: pointer)
        let read: CalendarValue
        switch icalvalue_isa(value) {
        case ICAL_TEXT_VALUE:
            let text = copyString(icalvalue_get_text(value)) ?? ""
            read = Self.listProperties.contains(name) ? .texts([text]) : .text(text)
        case ICAL_X_VALUE:
            read = .text(copyString(icalvalue_get_x(value)) ?? "")
        case ICAL_DATE_VALUE:
            read = time(icalvalue_get_date(value), zoneID: parameters["TZID"])
        case ICAL_DATETIME_VALUE:
            read = time(icalvalue_get_datetime(value), zoneID: parameters["TZID"])
        case ICAL_DATETIMEPERIOD_VALUE:
            let period = icalvalue_get_datetimeperiod(value)
            read =
                icaltime_is_null_time(period.time) == 0
                ? time(period.time, zoneID: parameters["TZID"]) : .other(Self.text(of: value))
        case ICAL_RECUR_VALUE:
            read = .recurrence(Self.text(of: value))
        case ICAL_DURATION_VALUE:
            read = .duration(seconds: Int(icaldurationtype_as_int(icalvalue_get_duration(value))))
        case ICAL_TRIGGER_VALUE:
            let trigger = icalvalue_get_trigger(value)
            read =
                icaltime_is_null_time(trigger.time) != 0
                ? .duration(seconds: Int(icaldurationtype_as_int(trigger.duration)))
                : time(trigger.time, zoneID: parameters["TZID"])
        case ICAL_STATUS_VALUE, ICAL_ACTION_VALUE, ICAL_CLASS_VALUE, ICAL_TRANSP_VALUE, ICAL_METHOD_VALUE:
            read = .text(Self.text(of: value))
        default:
            read = .other(Self.text(of: value))
        }
        switch read {
        case .other: break
        case .dateTime:
            parameters["VALUE"] = nil
            parameters["TZID"] = nil
        default: parameters["VALUE"] = nil
        }
        return CalendarProperty(name, read, parameters: parameters)
    }

    private static func text(of value: OpaquePointer) -> String { takeString(icalvalue_as_ical_string_r(value)) ?? "" }

    /// The parameters by uppercase name, unquoted (the last of a name that comes twice).
    private static func parameters(of property: OpaquePointer) -> [String: String] {
        // Finding a value walks the property's parameters again, so the names come first.
        var names: [String] = []
        var parameter = icalproperty_get_first_parameter(property, ICAL_ANY_PARAMETER)
        while let current = parameter {
            let kind = icalparameter_isa(current)
            let name =
                switch kind {
                case ICAL_X_PARAMETER: copyString(icalparameter_get_xname(current))
                case ICAL_IANA_PARAMETER: copyString(icalparameter_get_iana_name(current))
                default: copyString(icalparameter_kind_to_string(kind))
                }
            if let name, !names.contains(name) { names.append(name) }
            parameter = icalproperty_get_next_parameter(property, ICAL_ANY_PARAMETER)
        }
        var result: [String: String] = [:]
        for name in names {
            result[name.uppercased()] = takeString(icalproperty_get_parameter_as_string_r(property, name))
        }
        return result
    }

    /// A date, or a date-time with its local time.
    private func time(_ time: icaltimetype, zoneID: String?) -> CalendarValue {
        if time.is_date != 0 { return .date(year: Int(time.year), month: Int(time.month), day: Int(time.day)) }
        var result = CalendarDateTime(
            year: Int(time.year), month: Int(time.month), day: Int(time.day), hour: Int(time.hour),
            minute: Int(time.minute), second: Int(time.second), zone: .floating)
        var source: OpaquePointer?
        if icaltime_is_utc(time) != 0 {
            result.zone = .utc
            source = icaltimezone_get_utc_timezone()
        } else if let zoneID {
            result.zone = .named(zoneID)
            source = zone(zoneID)
        }
        result.localTime = source.map { local(time, from: $0) } ?? result.wallClock
        return .dateTime(result)
    }

    /// The zone a TZID names: the calendar's VTIMEZONE of that TZID, else libical's own.
    private func zone(_ id: String) -> OpaquePointer? {
        if let known = zones[id] { return known }
        let found =
            icalcomponent_get_timezone(calendar, id) ?? icaltimezone_get_builtin_timezone(id)
            ?? icaltimezone_get_builtin_timezone_from_tzid(id)
        zones[id] = found
        return found
    }

    /// The wall-clock time in the local zone of a time read in `zone`.
    private func local(_ time: icaltimetype, from zone: OpaquePointer) -> CalendarDateTime.WallClock {
        var instant = icaltime_as_timet_with_zone(time, zone)
        if let localZone {
            let local = icaltime_from_timet_with_zone(instant, 0, localZone)
            return .init(
                year: Int(local.year), month: Int(local.month), day: Int(local.day), hour: Int(local.hour),
                minute: Int(local.minute), second: Int(local.second))
        }
        var parts = tm()
        localtime_r(&instant, &parts)
        return .init(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// What libical says of a line it could not read, or nil when the error is only an empty
    /// value of a text property (`DESCRIPTION:`, which other calendars write): libical leaves such
    /// a property out, and so does the reader.
    private static func problem(_ error: OpaquePointer) -> String? {
        let message = copyString(icalproperty_get_xlicerror(error)) ?? "libical could not read it"
        let emptyPrefix = "No value for "
        if message.hasPrefix(emptyPrefix) {
            let name = String(message.dropFirst(emptyPrefix.count).prefix { $0 != " " })
            let kind = icalproperty_string_to_kind(name)
            if name == "X" || (kind != ICAL_NO_PROPERTY && icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE) {
                return nil
            }
        }
        return message
    }

    /// The problems libical noted in a component it built, in order.
    static func problems(in component: OpaquePointer) -> [String] {
        var result: [String] = []
        var error = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
        while let current = error {
            if let message = problem(current) { result.append(message) }
            error = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
        }
        return result
    }

    /// The error at the first of a component's lines libical cannot read on its own, else at the
    /// component's BEGIN.
    private static func locate(_ message: String, in scanned: ScannedComponent) -> CalendarError {
        for (line, text) in scanned.propertyLines {
            if let found = CalendarReader.problem(inLine: text) {
                return CalendarError(line: line, reason: "libical cannot read this line: \(phrase(found))")
            }
        }
        return CalendarError(
            line: scanned.line, reason: "libical cannot read this \(scanned.kind): \(phrase(message))")
    }

    /// libical's message as part of a sentence: `can't parse as DATE-TIME value in DTSTART property: x`.
    private static func phrase(_ message: String) -> String {
        let text = message.replacing(". Removing entire property", with: "")
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// The outlines of a component's children, each handed to the child libical built from it.
private struct Outlines {
    private let items: [ScannedComponent]
    private var taken: [Bool]
    /// Every item before this one is taken.
    private var firstLeft = 0

    init(_ items: [ScannedComponent]) {
        self.items = items
        taken = Array(repeating: false, count: items.count)
    }

    /// The first outline left of the component's kind (and of its TZID, for a VTIMEZONE): libical
    /// keeps the text's order except that it moves each VTIMEZONE to the front.
    mutating func take(outlineOf component: OpaquePointer) -> ScannedComponent? {
        let kind = icalcomponent_isa(component)
        var zoneID: String?
        if kind == ICAL_VTIMEZONE_COMPONENT, let tzid = icalcomponent_get_first_property(component, ICAL_TZID_PROPERTY)
        {
            zoneID = copyString(icalproperty_get_tzid(tzid))
        }
        var found: Int?
        for index in firstLeft..<items.count where !taken[index] && items[index].libicalKind == kind {
            if items[index].zoneID == zoneID {
                found = index
                break
            }
            found = found ?? index
        }
        guard let found else { return nil }
        taken[found] = true
        while firstLeft < items.count, taken[firstLeft] { firstLeft += 1 }
        return items[found]
    }
}
