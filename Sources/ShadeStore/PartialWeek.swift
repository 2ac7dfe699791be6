import ShadeCore
import ShadeJSON

/// A week a step holds one day of (`StoreState.readDayAlone`): the file's text, and that day's
/// tasks as the file holds them: those read, and those carried as their text.
struct PartialWeek {
    let text: WeekDayText
    /// The day's tasks as read, numbered: the first tasks the step holds of the week (those it
    /// filed since come after them).
    let originals: [PlannerTask]
    /// The day's tasks not read (`WeekDayText.carriesTasks`), in the file's order, with their
    /// ids (the index's): the step holds none of them, and writes each back as its text.
    let carried: [(place: WeekDayText.TaskPlace, id: Int)]
    /// The uids of `carried`.
    let carriedUIDs: Set<String>

    /// The day's tasks as `text` read them, `originals` of them decoded, the others carried with
    /// the ids `ids` gives them; nil when one has none.
    init?(text: WeekDayText, originals: [PlannerTask], ids: [String: Int]) {
        self.text = text
        self.originals = originals
        var carried: [(place: WeekDayText.TaskPlace, id: Int)] = []
        var uids = Set<String>(minimumCapacity: text.carriesTasks ? text.dayTasks.count : 0)
        if text.carriesTasks {
            for place in text.dayTasks where !originals.contains(where: { $0.uid == place.uid }) {
                guard let id = ids[place.uid] else { return nil }
                carried.append((place, id))
                uids.insert(place.uid)
            }
        }
        self.carried = carried
        carriedUIDs = uids
    }

    /// Whether the week holds a task of the day read that the step does not.
    var carriesTasks: Bool { !carried.isEmpty }

    /// Where the carried tasks that are open lie (what a completion milestone asks of them).
    var openCarried: [OpenTaskPlace] {
        carried.filter(\.place.isOpen).map { OpenTaskPlace(uid: $0.place.uid, date: text.day, slot: $0.place.slot) }
    }

    /// What the writer puts back as the file's text: the other days whole, and of the day read
    /// what the step left as it was (the tasks carried are put back by `dayHashes`).
    func kept(in tasks: [PlannerTask]) -> WeekSource.Kept {
        WeekSource(bytes: text.bytes, tasks: originals).unchanged(
            in: tasks, daySpans: text.daySpans, whole: text.daySpans.keys.filter { $0 != text.day },
            taskSpans: (text.day, text.taskSpans))
    }

    /// The day read as the step writes it, each task a text put back (in `kept`: each held one as
    /// the step holds it, its text as read when unchanged, each carried one as read), and the
    /// names of those texts in the order of `dayEntries`: where the writer puts each is where the
    /// certificate says the task lies.
    private func dayValue(writing tasks: [PlannerTask], into kept: inout WeekSource.Kept) throws(JSONWriteError)
        -> (value: JSONValue, names: [String])
    {
        var entries: [(slot: Slot, value: JSONValue)] = []
        var names: [String] = []
        let order = dayEntries(tasks)
        entries.reserveCapacity(order.count)
        names.reserveCapacity(order.count)
        // A name no value read from a file can hold: a NUL, then a nonce of this write, then the
        // task's place in the day.
        let nonce = "\u{0}\(UInt64.random(in: .min ... .max))-day task "
        for (position, place) in order.enumerated() {
            let slot: Slot
            var name = nonce + String(position)
            switch place {
            case .held(let index):
                let task = tasks[index]
                slot = task.slot
                if let unchanged = kept.tasks[task.uid] {
                    name = unchanged
                } else {
                    // The writer writes a task at its level as it would in the day (`atLevel`).
                    let record = TaskRecord.encode(task, .filed(format: StoreFormat.version))
                    kept.texts[name] = try JSONWriter.bytes(record, atLevel: 4, verbatim: [:])[...]
                }
            case .carried(let index):
                let task = carried[index].place
                slot = task.slot
                kept.texts[name] = text.bytes[task.span]
            }
            entries.append((slot, .string(name)))
            names.append(name)
        }
        return (WeekDocument.encode(day: entries), names)
    }

    /// The day's tasks in the order the step writes them (before each goes to its slot's list):
    /// of a day it carries tasks of, the file's order (`dayOrder`); else as it holds them.
    func dayEntries(_ tasks: [PlannerTask]) -> [DayTask] {
        carriesTasks ? dayOrder(tasks) : tasks.indices.map(DayTask.held)
    }

    /// A task of the day as the step writes it: one it holds (its place in `tasks`) or one carried
    /// (its place in `carried`).
    enum DayTask {
        case held(Int)
        case carried(Int)
    }

    /// The day's tasks in the order the file held them (the held ones where they were read, each
    /// carried one between them), then those the step filed since: `carried` is the day's tasks
    /// bar `originals`, in the same order, so one walk of both places every task.
    func dayOrder(_ tasks: [PlannerTask]) -> [DayTask] {
        var order: [DayTask] = []
        order.reserveCapacity(text.dayTasks.count + tasks.count - originals.count)
        var next = 0
        for place in text.dayTasks {
            if let index = originals.firstIndex(where: { $0.uid == place.uid }) {
                order.append(.held(index))
            } else if next < carried.count {
                order.append(.carried(next))
                next += 1
            }
        }
        for index in originals.count..<tasks.count { order.append(.held(index)) }
        return order
    }

