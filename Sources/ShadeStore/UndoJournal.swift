import ShadeCore
import ShadeJSON

/// One change to take back: every task it touched, before and after.
public struct UndoEntry: Hashable, Sendable {
    /// One task's state before and after; nil where the task did not exist.
    public struct Change: Hashable, Sendable {
        /// The task before the change (nil for an add).
        public let before: PlannerTask?
        /// The task after the change (nil for a removal).
        public let after: PlannerTask?
    }

    /// What the change was, as the user typed it (`add Call the bank`).
    public let label: String
    /// When it was made.
    public let timestamp: String
    /// The tasks it touched, in the order they were touched.
    public let changes: [Change]
}

/// The file of recent changes, oldest first.
///
/// ```json
/// {"format": 1, "kind": "undo", "entries": [{"label": "done 4", "at": "…",
///   "changes": [{"before": {task with date and slot}, "after": {…}}]}]}
/// ```
enum UndoJournal {
    static func encode(_ entries: [UndoEntry]) -> JSONValue {
        let list = entries.map { entry -> JSONValue in
            let changes = entry.changes.map { change -> JSONValue in
                [
                    "before": change.before.map { TaskRecord.encode($0, placement: true) } ?? .null,
                    "after": change.after.map { TaskRecord.encode($0, placement: true) } ?? .null,
                ]
            }
            return ["label": .string(entry.label), "at": .string(entry.timestamp), "changes": .array(changes)]
        }
        return ["format": .int(Int64(StoreFormat.version)), "kind": "undo", "entries": .array(list)]
    }

    static func decode(_ value: JSONValue, file: String) throws(StoreError) -> [UndoEntry] {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "undo")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "entries"])
        var entries: [UndoEntry] = []
        for (index, element) in try reader.array("entries").enumerated() {
            let entry = try FieldReader(element, file: file, location: "entries[\(index)]")
            try entry.rejectUnknownKeys(allowed: ["label", "at", "changes"])
            var changes: [UndoEntry.Change] = []
            for (changeIndex, changeValue) in try entry.array("changes").enumerated() {
                let location = "entries[\(index)].changes[\(changeIndex)]"
                let change = try FieldReader(changeValue, file: file, location: location)
                try change.rejectUnknownKeys(allowed: ["before", "after"])
                func task(_ key: String) throws(StoreError) -> PlannerTask? {
                    let value = try change.value(key)
                    if value.isNull { return nil }
                    return try TaskRecord.decode(value, file: file, location: "\(location).\(key)", date: nil, slot: nil)
                }
                changes.append(UndoEntry.Change(before: try task("before"), after: try task("after")))
            }
            entries.append(UndoEntry(label: try entry.string("label"), timestamp: try entry.string("at"), changes: changes))
        }
        return entries
    }
}
