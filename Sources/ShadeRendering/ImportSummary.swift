import ShadeCore
import ShadeJSON

/// The view of `import`: what it added, updated and left (or would, with `--dry-run`), and the
/// notes of the format's reader.
public enum ImportSummary {
    /// `imported week.csv (csv): 12 tasks added, 3 updated, 40 left as they were …`, then how to
    /// take it back and the reader's notes.
    public static func render(
        _ outcome: ImportOperations.Outcome, notes: [String], file: SafeText, format: String, dryRun: Bool
    ) -> SafeText {
        render(outcome.tally, notes: notes, file: file, format: format, dryRun: dryRun)
    }

    /// The same, from a tally.
    public static func render(_ outcome: ImportTally, notes: [String], file: SafeText, format: String, dryRun: Bool)
        -> SafeText
    {
        func tasks(_ count: Int) -> String { "\(count) task\(count == 1 ? "" : "s")" }
        var parts = [
            "\(tasks(outcome.added)) \(dryRun ? "to add" : "added")",
            "\(outcome.updated) \(dryRun ? "to update" : "updated")",
            "\(outcome.left) left as they were",
        ]
        let kinds: [(RecordKind, String, String)] = [
            (RepeatSeries.kind, "repeating task", "repeating tasks"), (Goal.kind, "goal", "goals"),
            (Category.kind, "category", "categories"), (WeekTemplate.kind, "template", "templates"),
            (InboxTask.kind, "inbox task", "inbox tasks"),
        ]
        for (kind, one, many) in kinds {
            let added = outcome.recordsAdded[kind] ?? 0
            let updated = outcome.recordsUpdated[kind] ?? 0
            guard added + updated > 0 else { continue }
            let count = added + updated
            parts.append(
                "\(count) \(count == 1 ? one : many) \(updated == 0 ? "new" : added == 0 ? "updated" : "new or updated")"
            )
        }
        var text: SafeText =
            (dryRun ? "would import " : !outcome.changed ? "nothing to import from " : "imported ") + file
            + " (\(format)): " + SafeText(escaping: parts.joined(separator: ", "))
        if !dryRun, outcome.changed { text += "\n'undo' takes the whole import back" }
        for note in notes { text += "\nnote: " + SafeText(escaping: note) }
        return text
    }

    /// `{"added", "updated", "left"}` by uid, and `"format"` and `"notes"` when it was not a dry run.
    public static func json(_ outcome: ImportOperations.Outcome, notes: [String], format: String, dryRun: Bool)
        -> JSONValue
    {
        json(outcome.tally, notes: notes, format: format, dryRun: dryRun)
    }

    /// The same, from a tally (its uids listed).
    public static func json(_ outcome: ImportTally, notes: [String], format: String, dryRun: Bool) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("added", .array(outcome.addedUIDs.map(JSONValue.string)))
        object.appendUnique("updated", .array(outcome.updatedUIDs.map(JSONValue.string)))
        object.appendUnique("left", .array(outcome.leftUIDs.map(JSONValue.string)))
        if !dryRun {
            object.appendUnique("format", .string(format))
            object.appendUnique("notes", .array(notes.map(JSONValue.string)))
        }
        return .object(object)
    }
}
