import ShadeCore
import ShadeJSON

/// The change log: one file a committed change, `undo/0000000042.json`, numbered in order; the
/// newest `StoreFormat.undoDepth` are kept. `undo` applies the newest one's inverse; `log` lists
/// them.
///
/// ```json
/// {"format": 2, "kind": "change", "label": "done 4", "at": "…", "by": "ana",
///  "records": [{"kind": "task", "before": {task with date and slot}, "after": {…}},
///              {"kind": "category", "before": null, "after": {"name": "school", "color": "blue"}}]}
/// ```
/// A change writes one small file, whatever the log holds; `undo` reads only the newest. Entries
/// written before the log knew categories (`"kind": "undo"`, tasks only) are read as changes.
enum UndoJournal {
    /// The largest entry read back: an import's entry holds every task it brought (a million
    /// tasks, about 400 MB), and the log is this copy's own, never what another copy sends.
    static let maximumEntrySize = 1 << 30

    static func encode(_ change: Change) -> JSONValue {
        let records = change.records.map { record -> JSONValue in encode(record) }
        return [
            "format": .int(Int64(StoreFormat.version)), "kind": "change", "label": .string(change.label),
            "at": .string(change.at), "by": .string(change.by), "records": .array(records),
        ]
    }

    /// The entry as its file holds it: on one line (the log is this copy's own, read by shade
    /// alone; a large import's entry is half the size so), and written a record at a time, so
    /// that an entry of many records is never one tree of values as large as its text.
    static func bytes(_ change: Change) throws(StoreError) -> [UInt8] {
        func text(_ value: JSONValue) throws(StoreError) -> [UInt8] {
            try StoreText.bytes(value, layout: .compact, file: "undo")
        }
        var bytes = try head(change)
        for (index, record) in change.records.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += try text(encode(record))
        }
        bytes += Array("]}".utf8)
        return bytes
    }

    /// An entry's text up to the opening bracket of its records (`{…,"records":[`).
    static func head(_ change: Change) throws(StoreError) -> [UInt8] {
        var head = try StoreText.bytes(
            encode(Change(label: change.label, at: change.at, by: change.by, records: [])), layout: .compact,
            file: "undo")
        // `…"records":[]}`: the records go between the brackets.
        guard head.count >= 3, head.suffix(3) == Array("[]}".utf8) else {
            throw .invalidContent(file: "undo", location: "(writing)", reason: "the entry does not end in its records")
        }
        head.removeLast(2)
        return head
    }

    /// The records of an entry, each after a comma unless it is the entry's first.
    static func recordBytes(_ records: [RecordChange], first: Bool) throws(StoreError) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            if index > 0 || !first { bytes.append(UInt8(ascii: ",")) }
            bytes += try StoreText.bytes(encode(record), layout: .compact, file: "undo")
        }
        return bytes
    }

    private static func encode(_ record: RecordChange) -> JSONValue {
        [
            "kind": .string(record.kind.rawValue), "before": record.before.map(encode) ?? .null,
            "after": record.after.map(encode) ?? .null,
        ]
    }

    private static func encode(_ record: PlannerRecord) -> JSONValue {
        switch record {
        case .task(let task): TaskRecord.encode(task, .placed)
        case .keyed(let keyed): KeyedRecordCodecs.codec(for: keyed.kind)?.encode(keyed) ?? .null
        }
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> Change {
        let reader = try FieldReader(value, file: file, location: "")
        let kind = try reader.string("kind")
        if kind == "undo" { return try decodeTaskEntry(reader, file: file) }
        try reader.checkHeader(kind: "change")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "label", "at", "by", "records"])
        var records: [RecordChange] = []
        for (index, element) in try reader.array("records").enumerated() {
            let location = "records[\(index)]"
            let entry = try FieldReader(element, file: file, location: location)
            try entry.rejectUnknownKeys(allowed: ["kind", "before", "after"])
            let kind = RecordKind(rawValue: try entry.string("kind"))
            guard kind == .task || KeyedRecordCodecs.codec(for: kind) != nil else {
                let known = [RecordKind.task.rawValue] + KeyedRecordCodecs.all.map { $0.kind.rawValue }
                throw entry.fail("kind", "'\(kind)' is not a kind of record (\(known.joined(separator: ", ")))")
            }
            func record(_ key: String) throws(StoreError) -> PlannerRecord? {
                let value = try entry.value(key)
                if value.isNull { return nil }
                return try decodeRecord(value, kind: kind, file: file, location: "\(location).\(key)")
            }
            let before = try record("before")
            let after = try record("after")
            guard before != nil || after != nil else {
                throw entry.fail("after", "a change needs a before or an after")
            }
            records.append(RecordChange(before: before, after: after))
        }
        return Change(
            label: try reader.string("label"), at: try reader.string("at"), by: try reader.string("by"),
            records: records)
    }

    /// One record of a change, of a known kind.
    private static func decodeRecord(_ value: JSONNode, kind: RecordKind, file: String, location: String)
        throws(StoreError) -> PlannerRecord
    {
        guard kind != .task else {
            return .task(
                try TaskRecord.decode(value, file: file, location: location, shape: .placed, date: nil, slot: nil))
        }
        guard let codec = KeyedRecordCodecs.codec(for: kind) else {
            throw .invalidContent(file: file, location: location, reason: "no kind of record \(kind) is known")
        }
        return .keyed(try codec.decode(value, file: file, location: location, withStamps: nil))
    }

    /// An entry of the older shape: the tasks a change touched, before and after.
    private static func decodeTaskEntry(_ reader: FieldReader, file: String) throws(StoreError) -> Change {
        try reader.checkHeader(kind: "undo")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "label", "at", "changes"])
        var records: [RecordChange] = []
        for (index, changeValue) in try reader.array("changes").enumerated() {
            let location = "changes[\(index)]"
            let change = try FieldReader(changeValue, file: file, location: location)
            try change.rejectUnknownKeys(allowed: ["before", "after"])
            func task(_ key: String) throws(StoreError) -> PlannerRecord? {
                let value = try change.value(key)
                if value.isNull { return nil }
                return .task(
                    try TaskRecord.decode(
                        value, file: file, location: "\(location).\(key)", shape: .placed, date: nil, slot: nil))
            }
            let before = try task("before")
            let after = try task("after")
            if before != nil || after != nil { records.append(RecordChange(before: before, after: after)) }
        }
        return Change(label: try reader.string("label"), at: try reader.string("at"), by: "", records: records)
    }

    /// The sequence numbers of the entry files in the journal directory, oldest first.
    static func sequenceNumbers(in directory: String) throws(StoreError) -> [Int] {
        try FileSystem.list(directory).compactMap { name -> Int? in
            guard name.hasSuffix(".json"), name.utf8.count == 15 else { return nil }
            return Int(name.dropLast(5))
        }.sorted()
    }
}
