import CSV
import Foundation
import ShadeCore

/// CSV (RFC 4180), through CSV.swift: a header line, then one task a row —
/// `uid,date,slot,time,title,status,category,tags,notes,favorite,color,remind,repeat,until,series,carried,planned,created,modified,done_at,to,due,estimate,count`.
/// A repeating task is one row with its rule in `repeat` (its first day in `date`); a repeating
/// task's occurrence that has a status of its own is a row naming its series. Tags are
/// separated by spaces. Reading, the columns may come in any order and all but `title` and
/// `date` may be left out; a column shade does not know is skipped (and said so).
///
/// What CSV does not hold: a task's goal, and a repeating task's skipped days and later
/// revisions.
enum CSVFormat {
    static let columns = [
        "uid", "date", "slot", "time", "title", "status", "category", "tags", "notes", "favorite", "color", "remind",
        "repeat", "until", "series", "carried", "planned", "created", "modified", "done_at", "to", "due", "estimate",
        "count",
    ]

    /// Reads the rows one at a time, handing each task or series to `body` with the line it
    /// starts on (a quoted field may hold line breaks).
    static func stream(
        _ chunks: ImportChunks, context: InterchangeContext, _ body: (TextRecord.Either, Int) throws -> Void
    ) throws -> StreamedImportSummary {
        let input = CSVInput(chunks)
        /// The line that is not UTF-8, when a row that ends on `line` reaches it.
        func failure(reaching line: Int) -> ImportError? {
            guard let failure = input.failure, failure.line ?? 0 <= line else { return nil }
            return failure
        }
        let reader: CSVReader
        do { reader = try CSVReader(stream: input, hasHeaderRow: false) } catch {
            throw input.failure ?? ImportError(line: 1, "not CSV: \(error)")
        }
        guard let header = reader.next() else {
            throw input.failure ?? ImportError(line: 1, "the file is empty; a CSV needs a header line")
        }
        var line = 2 + newlines(in: header)
        if let failure = failure(reaching: line - 1) { throw failure }
        let names = header.map { $0.trimming(" \t").lowercased().replacingOccurrences(of: "-", with: "_") }
        guard names.contains("title") else {
            throw ImportError(line: 1, "the header line names no title column (uid,date,slot,time,title,…)")
        }
        guard names.contains("date") else {
            throw ImportError(line: 1, "the header line names no date column (uid,date,slot,time,title,…)")
        }
        var summary = StreamedImportSummary(taskFields: TextRecord.taskFields(Set(names)))
        let unknown = names.filter { !columns.contains($0) && !$0.isEmpty }
        if !unknown.isEmpty { summary.notes.append("columns not read: \(unknown.joined(separator: ", "))") }
        while let fields = reader.next() {
            defer { line += 1 + newlines(in: fields) }
            if let failure = failure(reaching: line + newlines(in: fields)) { throw failure }
            if fields.allSatisfy({ $0.isEmpty }) { continue }
            guard fields.count == names.count else {
                throw ImportError(line: line, "the row has \(fields.count) fields; the header has \(names.count)")
            }
            let values = Dictionary(zip(names, fields), uniquingKeysWith: { first, _ in first })
            let record = TextRecord(values: values, line: line, identity: "csv\n" + fields.joined(separator: "\n"))
            try body(try record.record(context: context), line)
        }
        if let failure = input.failure { throw failure }
        if let error = reader.error { throw ImportError(line: line, "not CSV: \(error)") }
        return summary
    }

    private static func newlines(in fields: [String]) -> Int {
        fields.reduce(0) { $0 + $1.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) } }
    }
}
