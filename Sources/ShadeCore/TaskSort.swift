/// An order for task lists: `sort:date` (the default: date, slot, time), `sort:title`,
/// `sort:category`, `sort:created`, `sort:modified`, `sort:fav`; `-` before the key descends.
public struct TaskSort: Hashable, Sendable {
    /// What to compare.
    public enum Key: String, CaseIterable, Sendable {
        case date, title, category, created, modified, fav
    }

    /// The key.
    public let key: Key
    /// Whether the order is reversed.
    public let descending: Bool

    /// Creates an order.
    public init(key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// The default order: date, slot, time.
    public static let date = TaskSort(key: .date)

    /// Reads `sort:KEY` or `sort:-KEY`; nil when the word is not a sort word.
    public static func parse(_ word: String) throws(InputError) -> TaskSort? {
        guard word.utf8.count >= 5, word.prefix(5).lowercased() == "sort:" else { return nil }
        var name = String(word.dropFirst(5)).lowercased()
        let descending = name.hasPrefix("-")
        if descending { name.removeFirst() }
        guard let key = Key(rawValue: name == "favorite" ? "fav" : name) else {
            throw .invalid(
                "'\(word)' is not an order; use sort: with one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")), and - to reverse (sort:-modified)"
            )
        }
        return TaskSort(key: key, descending: descending)
    }

    /// The tasks in this order; ties keep the timeline order (the sort is stable).
    public func sorted(_ tasks: [PlannerTask]) -> [PlannerTask] {
        let timeline = PlannerTask.sortedInTimelineOrder(tasks)
        guard key != .date || descending else { return timeline }
        let indexed = Array(timeline.enumerated())
        let ordered = indexed.sorted { lhs, rhs in
            let order = compare(lhs.element, rhs.element)
            if order != 0 { return descending ? order > 0 : order < 0 }
            return lhs.offset < rhs.offset
        }
        return ordered.map(\.element)
    }

    /// -1, 0 or 1.
    private func compare(_ lhs: PlannerTask, _ rhs: PlannerTask) -> Int {
        func sign<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : a > b ? 1 : 0 }
        switch key {
        case .date:
            let l = lhs.timelineKey
            let r = rhs.timelineKey
            return l < r ? -1 : l > r ? 1 : 0
        case .title: return sign(TextFolding.fold(lhs.title), TextFolding.fold(rhs.title))
        // Tasks without a category come last either way up.
        case .category:
            switch (lhs.category, rhs.category) {
            case (let l?, let r?): return sign(l, r)
            case (nil, .some): return descending ? -1 : 1
            case (.some, nil): return descending ? 1 : -1
            case (nil, nil): return 0
            }
        case .created: return sign(lhs.created, rhs.created)
        case .modified: return sign(lhs.modified, rhs.modified)
        // Starred first.
        case .fav: return sign(rhs.favorite ? 1 : 0, lhs.favorite ? 1 : 0)
        }
    }
}
