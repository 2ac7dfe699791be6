import ShadeCore
import ShadeJSON
import ShadeStore

/// The view of `check`: each problem as `FILE:LINE:COLUMN: what is wrong`, the notes, and a
/// summary line; or the report as JSON.
public enum StoreCheckView {
    /// The problems, the notes, then `checked 6 files, 26 tasks: no problems` (or how many).
    public static func render(_ report: StoreReport) -> SafeText {
        var text = SafeText()
        for problem in report.problems {
            var place = problem.file
            if let line = problem.line, let column = problem.column { place += ":\(line):\(column)" }
            text += "\(place): \(problem.message)\n"
        }
        for note in report.notes { text += "note: \(note)\n" }
        let summary = "checked \(report.files) files, \(report.tasks) tasks"
        let count = report.problems.count
        text +=
            report.problems.isEmpty
            ? "\(summary): no problems\n" : "\(summary): \(count) problem\(count == 1 ? "" : "s")\n"
        return text
    }

    /// `{"ok", "files", "tasks", "backup_sets", "problems": [{"file", "line", "column", "message"}], "notes"}`.
    public static func json(_ report: StoreReport) -> JSONValue {
        [
            "ok": .bool(report.problems.isEmpty), "files": .int(Int64(report.files)),
            "tasks": .int(Int64(report.tasks)), "backup_sets": .int(Int64(report.backupSets)),
            "problems": .array(
                report.problems.map { problem in
                    [
                        "file": .string(problem.file), "line": problem.line.map { .int(Int64($0)) } ?? .null,
                        "column": problem.column.map { .int(Int64($0)) } ?? .null,
                        "message": .string(problem.message),
                    ]
                }),
            "notes": .array(report.notes.map { .string($0) }),
        ]
    }
}
