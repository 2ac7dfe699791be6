/// What one change did to one record: what it was and what it became (nil where the record did
/// not exist), and so, field by field, each old and new value.
public struct RecordChange: Hashable, Sendable {
    /// The record before (nil when the change made it).
    public let before: PlannerRecord?
    /// The record after (nil when the change removed it).
    public let after: PlannerRecord?

    /// A change of one record; `before` and `after` are of one kind, and at least one is given.
    public init(before: PlannerRecord?, after: PlannerRecord?) {
        precondition(before != nil || after != nil, "a record change needs a before or an after")
        self.before = before
        self.after = after
    }

    /// A record made.
    public static func added(_ record: PlannerRecord) -> RecordChange { RecordChange(before: nil, after: record) }
    /// A record removed.
    public static func removed(_ record: PlannerRecord) -> RecordChange { RecordChange(before: record, after: nil) }
    /// A record changed.
    public static func changed(_ before: PlannerRecord, to after: PlannerRecord) -> RecordChange {
        RecordChange(before: before, after: after)
    }

    /// The change with its record's stamps brought up to date: a record made is stamped as made
    /// by `stamp`; each field a change sets is stamped with it. (The inverse of a change, for
    /// `undo`, is applied as it is: the fields get back the stamps they had.)
    public func stamped(_ stamp: FieldStamp) -> RecordChange {
        guard let after else { return self }
        switch action {
        case .add: return RecordChange(before: nil, after: after.with(stamps: FieldStamps(made: stamp)))
        case .change:
            let fields: [String]
            if case .task(let old)? = before, case .task(let new) = after {
                // A task's stamped fields compared one by one, rather than both records listed
                // whole first (every `done` pays this before its answer).
                fields = PlannerTask.Field.stamped.compactMap {
                    old.value(of: $0) == new.value(of: $0) ? nil : $0.rawValue
                }
            } else {
                fields = fieldChanges.map(\.field).filter(after.stampedFields.contains)
            }
            return RecordChange(before: before, after: after.with(stamps: after.stamps.marking(fields, stamp)))
        case .remove: return self
        }
    }

    /// The change that takes this one back.
    public var inverse: RecordChange { RecordChange(before: after, after: before) }

    /// The record's kind.
    public var kind: RecordKind { (after ?? before)?.kind ?? .task }

    /// The record's identity (the one it has after the change, when it still exists).
    public var key: String { (after ?? before)?.key ?? "" }

    /// Whether it makes, changes or removes the record.
    public var action: Action {
        switch (before, after) {
        case (nil, _): .add
        case (_, nil): .remove
        default: .change
        }
    }

    /// What a change does to its record.
    public enum Action: String, Sendable {
        case add, change, remove

        /// How a message says it was done: `added`, `changed`, `removed`.
        public var pastTense: String {
            switch self {
            case .add: "added"
            case .change: "changed"
            case .remove: "removed"
            }
        }
    }

    /// Each field whose value differs, with its old and new value, in the record's field order.
    public var fieldChanges: [FieldChange] {
        let old = before?.fields ?? []
        let new = after?.fields ?? []
        let names = (new.isEmpty ? old : new).map(\.name)
        return names.compactMap { name in
            let was = old.first { $0.name == name }?.value ?? .none
            let becomes = new.first { $0.name == name }?.value ?? .none
            return was == becomes ? nil : FieldChange(field: name, old: was, new: becomes)
        }
    }
}

/// One field's old and new value.
public struct FieldChange: Hashable, Sendable {
    public let field: String
    public let old: FieldValue
    public let new: FieldValue
}
