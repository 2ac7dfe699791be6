import ShadeCore
import ShadeJSON

/// Reading Taskwarrior's JSON a record at a time: one object a line, or a JSON array (`[` first)
/// laid out in any way, its elements split off and parsed one by one.
extension TaskwarriorFormat {
    /// The task fields Taskwarrior's JSON holds.
    static let taskFields: Set<PlannerTask.Field> = [
        .date, .slot, .time, .title, .status, .tags, .category, .notes, .favorite, .to, .doneAt,
    ]

    /// Reads the objects one at a time, handing each task and series to `body`: a `recurring`
    /// parent whose recur maps is a series (checked here when `checksSeries`), any other object a
    /// task with its parent's uuid, for `StreamedImportSummary.resolve`.
    static func stream(
        _ chunks: ImportChunks, context: InterchangeContext, checksSeries: Bool,
        _ body: (StreamedRecord) throws -> Void
    ) throws -> StreamedImportSummary {
        var reading = Reading(context: context, checksSeries: checksSeries)
        if try startsWithArray(chunks) {
            var elements = JSONArrayElements(chunks)
            while let (element, line) = try elements.next() {
                guard let object = element.objectValue else {
                    throw ImportError(line: line, "expected a task object, found \(element.kindDescription)")
                }
                if let record = try reading.add(object, line: line) { try body(record) }
            }
        } else {
            var lines = TextLines(chunks)
            while let (line, number) = try lines.next() {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                guard !trimmed.isEmpty else { continue }
                let value: JSONValue
                do throws(JSONError) {
                    value = try JSONParser.parse(Array(trimmed.utf8), maximumDepth: ImportLimits.maximumJSONDepth)
                } catch {
                    throw ImportError(line: number, column: error.column, "not JSON: \(error.reason)")
                }
                guard let object = value.objectValue else {
                    throw ImportError(line: number, "expected a task object, found \(value.kindDescription)")
                }
                if let record = try reading.add(object, line: number) { try body(record) }
            }
        }
        return reading.summary
    }

    /// Whether the text's first character after blanks (and a byte-order mark) is `[`: the
    /// chunks looked at are given back.
    private static func startsWithArray(_ chunks: ImportChunks) throws(ImportError) -> Bool {
        var head: [UInt8] = []
        defer { if !head.isEmpty { chunks.giveBack(head[...]) } }
        // How far the head is known to hold blanks only (whole characters): each chunk is looked
        // at once, so a file of blanks costs its length, not its length squared.
        var blank = 0
        while let chunk = try chunks.next() {
            head += chunk
            let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
            let rest = body.dropFirst(blank)
            // Up to the last whole character (a chunk may end inside one); all when not UTF-8.
            var check = UTF8Check()
            var whole = 0
            for (index, byte) in rest.enumerated() {
                guard check.accept(byte) else {
                    whole = rest.count
                    break
                }
                if check.isComplete { whole = index + 1 }
            }
            let text = String(decoding: rest.prefix(whole), as: UTF8.self)
            guard let first = text.first(where: { !$0.isWhitespace }) else {
                blank += whole
                continue
            }
            return first == "["
        }
        return false
    }

    /// What the records read so far come to: the series by their parent's uuid, the parents
    /// whose recur does not map, and the counts the notes give.
    private struct Reading {
        let context: InterchangeContext
        let checksSeries: Bool
        var series: [String: RepeatSeries] = [:]
        var unmapped: [String: String] = [:]
        var waiting = 0
        var annotated = 0

        /// The object as a record to hand out: nil for a parent whose recur does not map.
        mutating func add(_ object: JSONObject, line: Int) throws(ImportError) -> StreamedRecord? {
            let record = try Record(object, line: line, context: context)
            guard record.status == "recurring" else {
                if record.waiting { waiting += 1 }
                if record.annotated { annotated += 1 }
                if record.undated, record.parent == nil, record.status == "pending" || record.status == "waiting" {
                    return .inbox(InboxTask(unplanning: record.task), line: line)
                }
                return .task(record.task, line: line, parent: record.parent)
            }
            guard let rule = TaskwarriorFormat.rule(record.recur) else {
                unmapped[record.uuid] = record.recur ?? ""
                return nil
            }
            let until = record.until.map { LocalZone.local($0).date }
            let made = RepeatSeries(
                uid: record.uid, title: record.title, notes: record.notes, slot: record.placement.slot,
                time: record.placement.time, tags: record.tags, category: record.category, favorite: record.favorite,
                rule: rule, anchor: record.placement.date, until: until.map { max($0, record.placement.date) },
                created: record.created)
            if checksSeries { try ImportValidation.check(made) }
            series[record.uuid] = made
            return .series(made, line: line)
        }

        var summary: StreamedImportSummary {
            var notes: [String] = []
            if waiting > 0 {
                notes.append(
                    "\(waiting) waiting task\(waiting == 1 ? "" : "s"): shade keeps no wait date; they are open")
            }
            if annotated > 0 { notes.append("annotations became notes, one a line, without their own times") }
            for (_, recur) in unmapped.sorted(by: { $0.key < $1.key }) {
                notes.append("recur:\(recur) has no shade rule; its occurrences came as tasks of their own")
            }
            return StreamedImportSummary(taskFields: taskFields, notes: notes, seriesByParent: series)
        }
    }
}
