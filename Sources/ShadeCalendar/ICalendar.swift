/// Reads and writes iCalendar (RFC 5545) text through libical, as plain values: the only module
/// that touches libical, whose pointers never leave it.
public enum ICalendar {
    /// The deepest nesting of components `parse` reads: VCALENDAR is the first level, a VTODO in
    /// it the second, a VALARM in that the third. A real calendar needs three or four.
    public static let maximumDepth = 64

    /// The last year `serialize` writes: libical 3.0 takes a time past 3000 for no time and
    /// writes its date as `00000000` (measured), so a later one is refused instead.
    public static let latestWrittenYear = 3000

    /// Parses a whole `.ics` text (CRLF or LF line ends, folded lines unfolded by libical) and
    /// returns its VCALENDAR.
    ///
    /// Throws a `CalendarError` at the line where the text goes wrong: a line libical cannot read
    /// (an unknown property, a value of the wrong kind), an END that closes another kind than its
    /// BEGIN, a component the text ends inside, text outside the calendar, no calendar or two,
    /// components nested deeper than `maximumDepth` (refused at the BEGIN that goes too deep,
    /// before libical reads it).
    /// A property with an empty text value (`DESCRIPTION:`) is left out, as libical leaves it.
    ///
    /// Each date-time gets its `localTime`: in the zone named `localZone` (an IANA name libical
    /// knows), or when nil in the process's local zone (`TZ`, else `/etc/localtime`, through the
    /// C library as the rest of shade reads the clock). A TZID is looked up among the file's
    /// VTIMEZONEs, then in libical's zone database; one that neither knows is read as floating,
    /// so that one odd zone does not fail a whole import — its `zone` still names it.
    public static func parse(_ text: String, localZone: String? = nil) throws(CalendarError) -> CalendarComponent {
        try CalendarReader.read(text, localZone: localZone)
    }

    /// Writes a component (a VCALENDAR, as `CalendarComponent.calendar(productID:components:)`
    /// makes) through libical: CRLF line ends, lines folded at 75 octets without splitting a
    /// character, TEXT escaped.
    ///
    /// Throws a `CalendarError` for what libical cannot write or would write wrongly: a kind or
    /// property name it does not know (X- properties are written; X- components are not, as
    /// libical ends them with `END:X`), a value that is not of its property's kind, an impossible
    /// date or one after `latestWrittenYear`, a comma inside one of a list's texts (libical
    /// writes CATEGORIES' commas bare), a NUL character.
    public static func serialize(_ calendar: CalendarComponent) throws(CalendarError) -> String {
        try CalendarWriter.write(calendar)
    }
}
