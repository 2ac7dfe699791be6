/// How two copies of a planner that changed the same record are brought together: per record by
/// its key (a task's uid), per field by its stamp (SPEC §11).
///
/// - A field changed on one side only (since the base, the version both copies last shared)
///   keeps that change.
/// - A field changed on both sides takes the later change; at one instant, authors in a fixed
///   order, then values in a fixed order, so that every copy picks the same. The value that lost
///   is a **conflict**, for the conflict log. Both sides setting the same value is no conflict:
///   nothing is lost, and the later stamp is kept.
/// - A removal leaves a tombstone (the key and when it was removed): a removal after the last
///   change of the record wins; a change after the removal brings the record back, and the
///   removal is the conflict. A record put back on one side (its tombstone gone there, the
///   record there) is back. A tombstone one side compacted (gone there, the record nowhere)
///   while the other kept it unchanged is gone.
/// - A record that left one side without a tombstone (a task moved to another week's file)
///   stays gone unless the other side changed it since the base.
///
/// The rule knows nothing of files: a record is its fields (by name, each value opaque) and its
/// stamps. Values only need comparing; `order` breaks exact ties.
public enum RecordMerge {
    /// One version of a record: each field's value by name, and its stamps.
    public struct Version<Value: Hashable & Sendable>: Hashable, Sendable {
        public var fields: [String: Value]
        public var stamps: FieldStamps

        public init(fields: [String: Value], stamps: FieldStamps) {
            self.fields = fields
            self.stamps = stamps
        }

        /// The latest stamp of any field (or the making).
        public var latest: FieldStamp { stamps.changed.values.reduce(stamps.made) { max($0, $1) } }
    }

    /// One side of a merge for one key: the record there (nil when it is not there) and its
    /// tombstone there (nil when it was not removed there).
    public struct Side<Value: Hashable & Sendable>: Hashable, Sendable {
        public var record: Version<Value>?
        public var removed: FieldStamp?

        public init(record: Version<Value>?, removed: FieldStamp? = nil) {
            self.record = record
            self.removed = removed
        }
    }

    /// How a kind of record's fields are stamped.
    public struct Shape: Sendable {
        /// The fields each with a stamp of their own.
        public let stamped: Set<String>
        /// Fields that go with another field's stamp (`done_at` with `status`): taken from the
        /// side whose value of that field was kept.
        public let companions: [String: String]
        /// Fields that go with the record's making (`created`).
        public let made: Set<String>
        /// Stamped fields whose value is a set (a task's tags, a goal's participants): changed on
        /// both sides, they merge element by element (`Elements`), no side's value lost.
        public let sets: Set<String>
        /// Every other field (identity, `modified`) is taken from the side changed last.

        public init(
            stamped: Set<String>, companions: [String: String] = [:], made: Set<String> = [], sets: Set<String> = []
        ) {
            self.stamped = stamped
            self.companions = companions
            self.made = made
            self.sets = sets
        }
    }

    /// A set field's values as sets of elements, and back: what merging them element by element
    /// needs of a value.
    public struct Elements<Value: Hashable & Sendable>: Sendable {
        /// The value's elements; nil when it is not a set (then the later change wins, as for
        /// any field).
        public let of: @Sendable (Value) -> [Value]?
        /// The value holding these elements, in the order given.
        public let value: @Sendable ([Value]) -> Value

        public init(of: @escaping @Sendable (Value) -> [Value]?, value: @escaping @Sendable ([Value]) -> Value) {
            self.of = of
            self.value = value
        }

        /// Both sides' changes to a set since the base, together: an element added on either side
        /// is in, an element removed on either side is out (one kept on both is in). The elements
        /// come in the order of the side changed later (`later`), the other side's additions after
        /// them in its order: whichever copy merges, every copy writes the same value. Nil when a
        /// value is not a set.
        func merged(base: Value?, later: Value?, earlier: Value?) -> Value? {
            func elements(_ value: Value?) -> [Value]? {
                guard let value else { return [] }
                return of(value)
            }
            guard let was = elements(base).map(Set.init), let first = elements(later), let second = elements(earlier)
            else { return nil }
            let (left, right) = (Set(first), Set(second))
            let kept = left.intersection(right).union(left.subtracting(was)).union(right.subtracting(was))
            var seen: Set<Value> = []
            let ordered = (first + second).filter { kept.contains($0) && seen.insert($0).inserted }
            return value(ordered)
        }
    }

