/// `plan` (SPEC §16): a place in a week for each open inbox task and each overdue task, as a pure
/// function of the records, the clock and the history — the same records and clock give the same
/// proposal, and `--apply` makes exactly that proposal.
///
/// A task goes into a slot of the week that has not ended, on or before its `due:` day, where it
/// has room: by minutes when it has an estimate (what is left of the slot's length, and a
/// capacity in minutes), by task count against a capacity in tasks. Among the slots with room it
/// prefers the one where this planner's history says tasks of its category or tags get done (the
/// best done rate, from at least `PlaceHistory.fewestCounted` tasks), then the least full, then
/// the earliest. Tasks are placed in order of their deadlines (the nearest first; none last),
/// overdue tasks before inbox tasks, then by id; each placement counts in the room of those after.
public enum WeekPlan {
    /// A task to place.
    public struct Candidate: Hashable, Sendable {
        public let id: Int
        public let uid: String
        public let title: String
        public let category: String?
        public let tags: [String]
        public let estimate: Int?
        public let due: CivilDate?
        /// Where it was planned (an overdue task), or nil (an inbox task).
        public let from: (date: CivilDate, slot: Slot)?

        public static func == (lhs: Candidate, rhs: Candidate) -> Bool { lhs.uid == rhs.uid && lhs.id == rhs.id }
        public func hash(into hasher: inout Hasher) { hasher.combine(uid) }

        /// An inbox task.
        public init(_ task: InboxTask) {
            (id, uid, title, category, tags) = (task.id, task.uid, task.title, task.category, task.tags)
            (estimate, due, from) = (task.estimate, task.due, nil)
        }

        /// An overdue task.
        public init(_ task: PlannerTask) {
            (id, uid, title, category, tags) = (task.id, task.uid, task.title, task.category, task.tags)
            (estimate, due, from) = (task.estimate, task.due, (task.date, task.slot))
        }
    }

    /// Where one task goes, and why.
    public struct Placement: Hashable, Sendable {
        public let task: Candidate
        public let date: CivilDate
        public let slot: Slot
        public let reason: String
    }

    /// A task no slot of the week has room for, and why.
    public struct Unplaced: Hashable, Sendable {
        public let task: Candidate
        public let reason: String
    }

    /// What `plan` proposes for a week.
    public struct Proposal: Hashable, Sendable {
        public let week: ISOWeek
        public let placements: [Placement]
        public let unplaced: [Unplaced]

        public init(week: ISOWeek, placements: [Placement] = [], unplaced: [Unplaced] = []) {
            self.week = week
            self.placements = placements
            self.unplaced = unplaced
        }
    }

    /// The open tasks of `tasks` whose slot has ended, and that `plan` moves: tasks of their own
    /// (a day of a repeating task is left to its series).
    public static func overdue(_ tasks: [PlannerTask], context: OperationContext) -> [PlannerTask] {
        tasks.filter { $0.series == nil && $0.isOverdue(at: context.now, schedule: context.schedule) }
    }

    /// The proposal for `week`, which holds `tasks` (filed and shown; the overdue among them and
    /// `overdue` from other weeks are placed with `inbox`).
    public static func propose(
        week: ISOWeek, tasks: [PlannerTask], overdue: [PlannerTask], inbox: [InboxTask], capacity: SlotCapacity,
        history: PlaceHistory, context: OperationContext
    ) -> Proposal {
        // What each slot of the week holds: its open tasks, and their estimates.
        var open = Array(repeating: 0, count: 21)
        var minutes = Array(repeating: 0, count: 21)
        for task in tasks where task.status == .open && task.week == week {
            let place = PlaceHistory.place(task.date.weekday, task.slot)
            open[place] += 1
            minutes[place] += task.estimate ?? 0
        }
        let candidates = order(overdue.map(Candidate.init) + inbox.map(Candidate.init))
        let slots = week.days.flatMap { day in Slot.allCases.map { (day, $0) } }.filter { day, slot in
            !context.schedule.hasEnded(slot, on: day, at: context.now)
        }
        var placements: [Placement] = []
        var unplaced: [Unplaced] = []
        for task in candidates {
            let keys = PlaceHistory.keys(category: task.category, tags: task.tags)
            var best: (date: CivilDate, slot: Slot, rate: Double?, count: PlaceHistory.Count)?
            for (day, slot) in slots where task.due.map({ day <= $0 }) ?? true {
                let place = PlaceHistory.place(day.weekday, slot)
                guard
                    hasRoom(
                        for: task, open: open[place], minutes: minutes[place], on: day, slot, capacity: capacity,
                        context: context)
                else { continue }
                let count = history.count(for: keys, at: place)
                let rate =
                    count.counted >= PlaceHistory.fewestCounted ? Double(count.done) / Double(count.counted) : nil
                guard let current = best else {
                    best = (day, slot, rate, count)
                    continue
                }
                let currentPlace = PlaceHistory.place(current.date.weekday, current.slot)
                // A better rate wins; at the same rate (or none), the less full; then the earlier.
                if (rate ?? -1) > (current.rate ?? -1)
                    || ((rate ?? -1) == (current.rate ?? -1) && open[place] < open[currentPlace])
                {
                    best = (day, slot, rate, count)
                }
            }
            guard let best else {
                unplaced.append(Unplaced(task: task, reason: whyUnplaced(task, week: week)))
                continue
            }
            let place = PlaceHistory.place(best.date.weekday, best.slot)
            open[place] += 1
            minutes[place] += task.estimate ?? 0
            placements.append(
                Placement(
                    task: task, date: best.date, slot: best.slot,
                    reason: reason(task, keys: keys, rate: best.rate, count: best.count, open: open[place] - 1)))
        }
        return Proposal(week: week, placements: placements, unplaced: unplaced)
    }

