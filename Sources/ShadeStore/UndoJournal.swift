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

/// The journal of recent changes: one file a change, `undo/0000000042.json`, numbered in order.
///
/// ```json
/// {"format": 1, "kind": "undo", "label": "done 4", "at": "…",
///  "changes": [{"before": {task with date and slot}, "after": {…}}]}
/// ```
/// A change writes one small file, whatever the journal holds; `undo` reads only the newest.
enum UndoJournal {
    static func encode(_ entry: UndoEntry) -> JSONValue {
        let changes = entry.changes.map { change -> JSONValue in
            [
                "before": change.before.map { TaskRecord.encode($0, placement: true) } ?? .null,
                "after": change.after.map { TaskRecord.encode($0, placement: true) } ?? .null,
            ]
        }
        return [
            "format": .int(Int64(StoreFormat.version)), "kind": "undo", "label": .string(entry.label),
            "at": .string(entry.timestamp), "changes": .array(changes),
        ]
    }

    static func decode(_ value: JSONValue, file: String) throws(StoreError) -> UndoEntry {
        let reader = try FieldReader(value, file: file, location: "")
        try reader.checkHeader(kind: "undo")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "label", "at", "changes"])
        var changes: [UndoEntry.Change] = []
        for (index, changeValue) in try reader.array("changes").enumerated() {
            let location = "changes[\(index)]"
            let change = try FieldReader(changeValue, file: file, location: location)
            try change.rejectUnknownKeys(allowed: ["before", "after"])
            func task(_ key: String) throws(StoreError) -> PlannerTask? {
                let value = try change.value(key)
                if value.isNull { return nil }
                return try TaskRecord.decode(value, file: file, location: "\(location).\(key)", date: nil, slot: nil)
            }
            changes.append(UndoEntry.Change(before: try task("before"), after: try task("after")))
        }
        return UndoEntry(label: try reader.string("label"), timestamp: try reader.string("at"), changes: changes)
    }

    /// The sequence numbers of the entry files in the journal directory, oldest first.
    static func sequenceNumbers(in directory: String) throws(StoreError) -> [Int] {
        try FileSystem.list(directory).compactMap { name -> Int? in
            guard name.hasSuffix(".json"), name.utf8.count == 15 else { return nil }
            return Int(name.dropLast(5))
        }.sorted()
    }

    /// `undo/0000000042.json`.
    static func file(_ sequence: Int) -> String {
        let number = String(sequence)
        return "undo/" + String(repeating: "0", count: max(0, 10 - number.count)) + number + ".json"
    }
}
