/// The rules an imported task meets. Its text is kept exactly as the file has it (SPEC §13:
/// control characters included, which views show escaped); a file is refused only for what no
/// task can hold — an empty title, a title or note longer than the limits, a tag that is not one
/// word, a category that is no category name, a date outside the years shade takes (SPEC §14,
/// `CivilDate.supported`). A file that breaks them imports nothing; the error says which rule.
public enum ImportValidation {
    /// Checks a task as it is to be filed.
    public static func check(_ task: PlannerTask) throws(ImportError) {
        try checkDate(task.date, "the date is")
        if let planned = task.planned { try checkDate(planned, "the planned date is") }
        if let due = task.due { try checkDate(due, "the due date is") }
        if TaskText.isBlank(task.title) {
            throw ImportError("the task has no title")
        }
        if task.title.count > TaskText.maximumTitleLength {
            throw ImportError(
                "the title is \(task.title.count) characters long; the limit is \(TaskText.maximumTitleLength)")
        }
        if let notes = task.notes, notes.count > 10_000 {
            throw ImportError("the note is \(notes.count) characters long; the limit is 10000")
        }
        for tag in task.tags where tag.isEmpty || tag.unicodeScalars.contains(where: \.properties.isWhitespace) {
            throw ImportError("the tag '+\(tag)' is not one word")
        }
        if let category = task.category {
            do throws(InputError) {
                if try TaskText.validateCategory(category) != category {
                    throw InputError.invalid("the category '\(category)' is not in lowercase")
                }
            } catch {
                throw ImportError(error.message.text)
            }
        }
    }

    /// Checks the days a repeating task starts and ends on.
    public static func check(_ series: RepeatSeries) throws(ImportError) {
        try checkDate(series.anchor, "the repeating task “\(series.base.title)” (\(series.uid)) starts on")
        if let until = series.until {
            try checkDate(until, "the repeating task “\(series.base.title)” (\(series.uid)) ends on")
        }
    }

    /// Checks every date of a bundle's repeating tasks and goals (its tasks are checked one by
    /// one as each format reads them, with the line they are on).
    public static func checkDates(_ bundle: PlannerBundle) throws(ImportError) {
        for series in bundle.series { try check(series) }
        for goal in bundle.goals {
            try checkDate(goal.period.firstDay, "goal “\(goal.title)” (\(goal.uid)) is for")
            try checkDate(goal.period.lastDay, "goal “\(goal.title)” (\(goal.uid)) is for")
            if let due = goal.due { try checkDate(due, "goal “\(goal.title)” (\(goal.uid)) is due on") }
        }
    }

    /// Refuses a date outside `CivilDate.supported`, after what it is (`the date is`).
    private static func checkDate(_ date: CivilDate, _ what: String) throws(ImportError) {
        guard !date.isSupported else { return }
        let range = CivilDate.supported
        throw ImportError("\(what) \(date), outside the dates shade takes (\(range.lowerBound) to \(range.upperBound))")
    }

    /// A title from another program, kept exactly as it is.
    public static func title(_ text: String) -> String { text }

    /// A category from another program (a project `Home.Garden`, a calendar's `Work Stuff`) as a
    /// category name: lowercase, every character that is not a letter, a digit, `-` or `_`
    /// replaced by `-`, cut to 40 characters; nil when nothing is left.
    public static func category(_ text: String) -> String? {
        let scalars = text.trimmingBlanks.lowercased().unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_"
                ? scalar : "-"
        }
        let name = String(String.UnicodeScalarView(scalars)).prefix(40)
        return name.allSatisfy({ $0 == "-" }) ? nil : String(name)
    }

    /// A tag from another program: blanks become `-`; nil when nothing is left.
    public static func tag(_ text: String) -> String? {
        let scalars = text.trimmingBlanks.unicodeScalars.map { $0.properties.isWhitespace ? "-" : $0 }
        let tag = String(String.UnicodeScalarView(scalars))
        return tag.isEmpty ? nil : String(tag.prefix(100))
    }
}

extension String {
    /// The text without blanks (spaces, tabs, line breaks) at either end.
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