    /// The changes that make a proposal: each inbox task planned, each overdue task moved.
    public static func changes(
        _ proposal: Proposal, inbox: [InboxTask], in records: PlannerRecords, context: OperationContext
    ) throws -> [RecordChange] {
        var result: [RecordChange] = []
        for placement in proposal.placements {
            if placement.task.from == nil, let task = inbox.first(where: { $0.uid == placement.task.uid }) {
                result += try InboxOperations.plan(
                    task, on: placement.date, slot: placement.slot, time: nil, context: context)
            } else {
                result += try TaskOperations.move(
                    id: placement.task.id, to: placement.date, slot: placement.slot, time: nil, in: records,
                    context: context)
            }
        }
        return result
    }

    /// The order tasks are placed in: the nearest deadline first (none last), overdue before
    /// inbox, then by id.
    static func order(_ candidates: [Candidate]) -> [Candidate] {
        candidates.sorted { lhs, rhs in
            let (left, right) = (lhs.due?.daysSinceEpoch ?? Int.max, rhs.due?.daysSinceEpoch ?? Int.max)
            if left != right { return left < right }
            if (lhs.from == nil) != (rhs.from == nil) { return lhs.from != nil }
            return lhs.id < rhs.id
        }
    }

    /// Whether a slot holding `open` open tasks of `minutes` has room for the task: its estimate
    /// in what is left of the slot (from now, for the slot under way) and in a capacity in
    /// minutes; one more task under a capacity in tasks.
    static func hasRoom(
        for task: Candidate, open: Int, minutes: Int, on day: CivilDate, _ slot: Slot, capacity: SlotCapacity,
        context: OperationContext
    ) -> Bool {
        guard capacity.hasRoom(open, minutes: minutes, adding: task.estimate ?? 0, on: day, slot) else { return false }
        guard let estimate = task.estimate else { return true }
        let left = SlotMinutes(slot: slot, on: day, tasks: [], schedule: context.schedule, now: context.now).free
        return minutes + estimate <= left
    }

    /// Why a placement was chosen.
    static func reason(_ task: Candidate, keys: [String], rate: Double?, count: PlaceHistory.Count, open: Int)
        -> String
    {
        var words: String
        if let rate {
            let names = keys.map { $0.hasPrefix("cat:") ? "@" + $0.dropFirst(4) : "+" + $0.dropFirst(4) }
            let percent = Int((rate * 100).rounded())
            words = "\(names.joined(separator: " ")) done here \(percent)% (\(count.done) of \(count.counted))"
        } else if keys.isEmpty {
            words = open == 0 ? "a free slot" : "the least full slot with room (\(open) open)"
        } else {
            words = "no history for its tags yet; " + (open == 0 ? "a free slot" : "the least full with room")
        }
        if let due = task.due { words += ", before its due day \(due.shortLabel)" }
        if let estimate = task.estimate { words += ", \(Estimate.words(estimate)) fits" }
        return words
    }

    /// Why no slot took a task.
    static func whyUnplaced(_ task: Candidate, week: ISOWeek) -> String {
        if let due = task.due, due < week.monday { return "its due day \(due.shortLabel) is before this week" }
        if let due = task.due { return "no slot with room on or before its due day \(due.shortLabel)" }
        if let estimate = task.estimate { return "no slot left this week has \(Estimate.words(estimate)) free" }
        return "no slot left this week has room"
    }
}
