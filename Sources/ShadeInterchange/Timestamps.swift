import ShadeCore

/// Instants as the formats write them: shade's own timestamps (`2026-11-23T09:30:00+01:00`),
/// and the compact UTC form of Taskwarrior and iCalendar (`20261123T083000Z`).
enum Timestamps {
    /// The instant of a shade timestamp, when the text is one.
    static func instant(of timestamp: String) -> Int? {
        let bytes = Array(timestamp.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T"),
            let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19])
        else { return nil }
        var offset = 0
        let zone = bytes[19...]
        if zone.count == 6, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-"),
            let hours = number(zone.dropFirst().prefix(2)), let minutes = number(zone.suffix(2))
        {
            offset = (hours * 60 + minutes) * 60 * (zone.first == UInt8(ascii: "-") ? -1 : 1)
        } else if !(zone.isEmpty || Array(zone) == [UInt8(ascii: "Z")]) {
            return nil
        }
        return LocalZone.instant(utc: date, hour: hour, minute: minute, second: second) - offset
    }

    /// A shade timestamp of an instant, in local time with its offset.
    static func timestamp(_ instant: Int) -> String {
        let local = LocalZone.local(instant)
        return Moment(date: local.date, time: local.time, second: local.second, utcOffsetSeconds: local.offset)
            .timestamp
    }

    /// `20261123T083000Z`.
    static func compactUTC(_ instant: Int) -> String {
        let utc = LocalZone.utc(instant)
        let date = utc.date
        return Digits.padded(date.year, 4) + Digits.padded(date.month, 2) + Digits.padded(date.day, 2) + "T"
            + Digits.padded(utc.hour, 2) + Digits.padded(utc.minute, 2) + Digits.padded(utc.second, 2) + "Z"
    }

    /// The instant of `20261123T083000Z` (a form without `Z` is read as UTC too).
    static func instant(compactUTC text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
            let year = number(bytes[0..<4]), let month = number(bytes[4..<6]), let day = number(bytes[6..<8]),
            let date = CivilDate(year: year, month: month, day: day),
            let hour = number(bytes[9..<11]), let minute = number(bytes[11..<13]), let second = number(bytes[13..<15]),
            hour < 24, minute < 60, second < 61
        else { return nil }
        return LocalZone.instant(utc: date, hour: hour, minute: minute, second: second)
    }

    private static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}
