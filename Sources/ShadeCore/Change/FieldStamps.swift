/// When a field was last changed, and by whom: what lets two copies of a planner be merged
/// field by field (the later change wins).
public struct FieldStamp: Hashable, Sendable, Comparable {
    /// The time of the change (the clock's timestamp, `2026-11-23T09:30:00`).
    public var at: String
    /// Who made it (`config user.name`, else the login name; empty when unknown).
    public var by: String

    /// A stamp.
    public init(at: String, by: String) {
        self.at = at
        self.by = by
    }

    /// Later changes sort after earlier ones, whatever UTC offset each was stamped in; at one
    /// instant, authors in a fixed order, so that every copy picks the same winner. A stamp
    /// without a time (a record of an earlier format) is older than any.
    public static func < (lhs: FieldStamp, rhs: FieldStamp) -> Bool {
        let (left, right) = (FieldStamp.instant(lhs.at), FieldStamp.instant(rhs.at))
        if left != right { return left < right }
        return lhs.by != rhs.by ? lhs.by < rhs.by : lhs.at < rhs.at
    }

    /// Seconds since 1970 (UTC) of a timestamp `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`, or no
    /// offset: read as UTC); `Int.min` for anything else.
    static func instant(_ timestamp: String) -> Int {
        let bytes = Array(timestamp.utf8)
        guard bytes.count >= 19, bytes[10] == UInt8(ascii: "T"),
            let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = Digits.value(bytes[11..<13]), let minute = Digits.value(bytes[14..<16]),
            let second = Digits.value(bytes[17..<19])
        else { return Int.min }
        var offset = 0
        if bytes.count == 25, bytes[19] == UInt8(ascii: "+") || bytes[19] == UInt8(ascii: "-"),
            let hours = Digits.value(bytes[20..<22]), let minutes = Digits.value(bytes[23..<25])
        {
            offset = (hours * 60 + minutes) * 60 * (bytes[19] == UInt8(ascii: "-") ? -1 : 1)
        }
        return date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
    }
}

/// The stamps of a record's fields: the record's making, and each field changed since.
///
/// A field not in `changed` was last set when the record was made, so a record that was never
/// changed carries one stamp.
public struct FieldStamps: Hashable, Sendable {
    /// When the record was made, and by whom.
    public var made: FieldStamp
    /// The fields changed since, by name, each with its last change.
    public var changed: [String: FieldStamp]

    /// Stamps of a record made at `made` and changed as `changed` says.
    public init(made: FieldStamp, changed: [String: FieldStamp] = [:]) {
        self.made = made
        self.changed = changed
    }

    /// The stamp of one field.
    public func stamp(of field: String) -> FieldStamp { changed[field] ?? made }

    /// Every stamp: the making first, then each field's change (in field-name order).
    public var all: [FieldStamp] { [made] + changed.sorted { $0.key < $1.key }.map(\.value) }

    /// The latest stamp (the making, or the latest field change), in `FieldStamp`'s order.
    public var latest: FieldStamp { changed.values.reduce(made) { max($0, $1) } }

    /// Who made the record (`made.by`), or nil when that is unknown (empty).
    public var createdBy: String? { made.by.isEmpty ? nil : made.by }

    /// Who made its latest change (`latest.by`), or nil when that is unknown (empty).
    public var modifiedBy: String? {
        let by = latest.by
        return by.isEmpty ? nil : by
    }

    /// These stamps with `fields` marked as changed by `stamp`.
    public func marking(_ fields: some Sequence<String>, _ stamp: FieldStamp) -> FieldStamps {
        var result = self
        for field in fields { result.changed[field] = stamp }
        return result
    }
}
