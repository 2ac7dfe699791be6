/// One change to the planner, as it is committed, recorded once in the change log, taken back by
/// `undo` (its inverse), and listed by `log`: every record it touched, before and after, when and
/// by whom.
public struct Change: Hashable, Sendable {
    /// What the change was, as the user typed it (`done 4 7`).
    public var label: String
    /// When it was made (the clock's timestamp).
    public var at: String
    /// Who made it (`config user.name`, else the login name).
    public var by: String
    /// The records it touched, in the order it touched them.
    public var records: [RecordChange]

    /// Creates a change.
    public init(label: String, at: String, by: String, records: [RecordChange]) {
        self.label = label
        self.at = at
        self.by = by
        self.records = records
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { records.isEmpty }

    /// The label of a change another copy made, which a sync (or a plain `git pull`) brought:
    /// listed by `log` under its author, never taken back by `undo` here (that would remove or
    /// revert another member's work on every copy; they cancel or edit it as any change).
    public static let receivedLabel = "received by sync"

    /// Whether another copy made it (`receivedLabel`).
    public var isReceived: Bool { label == Change.receivedLabel }

    /// The label of the change a sync makes to list this copy's user among the planner's
    /// members: bookkeeping of the sync, which `undo` passes over.
    public static let syncLabel = "sync"

    /// The label of a change that took back one a sync had sent (`undo` in a shared planner):
    /// `undo LABEL`. A new change that the next sync sends; `undo` passes over it and takes back
    /// the change before.
    public static func undoLabel(of label: String) -> String { undoPrefix + label }

    private static let undoPrefix = "undo "

    /// Whether it took back a change a sync had sent (`undoLabel`).
    public var isUndo: Bool { label.hasPrefix(Change.undoPrefix) }

    /// Whether `undo` takes it back: a change of this copy's own, neither received, nor a sync's
    /// bookkeeping, nor an undo.
    public var isUndoable: Bool { !isReceived && !isUndo && label != Change.syncLabel }

    /// The change that takes this one back: each record's inverse, in reverse order.
    public var inverse: [RecordChange] { records.reversed().map(\.inverse) }

    /// The tasks it touched, as they are after it (or were, for a removed one).
    public var tasks: [PlannerTask] { records.compactMap { ($0.after ?? $0.before)?.task } }
}
