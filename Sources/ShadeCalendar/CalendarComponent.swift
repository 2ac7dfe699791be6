/// One iCalendar component (VCALENDAR, VTODO, VEVENT, VALARM, VTIMEZONE …) as plain values: what
/// `ICalendar.parse` reads and `ICalendar.serialize` writes.
public struct CalendarComponent: Sendable, Hashable {
    /// The kind, uppercase: `VTODO`.
    public var kind: String
    /// The properties in the order of the text (a list property's lines, such as CATEGORIES, are
    /// one property).
    public var properties: [CalendarProperty]
    /// The components inside this one, in the order of the text.
    public var components: [CalendarComponent]
    /// The 1-based line of the component's `BEGIN:` in the parsed text (0 when built in code).
    public var line: Int

    /// A component of `kind` (uppercased) holding `properties` and `components`.
    public init(
        kind: String, properties: [CalendarProperty] = [], components: [CalendarComponent] = [], line: Int = 0
    ) {
        self.kind = kind.uppercased()
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// A VCALENDAR holding `components`, with the two properties RFC 5545 asks of every calendar:
    /// `VERSION:2.0` and the product identifier `productID` (such as `-//shade//shade//EN`).
    public static func calendar(productID: String, components: [CalendarComponent]) -> CalendarComponent {
        CalendarComponent(
            kind: "VCALENDAR",
            properties: [CalendarProperty("VERSION", .text("2.0")), CalendarProperty("PRODID", .text(productID))],
            components: components)
    }

    /// The first property named `name` (any case), or nil.
    public func property(_ name: String) -> CalendarProperty? {
        let name = name.uppercased()
        return properties.first { $0.name == name }
    }

    /// Every property named `name` (any case), in order.
    public func properties(named name: String) -> [CalendarProperty] {
        let name = name.uppercased()
        return properties.filter { $0.name == name }
    }

    /// The components inside this one of `kind` (any case), in order.
    public func components(ofKind kind: String) -> [CalendarComponent] {
        let kind = kind.uppercased()
        return components.filter { $0.kind == kind }
    }
}

/// One property of a component: a name, its parameters and one value.
public struct CalendarProperty: Sendable, Hashable {
    /// The name, uppercase: `SUMMARY`, `X-SHADE-SLOT`.
    public var name: String
    /// The parameters by uppercase name, unquoted: `["LANGUAGE": "de", "RELATED": "END"]`. What the
    /// value itself says is not repeated here: `VALUE` (the case of `value` tells it, except for
    /// `.other`, whose `VALUE` is kept) and the `TZID` of a date-time (its `zone`).
    public var parameters: [String: String]
    /// The value.
    public var value: CalendarValue

    /// A property named `name` (uppercased) with `value` and `parameters`.
    public init(_ name: String, _ value: CalendarValue, parameters: [String: String] = [:]) {
        self.name = name.uppercased()
        self.value = value
        self.parameters = parameters
    }

    /// The text, when the value is one text.
    public var text: String? {
        if case .text(let text) = value { return text }
        return nil
    }
}
