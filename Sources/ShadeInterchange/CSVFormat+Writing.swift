import CSV
import Foundation
import ShadeCore

/// Writing a CSV a batch of rows at a time: the header, the repeating tasks, then the tasks, rows
/// separated by CR LF and the file ended by one.
extension CSVFormat {
    struct Writer: FormatWriter {
        /// Tasks counted towards a goal (CSV holds none).
        private var withGoals = 0

        mutating func begin(series: [RepeatSeries], occurrences: [PlannerTask]) throws -> [UInt8] {
            var rows = [CSVFormat.columns]
            for series in series.sorted(by: { ($0.anchor, $0.uid) < ($1.anchor, $1.uid) }) {
                let base = series.base
                rows.append(
                    row([
                        "uid": series.uid, "date": series.anchor.description, "slot": base.slot.rawValue,
                        "time": base.time?.description, "title": base.title, "status": "open",
                        "category": base.category, "tags": base.tags.joined(separator: " "), "notes": base.notes,
                        "favorite": base.favorite ? "yes" : "no", "color": base.color?.rawValue,
                        "remind": base.remind?.description, "repeat": series.rule.description,
                        "until": series.until?.description, "count": series.count.map(String.init),
                        "created": series.created, "modified": series.modified,
                        "estimate": base.estimate.map(String.init),
                    ]))
            }
            // The header starts the file: the rows after it each start with the line break.
            let header = try Self.text(rows[..<1])
            return rows.count > 1 ? header + Array("\r\n".utf8) + (try Self.text(rows[1...])) : header
        }

        mutating func write(_ tasks: [PlannerTask]) throws -> [UInt8] {
            withGoals += tasks.filter { $0.goal != nil }.count
            let rows = tasks.map { task in
                row([
                    "uid": task.uid, "date": task.date.description, "slot": task.slot.rawValue,
                    "time": task.time?.description, "title": task.title, "status": task.status.rawValue,
                    "category": task.category, "tags": task.tags.joined(separator: " "), "notes": task.notes,
                    "favorite": task.favorite ? "yes" : "no", "color": task.color?.rawValue,
                    "remind": task.remind?.description, "series": task.series,
                    "carried": task.carried > 0 ? String(task.carried) : nil, "planned": task.planned?.description,
                    "created": task.created, "modified": task.modified, "done_at": task.doneAt, "to": task.to,
                    "due": task.due?.description, "estimate": task.estimate.map(String.init),
                ])
            }
            return Array("\r\n".utf8) + (try Self.text(rows[...]))
        }

        /// Ends with the inbox: a row with no date, slot or time for each task with no day yet.
        mutating func finish(records: [AnyKeyedRecord]) throws -> (bytes: [UInt8], notes: [String]) {
            var notes: [String] = []
            let inbox = records.compactMap { $0.base as? InboxTask }
            withGoals += inbox.filter { $0.goal != nil }.count
            if withGoals > 0 { notes.append("CSV holds no goals (\(tasks(withGoals)) counted towards one)") }
            let rows = inbox.map { task in
                row([
                    "uid": task.uid, "title": task.title, "status": "open", "category": task.category,
                    "tags": task.tags.joined(separator: " "), "notes": task.notes,
                    "favorite": task.favorite ? "yes" : "no", "color": task.color?.rawValue, "created": task.created,
                    "modified": task.modified, "to": task.to, "due": task.due?.description,
                    "estimate": task.estimate.map(String.init),
                ])
            }
            let end = Array("\r\n".utf8)
            return (rows.isEmpty ? end : end + (try Self.text(rows[...])) + end, notes)
        }

        private func row(_ values: [String: String?]) -> [String] {
            CSVFormat.columns.map { (values[$0] ?? nil) ?? "" }
        }

        /// Rows as CSV.swift writes them: fields quoted as RFC 4180 asks, rows parted by CR LF.
        private static func text(_ rows: ArraySlice<[String]>) throws -> [UInt8] {
            let stream = OutputStream(toMemory: ())
            let writer = try CSVWriter(stream: stream, newline: .crlf)
            for row in rows { try writer.write(row: row) }
            stream.close()
            guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else {
                throw ImportError("could not write the CSV")
            }
            return [UInt8](data)
        }
    }
}