    /// A value that lost: a field both sides changed, or a removal against a change.
    public struct Conflict<Value: Hashable & Sendable>: Hashable, Sendable {
        /// The record's key.
        public let key: String
        /// The field, or `removed` for a removal against a change.
        public let field: String
        /// The value kept and the value lost (for `removed`: whether the record is gone).
        public let kept: Value?
        public let lost: Value?
        /// The stamps of the change kept and of the change lost.
        public let keptStamp: FieldStamp
        public let lostStamp: FieldStamp

        public init(
            key: String, field: String, kept: Value?, lost: Value?, keptStamp: FieldStamp, lostStamp: FieldStamp
        ) {
            self.key = key
            self.field = field
            self.kept = kept
            self.lost = lost
            self.keptStamp = keptStamp
            self.lostStamp = lostStamp
        }
    }

    /// What the merge of one key gives: the record (nil when it is gone), its tombstone (when it
    /// is gone by a removal), and the values that lost.
    public struct Outcome<Value: Hashable & Sendable>: Hashable, Sendable {
        public var record: Version<Value>?
        public var removed: FieldStamp?
        public var conflicts: [Conflict<Value>]
    }

    /// The field name a removal's conflict is logged under.
    public static let removedField = "removed"

    /// Merges one key's record: `base` is the version both sides last shared (nil when it
    /// was not there), `ours` and `theirs` each side's now. `order` is a strict total order of
    /// values, for exact ties; `removedValue` gives the value a removal conflict shows (whether
    /// the record is gone).
    public static func merge<Value>(
        key: String, base: Side<Value>, ours: Side<Value>, theirs: Side<Value>, shape: Shape,
        order: (Value, Value) -> Bool, removedValue: (Bool) -> Value, elements: Elements<Value>? = nil
    ) -> Outcome<Value> {
        // A tombstone one side compacted (dropped: old, and every member had synced past it)
        // while the other kept it as the base had it, with the record on neither: it is gone.
        if base.record == nil, ours.record == nil, theirs.record == nil, let was = base.removed,
            (ours.removed == nil && theirs.removed == was) || (theirs.removed == nil && ours.removed == was)
        {
            return Outcome(record: nil, removed: nil, conflicts: [])
        }
        var conflicts: [Conflict<Value>] = []
        // The tombstones that still count: one a side dropped while it holds the record again
        // (put back since the base) no longer does.
        var tombstone: FieldStamp?
        for (side, other) in [(ours, theirs), (theirs, ours)] {
            guard let removed = side.removed else { continue }
            let revived = other.record != nil && other.removed == nil && base.removed == removed
            if !revived { tombstone = max(tombstone ?? removed, removed) }
        }
        var record: Version<Value>?
        switch (ours.record, theirs.record) {
        case (nil, nil): record = nil
        case (let one?, nil), (nil, let one?):
            let gone = ours.record == nil ? ours : theirs
            if gone.removed != nil || base.record == nil {
                record = one
            } else if let was = base.record {
                // It left that side's file without a removal (moved elsewhere): it stays only if
                // this side changed it since.
                record = one == was ? nil : one
            }
        case (let mine?, let other?):
            let merged = fields(
                key: key, base: base.record, ours: mine, theirs: other, shape: shape, order: order,
                elements: elements)
            record = merged.record
            conflicts += merged.conflicts
        }
        guard let tombstone, let kept = record else {
            return Outcome(record: record, removed: record == nil ? tombstone : nil, conflicts: conflicts)
        }
        // A removal against the record: the later of the removal and the last change wins.
        let latest = kept.latest
        let changedSince = [ours.record, theirs.record].contains { $0 != nil && $0 != base.record }
        if latest <= tombstone {
            if changedSince {
                conflicts.append(
                    Conflict(
                        key: key, field: removedField, kept: removedValue(true), lost: removedValue(false),
                        keptStamp: tombstone, lostStamp: latest))
            }
            return Outcome(record: nil, removed: tombstone, conflicts: conflicts)
        }
        if base.removed != tombstone {
            conflicts.append(
                Conflict(
                    key: key, field: removedField, kept: removedValue(false), lost: removedValue(true),
                    keptStamp: latest, lostStamp: tombstone))
        }
        return Outcome(record: kept, removed: nil, conflicts: conflicts)
    }

