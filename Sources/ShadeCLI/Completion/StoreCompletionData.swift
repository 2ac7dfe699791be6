import ShadeCore
import ShadeRendering
import ShadeStore

/// The values Tab offers from the store of a session, read when asked: tasks and tags around the
/// week in view (its week, the weeks either side, and the weeks `carry` looks back over for
/// overdue tasks — never the whole history), goals, categories and templates.
///
/// Reading never fails loudly: a store that cannot be read offers nothing. A value holding a
/// character that would be shown escaped is left out (typed back, the escape would name
/// something else); descriptions are escaped and cut to a readable width.
struct StoreCompletionData: CompletionData {
    let session: Session

    /// How wide a description may be, in terminal columns.
    static let descriptionWidth = 50

    func candidates(_ source: CompletionSource) -> [CompletionCandidate] {
        (try? read(source)) ?? []
    }

    private func read(_ source: CompletionSource) throws -> [CompletionCandidate] {
        switch source {
        case .openTasks: return try tasks { $0 == .open }
        case .closedTasks: return try tasks { $0 != .open }
        case .tasks: return try tasks { _ in true }
        case .openGoals: return try goals { $0 == .open }
        case .closedGoals: return try goals { $0 != .open }
        case .goals: return try goals { _ in true }
        case .categories:
            return try session.read { state in try state.categories() }.map(\.name).filter(Self.isPlain)
                .map { CompletionCandidate($0) }
        case .tags:
            let tags = Set(try nearbyTasks().flatMap(\.tags)).filter(Self.isPlain)
            return tags.sorted().map { CompletionCandidate($0) }
        case .templates:
            return try Shade.Templates.templates(in: session).map(\.name).filter(Self.isPlain).sorted()
                .map { CompletionCandidate($0) }
        }
    }

    /// The tasks around the week in view whose status passes, by id, each with its title.
    private func tasks(_ status: (TaskStatus) -> Bool) throws -> [CompletionCandidate] {
        var seen: Set<Int> = []
        return try nearbyTasks().filter { status($0.status) && $0.id > 0 && seen.insert($0.id).inserted }
            .sorted { $0.id < $1.id }
            .map { CompletionCandidate("\($0.id)", description: Self.shown($0.title)) }
    }

    /// The goals whose status passes, by number, each with its title.
    private func goals(_ status: (GoalStatus) -> Bool) throws -> [CompletionCandidate] {
        try session.read { state in try state.goals() }.filter { status($0.status) && $0.number > 0 }
            .sorted { $0.number < $1.number }
            .map { CompletionCandidate($0.label, description: Self.shown($0.title)) }
    }

    /// The tasks of the weeks either side of the one in view, and of the weeks `carry` looks back
    /// over (where overdue tasks are).
    private func nearbyTasks() throws -> [PlannerTask] {
        let view = session.view.week
        let today = try session.now().date
        var weeks = [view.adding(weeks: -1), view, view.adding(weeks: 1)]
        for week in CarryOperations.weeksLookedAt(today: today) where !weeks.contains(week) { weeks.append(week) }
        return try session.read { state in try weeks.flatMap { week in try state.tasks(in: week) } }
    }

    /// Whether a value reads the same escaped (no control or bidi character, no blank).
    private static func isPlain(_ value: String) -> Bool {
        TextEscaping.firstUnsafe(in: value) == nil && !value.contains(" ")
    }

    /// A title as a description: escaped, on one line, cut to the description width.
    private static func shown(_ title: String) -> String {
        DisplayWidth.truncate(TextEscaping.escape(title), to: descriptionWidth)
    }
}