    /// The hash of each day's text in the file about to be written from `kept` (`DayTextHash`),
    /// found without scanning it: every other day is kept whole (the text it had, so the hash it
    /// had), and the day read is written here, at its place in the document, into `kept` as a
    /// text to put back (the writer writes the same). With them, where each task of the day read
    /// lies from the start of its day, in the order of `dayEntries` (nil where unknown). Nil when
    /// the week holds a task of another day, or another day is not to be put back whole (neither
    /// is so of a week a step read one day of and left so: the caller then scans the file written).
    func dayHashes(writing tasks: [PlannerTask], into kept: inout WeekSource.Kept) throws(JSONWriteError)
        -> (hashes: [CivilDate: UInt64], taskSpans: [Range<Int>?])?
    {
        let day = text.day
        guard tasks.allSatisfy({ $0.date == day }),
            text.otherDayHashes.keys.allSatisfy({ kept.days[$0] != nil })
        else { return nil }
        var hashes = text.otherDayHashes
        var taskSpans: [Range<Int>?] = []
        if kept.days[day] != nil {
            // The day as it was: its text is put back whole, each task where it was.
            if let span = text.daySpans[day] {
                hashes[day] = DayTextHash.hash(of: text.bytes[span], on: day)
                taskSpans = dayEntries(tasks).map { place in
                    let uid: String
                    switch place {
                    case .held(let index): uid = tasks[index].uid
                    case .carried(let index): uid = carried[index].place.uid
                    }
                    return text.taskSpans[uid].map {
                        ($0.lowerBound - span.lowerBound)..<($0.upperBound - span.lowerBound)
                    }
                }
            }
        } else if !tasks.isEmpty || carriesTasks {
            // The file, `days`, the day.
            let (document, names) = try dayValue(writing: tasks, into: &kept)
            var placed: [String: Range<Int>] = [:]
            let written = try JSONWriter.bytes(document, atLevel: 2, verbatim: kept.texts, placed: &placed)
            let name = "\u{0}\(UInt64.random(in: .min ... .max))-day written " + day.description
            kept.days[day] = name
            kept.texts[name] = written[...]
            hashes[day] = DayTextHash.hash(of: written[...], on: day)
            taskSpans = names.map { placed[$0] }
        }
        return (hashes, taskSpans)
    }
}

extension PartialWeek {
    /// The certificate of the week file written from `document` and `kept` (`WeekCertificate`) as
    /// `bytes`, with `placed` where each text put back went: every day of it is such a text, the
    /// other days as they were (their tasks' ids from the index, `ids`), the day read as written
    /// from `tasks`, each of its tasks where `taskSpans` says (`dayHashes`). Nil when a day of the
    /// document is not such a text (the certificate must name every day of the file: a day it
    /// left out would be left out of the file by the next change that takes the other days from
    /// it), or a task has no id. A day some of whose tasks' places are unknown has none given.
    func certificate(
        of bytes: [UInt8], document: JSONValue, tasks: [PlannerTask], taskSpans: [Range<Int>?],
        kept: WeekSource.Kept, placed: [String: Range<Int>], ids: [String: Int]
    ) -> WeekCertificate? {
        guard let written = document.objectValue?["days"]?.objectValue?.keys,
            Set(written) == Set(kept.days.keys.map(\.description)), written.count == kept.days.count
        else { return nil }
        var days: [WeekCertificate.Day] = []
        for (date, name) in kept.days {
            guard let span = placed[name], span.upperBound <= bytes.count else { return nil }
            var certified: [WeekCertificate.Task] = []
            if date == text.day {
                // In the order the day is written (`dayValue`): slot by slot, each in its order.
                var order: [WeekCertificate.Task] = []
                let places = dayEntries(tasks)
                for (position, place) in places.enumerated() {
                    var task: WeekCertificate.Task
                    switch place {
                    case .held(let index):
                        let held = tasks[index]
                        guard held.id > 0 else { return nil }
                        task = WeekCertificate.Task(id: held.id, slot: held.slot, isOpen: held.status == .open)
                    case .carried(let index):
                        let carried = carried[index]
                        task = WeekCertificate.Task(
                            id: carried.id, slot: carried.place.slot, isOpen: carried.place.isOpen)
                    }
                    task.span = taskSpans.count == places.count ? taskSpans[position] : nil
                    order.append(task)
                }
                for slot in Slot.allCases { certified += order.filter { $0.slot == slot } }
            } else {
                guard let other = text.otherTasks.first(where: { $0.date == date }) else { return nil }
                for task in other.tasks {
                    guard let id = task.id ?? ids[task.uid] else { return nil }
                    certified.append(
                        WeekCertificate.Task(id: id, slot: task.slot, isOpen: task.isOpen, span: task.span))
                }
            }
            // A day's tasks all say where they lie, or none does.
            if certified.contains(where: { $0.span == nil }) {
                certified = certified.map { WeekCertificate.Task(id: $0.id, slot: $0.slot, isOpen: $0.isOpen) }
            }
            days.append(WeekCertificate.Day(date: date, span: span, tasks: certified))
        }
        days.sort { $0.span.lowerBound < $1.span.lowerBound }
        return WeekCertificate(of: bytes, days: days)
    }
}
