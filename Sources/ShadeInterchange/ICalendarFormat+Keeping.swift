import ShadeCalendar

/// What another program keeps in a VTODO that shade does not hold (a phone's LOCATION, URL, GEO,
/// its own X- properties), kept when shade writes the item again: shade's text of a task list's
/// item is its own properties, and the others as the list held them.
extension InterchangeFormat {
    /// The properties shade writes in a VTODO (and reads back); any other is another program's.
    static let writtenProperties: Set<String> = [
        "UID", "DTSTAMP", "SUMMARY", "CREATED", "LAST-MODIFIED", "DTSTART", "DUE", "STATUS", "COMPLETED",
        "CATEGORIES", "DESCRIPTION", "PRIORITY", "RRULE", "EXDATE", "RECURRENCE-ID",
        // Said by the status shade writes: a program's percentage would contradict a task opened again.
        "PERCENT-COMPLETE",
        // Said by the DUE shade writes (RFC 5545: a VTODO has one or the other).
        "DURATION",
    ]

    /// `written` (an iCalendar text shade wrote for one item of a task list) with the properties
    /// of `previous` (the item as the list holds it) that shade does not write, each VTODO's in
    /// the VTODO of the same UID and RECURRENCE-ID; `written` as it is when either does not read.
    public static func keepingOthersProperties(of previous: String, in written: String) -> String {
        guard let old = try? ICalendar.parse(previous), var new = try? ICalendar.parse(written) else { return written }
        func key(_ todo: CalendarComponent) -> String {
            (todo.property("UID")?.text ?? "") + "\n" + (todo.property("RECURRENCE-ID").map { "\($0.value)" } ?? "")
        }
        var others: [String: [CalendarProperty]] = [:]
        for todo in old.components where todo.kind == "VTODO" {
            let kept = todo.properties.filter {
                let name = $0.name.uppercased()
                return !writtenProperties.contains(name) && !name.hasPrefix("X-SHADE-")
            }
            if !kept.isEmpty { others[key(todo), default: []] += kept }
        }
        guard !others.isEmpty else { return written }
        for index in new.components.indices where new.components[index].kind == "VTODO" {
            new.components[index].properties += others[key(new.components[index])] ?? []
        }
        return (try? ICalendar.serialize(new)) ?? written
    }
}
