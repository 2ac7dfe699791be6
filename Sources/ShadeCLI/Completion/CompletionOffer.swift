import ShadeCore

/// What Tab offers in one place of a command line: words the language fixes (days, slots, a
/// flag's choices), values only the store knows (ids, categories, tags), and, for an option that
/// names a file or a directory, the shell's own path completion.
struct CompletionOffer: Hashable, Sendable {
    /// Words offered as they are.
    var words: [String] = []
    /// Values read from the store when Tab is pressed.
    var sources: [CompletionSource] = []
    /// The shell's own path completion, for an option that takes a file or a directory.
    var paths: PathKind?

    /// What a path option takes.
    enum PathKind: String, Sendable {
        case files, directories
    }

    /// Nothing to offer (free text, a number).
    static let nothing = CompletionOffer()

    /// Whether nothing is offered.
    var isEmpty: Bool { words.isEmpty && sources.isEmpty && paths == nil }

    /// Both offers: the words of each (once, in order) and the values of each.
    static func + (lhs: CompletionOffer, rhs: CompletionOffer) -> CompletionOffer {
        var words = lhs.words
        for word in rhs.words where !words.contains(word) { words.append(word) }
        var sources = lhs.sources
        for source in rhs.sources where !sources.contains(source) { sources.append(source) }
        return CompletionOffer(words: words, sources: sources, paths: lhs.paths ?? rhs.paths)
    }

    /// Words offered as they are.
    static func words(_ words: [String]) -> CompletionOffer { CompletionOffer(words: words) }

    /// Values of the store.
    static func source(_ source: CompletionSource) -> CompletionOffer { CompletionOffer(sources: [source]) }

    /// Words that start a day: today, tomorrow, yesterday, mon … sun, and next, this, last
    /// (`next mon` is one day in two words).
    static let days = words(["today", "tomorrow", "yesterday"] + weekdayNames + dayPrefixes)
    /// A weekday of the week in view.
    static let weekdays = words(weekdayNames)
    /// morning, afternoon, evening.
    static let slots = words(Slot.allCases.map(\.rawValue))
    /// The week words: this, next, prev, last.
    static let weeks = words(["this", "next", "prev", "last"])
    /// What `ls` and `filter` take besides `+tag` and `cat:NAME`: days, slots, weeks and the
    /// filter keywords.
    static let filters = days + slots + words(TaskFilter.keywords)
    /// The palette's colours.
    static let colors = words(TaskColor.allCases.map(\.rawValue))

    /// A word every day offer holds, by which a walk over a line tells that a day is offered
    /// (and so that `next` there starts a day of two words).
    static let dayMarker = "today"

    /// The words that make the next word a weekday of another week (`next mon`, `last sun`):
    /// where a day is offered after one of them, the weekdays are.
    static let dayPrefixes = ["next", "this", "last"]

    private static let weekdayNames = Weekday.allCases.map(\.shortName)

    /// Words that carry their value after a prefix anywhere on a line (`cat:work`, `+errand`,
    /// `goal:g1`), with what each prefix takes.
    static let prefixed: [(prefix: String, offer: CompletionOffer)] = [
        ("cat:", .source(.categories)), ("+", .source(.tags)), ("goal:", .source(.openGoals)),
        ("color:", colors), ("sort:", words(TaskSort.Key.allCases.map(\.rawValue))),
    ]
}

/// Values that only the store knows, read when Tab is pressed. The raw value names each kind for
/// the completion scripts (`shade complete-words open-ids`).
enum CompletionSource: String, CaseIterable, Sendable {
    /// Open tasks around the week in view, with their titles (what `done` takes).
    case openTasks = "open-ids"
    /// Done and cancelled tasks around the week in view (what `undone` takes).
    case closedTasks = "closed-ids"
    /// Every task around the week in view.
    case tasks = "ids"
    /// Goals in progress, with their titles.
    case openGoals = "open-goals"
    /// Goals done or cancelled.
    case closedGoals = "closed-goals"
    /// Every goal.
    case goals
    /// The categories.
    case categories
    /// The tags of the tasks around the week in view.
    case tags
    /// The week templates' names.
    case templates
}
