import ShadeCore

/// A task as a large import sets it aside and takes it back (`TaskBuckets`): every field of the
/// task in a fixed order, each text after its length. Only the process that wrote it reads it
/// back (a spill file is never a store file, and is gone when the import ends), so it is the
/// task's own fields, without the JSON a store file is: setting aside and taking back a task
/// through JSON text and json-c was a tenth of a large import's time.
enum TaskSpillCodec {
    /// Appends one entry: the task, where it stands in the file (`sequence`) and its line.
    static func append(_ task: PlannerTask, sequence: Int, line: Int, to out: inout [UInt8]) {
        var body: [UInt8] = []
        body.reserveCapacity(256)
        var writer = Writer(bytes: body)
        writer.int(sequence)
        writer.int(line)
        writer.text(task.uid)
        writer.text(task.title)
        writer.optionalText(task.notes)
        writer.int(task.date.daysSinceEpoch)
        writer.text(task.slot.rawValue)
        writer.optionalInt(task.time?.minutes)
        writer.text(task.status.rawValue)
        writer.int(task.tags.count)
        for tag in task.tags { writer.text(tag) }
        writer.optionalText(task.category)
        writer.optionalText(task.color?.rawValue)
        writer.int(task.favorite ? 1 : 0)
        writer.optionalText(task.remind?.description)
        writer.int(task.carried)
        writer.optionalInt(task.planned?.daysSinceEpoch)
        writer.optionalText(task.goal)
        writer.optionalText(task.to)
        writer.optionalInt(task.due?.daysSinceEpoch)
        writer.optionalInt(task.estimate)
        writer.text(task.created)
        writer.text(task.modified)
        writer.optionalText(task.doneAt)
        writer.stamp(task.stamps.made)
        let changed = task.stamps.changed.sorted { $0.key < $1.key }
        writer.int(changed.count)
        for (field, stamp) in changed {
            writer.text(field)
            writer.stamp(stamp)
        }
        writer.optionalText(task.series)
        body = writer.bytes
        var length = Writer(bytes: [])
        length.int(body.count)
        out += length.bytes
        out += body
    }

    /// Reads every entry of `bytes`, in order: each task (its id 0), its place in the file and
    /// its line. Anything else than what `append` wrote fails, naming `file`.
    static func entries(_ bytes: [UInt8], file: String) throws(StoreError) -> [TaskBuckets.Entry] {
        var reader = Reader(bytes: bytes, file: file)
        var entries: [TaskBuckets.Entry] = []
        while !reader.atEnd {
            let length = try reader.int()
            guard length > 0, length <= bytes.count - reader.offset else { throw reader.damaged() }
            let end = reader.offset + length
            let entry = try reader.entry()
            guard reader.offset == end else { throw reader.damaged() }
            entries.append(entry)
        }
        return entries
    }

    private struct Writer {
        var bytes: [UInt8]

        mutating func int(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func text(_ value: String) {
            int(value.utf8.count)
            bytes.append(contentsOf: value.utf8)
        }

        mutating func stamp(_ stamp: FieldStamp) {
            text(stamp.at)
            text(stamp.by)
        }

        mutating func optionalText(_ value: String?) {
            bytes.append(value == nil ? 0 : 1)
            if let value { text(value) }
        }

        mutating func optionalInt(_ value: Int?) {
            bytes.append(value == nil ? 0 : 1)
            if let value { int(value) }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        let file: String
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        func damaged() -> StoreError {
            .invalidContent(file: file, location: "byte \(offset)", reason: "not a task this import set aside")
        }

        mutating func int() throws(StoreError) -> Int {
            guard offset + 8 <= bytes.count else { throw damaged() }
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return Int(Int64(bitPattern: value))
        }

        mutating func text() throws(StoreError) -> String {
            let count = try int()
            guard count >= 0, count <= bytes.count - offset else { throw damaged() }
            defer { offset += count }
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }

        mutating func stamp() throws(StoreError) -> FieldStamp {
            let at = try text()
            return FieldStamp(at: at, by: try text())
        }

        mutating func flag() throws(StoreError) -> Bool {
            guard offset < bytes.count, bytes[offset] <= 1 else { throw damaged() }
            defer { offset += 1 }
            return bytes[offset] == 1
        }

        mutating func optionalText() throws(StoreError) -> String? { try flag() ? try text() : nil }

        /// A value of a kind named by text (`make` nil: not one).
        mutating func parsed<T>(_ make: (String) -> T?) throws(StoreError) -> T {
            guard let value = make(try text()) else { throw damaged() }
            return value
        }

        mutating func entry() throws(StoreError) -> TaskBuckets.Entry {
            let sequence = try int()
            let line = try int()
            let uid = try text()
            let title = try text()
            let notes = try optionalText()
            let date = CivilDate(daysSinceEpoch: try int())
            let slot: Slot = try parsed { Slot(rawValue: $0) }
            var time: TimeOfDay?
            if try flag() {
                guard let minutes = TimeOfDay(minutes: try int()) else { throw damaged() }
                time = minutes
            }
            let status: TaskStatus = try parsed { TaskStatus(rawValue: $0) }
            let tagCount = try int()
            guard tagCount >= 0, tagCount <= bytes.count - offset else { throw damaged() }
            var tags: [String] = []
            for _ in 0..<tagCount { tags.append(try text()) }
            let category = try optionalText()
            let color: TaskColor? = try flag() ? try parsed { TaskColor(rawValue: $0) } : nil
            let favorite = try int() == 1
            let remind: Reminders? = try flag() ? try parsed { Reminders(parsing: $0) } : nil
            let carried = try int()
            let planned = try flag() ? CivilDate(daysSinceEpoch: try int()) : nil
            let goal = try optionalText()
            let to = try optionalText()
            let due = try flag() ? CivilDate(daysSinceEpoch: try int()) : nil
            let estimate = try flag() ? try int() : nil
            let created = try text()
            let modified = try text()
            let doneAt = try optionalText()
            let made = try stamp()
            let changedCount = try int()
            guard changedCount >= 0, changedCount <= bytes.count - offset else { throw damaged() }
            var changed: [String: FieldStamp] = [:]
            for _ in 0..<changedCount {
                let field = try text()
                changed[field] = try stamp()
            }
            let series = try optionalText()
            let task = PlannerTask(
                id: 0, uid: uid, title: title, notes: notes, date: date, slot: slot, time: time, status: status,
                tags: tags, category: category, color: color, favorite: favorite, remind: remind, carried: carried,
                planned: planned, goal: goal, to: to, due: due, estimate: estimate, created: created,
                modified: modified, doneAt: doneAt,
                stamps: FieldStamps(made: made, changed: changed), series: series)
            return TaskBuckets.Entry(sequence: sequence, line: line, task: task)
        }
    }
}
