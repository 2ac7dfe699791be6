import ShadeCore
import ShadeStore
import ShadeTestSupport

/// One generated task, before it has an id: what both shade and Taskwarrior are given.
struct TaskSpec {
    let title: String
    let date: CivilDate
    let slot: Slot
    let time: TimeOfDay?
    let status: TaskStatus
    let tags: [String]
}

/// Builds a planner history of a given size through shade's own store code: about 100 tasks a
/// week (about 5 a slot), ~30 % done, ~5 % cancelled, some with times and tags, ending at the
/// week of `now`.
struct HistoryGenerator {
    static let tasksPerWeek = 100
    static let tagWords = ["work", "home", "errand", "health", "study", "bill"]
    static let titleWords = ["Call", "Write", "Review", "Plan", "Buy", "Read", "Fix", "Clean", "Book", "Pay"]
    static let objectWords = ["the report", "groceries", "the bank", "slides", "the bike", "rent", "notes", "tickets"]

    let now: Moment
    let schedule = SlotBoundaries.standard

    /// The tasks of one week, `count` of them, spread over its 21 slots.
    func weekSpecs(_ week: ISOWeek, count: Int, random: inout SplitMix64, serial: inout Int) -> [TaskSpec] {
        (0..<count).map { index in
            serial += 1
            let day = week.monday.adding(days: index % 7)
            let slot = Slot.allCases[(index / 7) % 3]
            let roll = Double.random(in: 0..<1, using: &random)
            let status: TaskStatus = roll < 0.30 ? .done : roll < 0.35 ? .cancelled : .open
            var time: TimeOfDay?
            if Double.random(in: 0..<1, using: &random) < 0.4 {
                let start = schedule.start(of: slot).minutes
                let end = schedule.end(of: slot).minutes
                let minute = Int.random(in: start..<end, using: &random) / 5 * 5
                time = TimeOfDay(minutes: minute)
            }
            var tags: [String] = []
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                tags.append(HistoryGenerator.pick(HistoryGenerator.tagWords, &random))
            }
            let title =
                "\(HistoryGenerator.pick(HistoryGenerator.titleWords, &random)) \(HistoryGenerator.pick(HistoryGenerator.objectWords, &random)) #\(serial)"
            return TaskSpec(title: title, date: day, slot: slot, time: time, status: status, tags: tags)
        }
    }

    /// Every week's specs, oldest first: `total` tasks at `perWeek` a week, the last week being
    /// the week of `now`. `handle` gets them a batch of weeks at a time.
    func forEachBatch(
        total: Int, perWeek: Int, weeksPerBatch: Int = 52, seed: UInt64 = 42, _ handle: ([TaskSpec]) throws -> Void
    ) rethrows {
        var random = SplitMix64(seed: seed)
        let weekCount = (total + perWeek - 1) / perWeek
        let last = now.date.isoWeek
        var week = last.adding(weeks: 1 - weekCount)
        var remaining = total
        var serial = 0
        var batch: [TaskSpec] = []
        var weeksInBatch = 0
        while remaining > 0 {
            let count = min(perWeek, remaining)
            batch += weekSpecs(week, count: count, random: &random, serial: &serial)
            remaining -= count
            weeksInBatch += 1
            week = week.adding(weeks: 1)
            if weeksInBatch == weeksPerBatch || remaining == 0 {
                try handle(batch)
                batch.removeAll(keepingCapacity: true)
                weeksInBatch = 0
            }
        }
    }

    /// Writes specs into a store as tasks, one atomic step per batch, not recorded for undo.
    func write(_ specs: [TaskSpec], to store: Store, random: inout SplitMix64) throws {
        let uids = specs.map { _ in UIDGenerator.make(using: &random) }
        try store.write(label: nil, now: now) { state in
            for (spec, uid) in zip(specs, uids) {
                let id = try state.allocateID()
                let task = PlannerTask(
                    id: id, uid: uid, title: spec.title, date: spec.date, slot: spec.slot,
                    time: spec.time, status: .open, tags: spec.tags, created: now.timestamp)
                var filed = task
                if spec.status != .open { filed.setStatus(spec.status, at: now) }
                try state.insert(filed)
            }
        }
    }

    /// The same ten goals in every history, each with three tasks in the week of `now` (one done):
    /// what `goals`, `goal show` and `history` answer is the same at every size.
    func writeGoals(to store: Store) throws {
        try store.write(label: nil, now: now) { state in
            for number in 0..<10 {
                let uid = "bench-goal-\(number)"
                try state.put(
                    AnyKeyedRecord(
                        Goal(
                            uid: uid, title: "Goal \(number)", period: .week(now.date.isoWeek),
                            created: now.timestamp)))
                for part in 0..<3 {
                    var task = PlannerTask(
                        id: try state.allocateID(), uid: "bench-goal-\(number)-task-\(part)", title: "Step \(part)",
                        date: now.date.isoWeek.monday.adding(days: part * 2), slot: .evening, goal: uid,
                        created: now.timestamp)
                    if part == 0 { task.setStatus(.done, at: now) }
                    try state.insert(task)
                }
            }
        }
    }

    /// One word of a list that is never empty.
    static func pick(_ words: [String], _ random: inout some RandomNumberGenerator) -> String {
        words[Int.random(in: 0..<words.count, using: &random)]
    }
}