    /// Two versions merged field by field.
    static func fields<Value>(
        key: String, base: Version<Value>?, ours: Version<Value>, theirs: Version<Value>, shape: Shape,
        order: (Value, Value) -> Bool, elements: Elements<Value>? = nil
    ) -> (record: Version<Value>, conflicts: [Conflict<Value>]) {
        if ours == theirs { return (ours, []) }
        var conflicts: [Conflict<Value>] = []
        var fields: [String: Value] = [:]
        var stamps: [String: FieldStamp] = [:]
        /// Which side each stamped field was taken from (true: ours).
        var fromOurs: [String: Bool] = [:]
        for field in shape.stamped.sorted() {
            let (mine, other) = (ours.fields[field], theirs.fields[field])
            let (myStamp, otherStamp) = (ours.stamps.stamp(of: field), theirs.stamps.stamp(of: field))
            let takeOurs: Bool
            if mine == other {
                takeOurs = otherStamp <= myStamp
            } else {
                let wasMine = base.map { $0.fields[field] != mine || $0.stamps.stamp(of: field) != myStamp } ?? true
                let wasOther =
                    base.map { $0.fields[field] != other || $0.stamps.stamp(of: field) != otherStamp } ?? true
                switch (wasMine, wasOther) {
                case (true, false): takeOurs = true
                case (false, true): takeOurs = false
                case (true, true) where shape.sets.contains(field):
                    // A set changed on both sides: both changes kept, at the later stamp.
                    let mineLater = later(myStamp, mine, than: otherStamp, other, order: order)
                    guard
                        let merged = elements?.merged(
                            base: base?.fields[field], later: mineLater ? mine : other,
                            earlier: mineLater ? other : mine)
                    else { fallthrough }
                    fields[field] = merged
                    stamps[field] = max(myStamp, otherStamp)
                    fromOurs[field] = otherStamp <= myStamp
                    continue
                default:
                    takeOurs = later(myStamp, mine, than: otherStamp, other, order: order)
                    conflicts.append(
                        Conflict(
                            key: key, field: field, kept: takeOurs ? mine : other, lost: takeOurs ? other : mine,
                            keptStamp: takeOurs ? myStamp : otherStamp, lostStamp: takeOurs ? otherStamp : myStamp))
                }
            }
            fromOurs[field] = takeOurs
            fields[field] = takeOurs ? mine : other
            stamps[field] = takeOurs ? myStamp : otherStamp
        }
        // The making: the later one (every field keeps the stamp it was taken with).
        let made = max(ours.stamps.made, theirs.stamps.made)
        let others = Set(ours.fields.keys).union(theirs.fields.keys).subtracting(shape.stamped)
        for field in others {
            let (mine, other) = (ours.fields[field], theirs.fields[field])
            if mine == other {
                fields[field] = mine
                continue
            }
            let takeOurs: Bool
            if let leader = shape.companions[field], let side = fromOurs[leader] {
                takeOurs = side
            } else if shape.made.contains(field) {
                takeOurs = later(ours.stamps.made, mine, than: theirs.stamps.made, other, order: order)
            } else {
                takeOurs = later(ours.latest, mine, than: theirs.latest, other, order: order)
            }
            fields[field] = takeOurs ? mine : other
        }
        var changed: [String: FieldStamp] = [:]
        for (field, stamp) in stamps where stamp != made { changed[field] = stamp }
        return (Version(fields: fields, stamps: FieldStamps(made: made, changed: changed)), conflicts)
    }

    /// Whether the change stamped `left` (value `leftValue`) is the later one; at one stamp, the
    /// greater value is (values in `order`).
    static func later<Value>(
        _ left: FieldStamp, _ leftValue: Value?, than right: FieldStamp, _ rightValue: Value?,
        order: (Value, Value) -> Bool
    ) -> Bool {
        if left != right { return right < left }
        switch (leftValue, rightValue) {
        case (let l?, let r?): return !order(l, r)
        case (nil, _?): return false
        default: return true
        }
    }
}
