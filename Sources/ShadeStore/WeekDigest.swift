import ShadeCore

/// What the tasks filed in one week hold, in brief, for the views that look across every week
/// (`goals`, `cat`, `members`) without reading them: the goals the tasks join, their done, open
/// and cancelled counts by category, and the changes each author made to them (as
/// `MemberOperations.changes` counts them). Kept in the week's summary entry.
struct WeekDigest: Hashable {
    /// The goals (by uid) the week's tasks join.
    var goals: Set<String> = []
    /// The week's tasks counted by category.
    var categories: [String: Tally] = [:]
    /// The changes each author made to the week's tasks.
    var authors: [String: Int] = [:]

    init(goals: Set<String>, categories: [String: Tally], authors: [String: Int]) {
        self.goals = goals
        self.categories = categories
        self.authors = authors
    }

    /// The digest of a week's filed tasks.
    init(_ tasks: [PlannerTask]) {
        goals = Set(tasks.compactMap(\.goal))
        for task in tasks {
            if let category = task.category { categories[category, default: Tally()].add(task.status) }
        }
        authors = MemberOperations.changes(in: tasks.map(\.stamps))
    }
}
