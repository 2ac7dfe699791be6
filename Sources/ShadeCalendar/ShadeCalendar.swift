// ShadeCalendar: iCalendar (RFC 5545) through the C library libical, as Swift values.
//
// What belongs here: reading and writing calendars, components, properties and values with
// libical, time zones, and the checks that bound what libical is given. Every unsafe pointer of
// libical stays in this target.
//
// Must never import a shade target other than ShadePlatform: it knows calendars, not planners.
