internal import CLibical

/// Builds a libical tree from values and has libical write it: escaping, folding and line ends
/// are libical's.
enum CalendarWriter {
    static func write(_ calendar: CalendarComponent) throws(CalendarError) -> String {
        let root = ComponentHandle(try newComponent(calendar))
        try fill(root.pointer, with: calendar)
        guard let text = takeString(icalcomponent_as_ical_string_r(root.pointer)) else {
            throw CalendarError(line: nil, reason: "libical could not write the calendar (out of memory)")
        }
        return text
    }

    /// A new, empty libical component of the kind; the caller owns it.
    private static func newComponent(_ component: CalendarComponent) throws(CalendarError) -> OpaquePointer {
        let kind = try checked(component.kind, as: "component kind", in: component)
        switch icalcomponent_string_to_kind(kind) {
        case ICAL_NO_COMPONENT:
            throw failure(in: component, "libical knows no component \(kind)")
        case ICAL_X_COMPONENT:
            // Measured with libical 3.0.16: BEGIN:X-NAME … END:X, which no reader pairs.
            throw failure(in: component, "libical writes an X- component's end as END:X; \(kind) cannot be written")
        case let known:
            guard let pointer = icalcomponent_new(known) else {
                throw failure(in: component, "libical could not make a \(kind) (out of memory)")
            }
            return pointer
        }
    }

    /// Adds the properties and the components inside, each handed to its parent as soon as it is
    /// made so that freeing the root frees it on every path.
    private static func fill(_ pointer: OpaquePointer, with component: CalendarComponent) throws(CalendarError) {
        for property in component.properties {
            try add(property, to: pointer, in: component)
        }
        for child in component.components {
            let made = try newComponent(child)
            icalcomponent_add_component(pointer, made)
            try fill(made, with: child)
        }
    }

    private static func add(
        _ property: CalendarProperty, to component: OpaquePointer, in owner: CalendarComponent
    ) throws(CalendarError) {
        let name = try checked(property.name.uppercased(), as: "property name", in: owner)
        let kind = icalproperty_string_to_kind(name)
        guard kind != ICAL_NO_PROPERTY else {
            throw failure(in: owner, "libical knows no property \(name); a property of one's own is named X-…")
        }
        let values: [CalendarValue]
        if case .texts(let texts) = property.value {
            values = texts.map(CalendarValue.text)
        } else {
            values = [property.value]
        }
        for value in values {
            if TreeReader.listProperties.contains(name), case .text(let text) = value, text.contains(",") {
                throw failure(
                    in: owner,
                    "\(name) '\(text)' holds a comma, which libical writes bare, as a list separator; "
                        + "one without a comma can be written")
            }
            guard let pointer = icalproperty_new(kind) else {
                throw failure(in: owner, "libical could not make a \(name) property (out of memory)")
            }
            icalcomponent_add_property(component, pointer)
            if kind == ICAL_X_PROPERTY { icalproperty_set_x_name(pointer, name) }
            icalproperty_set_value(pointer, try newValue(value, of: kind, named: name, property: property, in: owner))
            if case .dateTime(let time) = value, case .named(let zone) = time.zone {
                try checkText(zone, of: "TZID", in: owner)
                icalproperty_add_parameter(pointer, icalparameter_new_tzid(zone))
            }
            for (parameter, text) in property.parameters.sorted(by: { $0.key < $1.key }) {
                let parameter = parameter.uppercased()
                if parameter == "VALUE" { continue }  // libical writes it from the value's kind
                if parameter == "TZID", case .dateTime = value { continue }  // the zone says it
                try add(parameter: parameter, text, to: pointer, in: owner)
            }
        }
    }

