/// Where tasks of each category and tag get done (SPEC §16): for each, the tasks of the planner's
/// history counted by weekday × slot, done and counted (done or open; a cancelled task counts
/// nothing). `plan` prefers, for a task, the places with the best done rate for its category and
/// tags. Made from weeks' tasks, kept in each week's digest, and added up.
public struct PlaceHistory: Hashable, Sendable {
    /// One place's count.
    public struct Count: Hashable, Sendable {
        public var done: Int
        public var counted: Int

        public init(done: Int = 0, counted: Int = 0) {
            self.done = done
            self.counted = counted
        }
    }

    /// By key (`cat:NAME`, `tag:NAME`), the 21 places (Monday morning first, as `WeekCells`).
    public private(set) var counts: [String: [Count]] = [:]

    /// The fewest tasks a place must have counted before its rate says anything.
    public static let fewestCounted = 3

    public init() {}

    /// The 21 places with nothing counted.
    static let empty = Array(repeating: Count(), count: 21)

    /// The history of a week's tasks.
    public init(_ tasks: [PlannerTask]) {
        for task in tasks where task.status != .cancelled {
            let place = Self.place(task.date.weekday, task.slot)
            for key in Self.keys(category: task.category, tags: task.tags) {
                // Counted in place, not copied out of the dictionary and back.
                counts[key, default: Self.empty][place].counted += 1
                if task.status == .done { counts[key, default: Self.empty][place].done += 1 }
            }
        }
    }

    /// A history as a cache holds it: by key, the 21 places' counts (a list of another length
    /// counts nothing).
    public init(counts: [String: [Count]]) {
        self.counts = counts.filter { $0.value.count == 21 }
    }

    /// The keys a task with this category and these tags is counted under.
    public static func keys(category: String?, tags: [String]) -> [String] {
        (category.map { ["cat:" + $0] } ?? []) + tags.map { "tag:" + $0 }
    }

    /// A place's number: Monday morning 0 … Sunday evening 20.
    public static func place(_ weekday: Weekday, _ slot: Slot) -> Int { (weekday.rawValue - 1) * 3 + slot.index }

    /// Adds another history to this one.
    public mutating func add(_ other: PlaceHistory) {
        for (key, list) in other.counts {
            for place in 0..<21 {
                counts[key, default: Self.empty][place].done += list[place].done
                counts[key, default: Self.empty][place].counted += list[place].counted
            }
        }
    }

    /// The count of a place for the tasks of these keys together.
    public func count(for keys: [String], at place: Int) -> Count {
        var result = Count()
        for key in keys {
            guard let list = counts[key] else { continue }
            result.done += list[place].done
            result.counted += list[place].counted
        }
        return result
    }
}