    /// A new libical value; the caller hands it to its property at once.
    private static func newValue(
        _ value: CalendarValue, of kind: icalproperty_kind, named name: String, property: CalendarProperty,
        in owner: CalendarComponent
    ) throws(CalendarError) -> OpaquePointer {
        let made: OpaquePointer?
        var valueKind = icalproperty_kind_to_value_kind(kind)
        switch value {
        case .text(let text):
            try checkText(text, of: name, in: owner)
            if kind == ICAL_X_PROPERTY {
                made = icalvalue_new_x(text)
            } else if valueKind == ICAL_TEXT_VALUE {
                made = icalvalue_new_text(text)
            } else {
                made = icalvalue_new_from_string(valueKind, text)
            }
        case .texts:
            preconditionFailure("a list is written a text a property, each a .text")
        case .date(let year, let month, let day):
            try checkDate(year, month, day, of: name, in: owner)
            var time = icaltime_null_date()
            time.year = Int32(year)
            time.month = Int32(month)
            time.day = Int32(day)
            made = icalvalue_new_date(time)
        case .dateTime(let dateTime):
            try checkDate(dateTime.year, dateTime.month, dateTime.day, of: name, in: owner)
            guard (0...23).contains(dateTime.hour), (0...59).contains(dateTime.minute),
                (0...60).contains(dateTime.second)
            else {
                throw failure(
                    in: owner,
                    "\(name) \(dateTime.hour):\(dateTime.minute):\(dateTime.second) is no time of day")
            }
            var time = icaltime_null_time()
            time.year = Int32(dateTime.year)
            time.month = Int32(dateTime.month)
            time.day = Int32(dateTime.day)
            time.hour = Int32(dateTime.hour)
            time.minute = Int32(dateTime.minute)
            time.second = Int32(dateTime.second)
            if dateTime.zone == .utc { time.zone = icaltimezone_get_utc_timezone() }
            made = icalvalue_new_datetime(time)
        case .recurrence(let rule):
            try checkText(rule, of: name, in: owner)
            let recurrence = icalrecurrencetype_from_string(rule)
            guard recurrence.freq != ICAL_NO_RECURRENCE else {
                throw failure(
                    in: owner, "\(name) '\(rule)' is no recurrence rule libical reads, such as FREQ=WEEKLY;BYDAY=MO")
            }
            made = icalvalue_new_recur(recurrence)
        case .duration(let seconds):
            guard let seconds = Int32(exactly: seconds) else {
                throw failure(in: owner, "\(name) of \(seconds) seconds is longer than libical holds")
            }
            made = icalvalue_new_duration(icaldurationtype_from_int(seconds))
        case .other(let text):
            try checkText(text, of: name, in: owner)
            if let named = property.parameters.first(where: { $0.key.uppercased() == "VALUE" })?.value {
                valueKind = icalvalue_string_to_kind(named.uppercased())
                guard valueKind != ICAL_NO_VALUE else {
                    throw failure(in: owner, "\(name) has VALUE=\(named), a kind of value libical does not know")
                }
            }
            made = icalvalue_new_from_string(valueKind, text)
        }
        guard let made else {
            let kindName = copyString(icalvalue_kind_to_string(valueKind)) ?? "value"
            let shown =
                switch value {
                case .text(let text), .other(let text): "'\(text)'"
                default: "\(value)"
                }
            throw failure(in: owner, "\(shown) is no \(kindName) value, which \(name) holds")
        }
        return made
    }

    private static func add(
        parameter name: String, _ text: String, to property: OpaquePointer, in owner: CalendarComponent
    ) throws(CalendarError) {
        _ = try checked(name, as: "parameter name", in: owner)
        try checkText(text, of: name, in: owner)
        guard !text.contains("\""), !text.contains(where: \.isNewline) else {
            throw failure(
                in: owner, "the \(name) parameter '\(text)' holds a quote or a line break, which no parameter can")
        }
        let kind = icalparameter_string_to_kind(name)
        let parameter: OpaquePointer?
        switch kind {
        case ICAL_X_PARAMETER:
            parameter = icalparameter_new(ICAL_X_PARAMETER)
            parameter.map { icalparameter_set_xname($0, name) }
            parameter.map { icalparameter_set_xvalue($0, text) }
        case ICAL_NO_PARAMETER, ICAL_IANA_PARAMETER:
            parameter = icalparameter_new(ICAL_IANA_PARAMETER)
            parameter.map { icalparameter_set_iana_name($0, name) }
            parameter.map { icalparameter_set_iana_value($0, text) }
        default:
            parameter = icalparameter_new_from_value_string(kind, text)
        }
        guard let parameter else {
            throw failure(in: owner, "'\(text)' is no value of the \(name) parameter libical reads")
        }
        icalproperty_add_parameter(property, parameter)
    }

    /// A name of letters, digits and hyphens, as iCalendar names are.
    private static func checked(_ name: String, as what: String, in owner: CalendarComponent) throws(CalendarError)
        -> String
    {
        let valid =
            !name.isEmpty
            && name.utf8.allSatisfy {
                $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
            }
        guard valid else {
            throw failure(in: owner, "'\(name)' is no \(what); use letters, digits and hyphens, such as X-SHADE-SLOT")
        }
        return name
    }

    private static func checkText(_ text: String, of name: String, in owner: CalendarComponent) throws(CalendarError) {
        guard !text.utf8.contains(0) else {
            throw failure(in: owner, "\(name) holds a NUL character, which iCalendar text cannot hold")
        }
    }

    private static func checkDate(
        _ year: Int, _ month: Int, _ day: Int, of name: String, in owner: CalendarComponent
    ) throws(CalendarError) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Int(icaltime_days_in_month(Int32(month), Int32(year)))).contains(day)
        else { throw failure(in: owner, "\(name) \(year)-\(month)-\(day) is no date") }
        guard year <= ICalendar.latestWrittenYear else {
            throw failure(
                in: owner,
                "\(name) falls in \(year), after \(ICalendar.latestWrittenYear), the last year libical writes")
        }
    }

    /// An error about a component being written: at its line when it was read from a text.
    private static func failure(in component: CalendarComponent, _ reason: String) -> CalendarError {
        CalendarError(line: component.line > 0 ? component.line : nil, reason: "\(component.kind): \(reason)")
    }
}
