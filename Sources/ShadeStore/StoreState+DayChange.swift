import ShadeCore
import ShadeJSON

/// A week a step holds one day of (`StoreState.readDayAlone`): the file's text, and that day's
/// tasks as the file holds them: those read, and those carried as their text.
struct PartialWeek {
    let text: WeekDayText
    /// The day's tasks as read, numbered: the first tasks the step holds of the week (those it
    /// filed since come after them).
    let originals: [PlannerTask]
    /// The day's tasks not read (`WeekDocument.carriesTasks`), in the file's order, with their
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

    /// The day read as the step writes it: its tasks in the file's order (each held one as the
    /// step holds it, each carried one by the name `kept` gives its text), then those filed since.
    private func dayValue(writing tasks: [PlannerTask], into kept: inout WeekSource.Kept) -> JSONValue {
        guard carriesTasks else { return WeekDocument.encode(day: tasks, keeping: kept.tasks) }
        var entries: [(slot: Slot, value: JSONValue)] = []
        entries.reserveCapacity(text.dayTasks.count + tasks.count)
        // A name no value read from a file can hold: a NUL, then a nonce of this write, then the
        // task's place among those carried.
        let nonce = "\u{0}\(UInt64.random(in: .min ... .max))-carried "
        for place in dayOrder(tasks) {
            switch place {
            case .held(let index): entries.append(WeekDocument.entry(tasks[index], keeping: kept.tasks))
            case .carried(let index):
                let task = carried[index].place
                let name = nonce + String(index)
                kept.texts[name] = text.bytes[task.span]
                entries.append((task.slot, .string(name)))
            }
        }
        return WeekDocument.encode(day: entries)
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
    /// text to put back (the writer writes the same). Nil when the week holds a task of another
    /// day, or another day is not to be put back whole (neither is so of a week a step read one
    /// day of and left so: the caller then scans the file written).
    func dayHashes(writing tasks: [PlannerTask], into kept: inout WeekSource.Kept) throws(JSONWriteError)
        -> [CivilDate: UInt64]?
    {
        let day = text.day
        guard tasks.allSatisfy({ $0.date == day }),
            text.otherDayHashes.keys.allSatisfy({ kept.days[$0] != nil })
        else { return nil }
        var hashes = text.otherDayHashes
        if kept.days[day] != nil {
            // The day as it was: its text is put back whole.
            if let span = text.daySpans[day] { hashes[day] = DayTextHash.hash(of: text.bytes[span], on: day) }
        } else if !tasks.isEmpty || carriesTasks {
            // The file, `days`, the day.
            let document = dayValue(writing: tasks, into: &kept)
            let written = try JSONWriter.bytes(document, atLevel: 2, verbatim: kept.texts)
            let name = "\u{0}\(UInt64.random(in: .min ... .max))-day written " + day.description
            kept.days[day] = name
            kept.texts[name] = written[...]
            hashes[day] = DayTextHash.hash(of: written[...], on: day)
        }
        return hashes
    }
}

extension PartialWeek {
    /// The certificate of the week file written from `document` and `kept` (`WeekCertificate`) as
    /// `bytes`, with `placed` where each text put back went: every day of it is such a text, the
    /// other days as they were (their tasks' ids from the index, `ids`), the day read as written
    /// from `tasks`. Nil when a day of the document is not such a text (the certificate must name
    /// every day of the file: a day it left out would be left out of the file by the next change
    /// that takes the other days from it), or a task has no id.
    func certificate(
        of bytes: [UInt8], document: JSONValue, tasks: [PlannerTask], kept: WeekSource.Kept,
        placed: [String: Range<Int>], ids: [String: Int]
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
                let places = carriesTasks ? dayOrder(tasks) : tasks.indices.map(DayTask.held)
                for place in places {
                    switch place {
                    case .held(let index):
                        let task = tasks[index]
                        guard task.id > 0 else { return nil }
                        order.append(WeekCertificate.Task(id: task.id, slot: task.slot, isOpen: task.status == .open))
                    case .carried(let index):
                        let task = carried[index]
                        order.append(
                            WeekCertificate.Task(id: task.id, slot: task.place.slot, isOpen: task.place.isOpen))
                    }
                }
                for slot in Slot.allCases { certified += order.filter { $0.slot == slot } }
            } else {
                guard let other = text.otherTasks.first(where: { $0.date == date }) else { return nil }
                for task in other.tasks {
                    guard let id = task.id ?? ids[task.uid] else { return nil }
                    certified.append(WeekCertificate.Task(id: id, slot: task.slot, isOpen: task.isOpen))
                }
            }
            days.append(WeekCertificate.Day(date: date, span: span, tasks: certified))
        }
        days.sort { $0.span.lowerBound < $1.span.lowerBound }
        return WeekCertificate(of: bytes, days: days)
    }
}

/// A one-shot change that touches one day of a week reads that day alone: adding a task, or
/// changing one where it lies (done, edit), in a dense week parses, decodes and writes back the
/// tasks of one day, the other six carried as their text (`WeekDayText`). Anything else the step
/// asks of the week reads it whole first (`completeWeek`), so that every other path sees the
/// week as it always did.
extension StoreState {
    /// Reads one day of a week for a change (the day named, or the one holding a uid), when this
    /// step may (`readsDaysAlone`), holds nothing of the week yet, and the day alone gives what a
    /// read of the whole week would: a file of this format, every task's uid once in the week and
    /// in its id index (none to number), a text `WeekDayText` takes, and every other day's text
    /// one the week's index certifies (`WeekIndexDocument`, `checked`) as read in full or written
    /// by a change of this copy. Returns whether it read so; else the caller reads the week whole,
    /// which reports whatever is wrong with it (a problem met here, in the text or in the day's
    /// fields, is not reported from here: the skeleton json-c parsed is not the file, and its
    /// lines and columns would not be either).
    func readDayAlone(_ week: ISOWeek, wanting: WeekDayText.Wanted) throws(StoreError) -> Bool {
        guard readsDaysAlone, cache == nil, released == nil, weeks[week] == nil else { return false }
        // Each other day is carried unread only if the index certifies its text as read in full
        // or written (a problem in the index's content is for the whole read to report).
        guard let ids = try readingContent({ () throws(StoreError) in try weekIndex(week) }),
            let checked = checkedDays[week], !checked.isEmpty
        else { return false }
        let file = paths.absolute(paths.weekFile(week))
        guard let bytes = try FileSystem.read(file) else { return false }
        // The other days as the certificate of the file says they are, while it is the file's;
        // else as the outline of the whole text finds them.
        let certified = weekCertificates[week].flatMap { certificate in
            WeekDayText(
                bytes: bytes, week: week, wanting: wanting, certificate: certificate, ids: ids, checked: checked)
        }
        guard let text = certified ?? WeekDayText(bytes: bytes, week: week, wanting: wanting) else { return false }
        for (date, hash) in text.otherDayHashes where checked[date] != hash { return false }
        let content = try? decode(text.skeleton, file: file) { value throws(StoreError) in
            try WeekDocument.decode(value, file: file, expected: week, only: text.day)
        }
        guard let content, content.format == StoreFormat.version else { return false }
        for task in content.tasks where text.otherUIDs.contains(task.uid) || ids[task.uid] == nil { return false }
        for uid in text.otherUIDs where ids[uid] == nil { return false }
        let tasks = try numbered(content.tasks, in: week)
        // The day's tasks not read (of a file its certificate stands for) are carried, each with
        // the id the index gives it.
        guard let partial = PartialWeek(text: text, originals: tasks, ids: ids) else { return false }
        weeks[week] = tasks
        removedTasks[week] = content.removed
        filedKeys[week] = WeekKeys(tasks, alsoFiled: text.otherUIDs, partial.carriedUIDs)
        partialWeeks[week] = partial
        return true
    }

    /// The whole of a week this step read one day of: the file read whole, as a step that had
    /// not read the day would, with that day's tasks as this step holds them and the tasks it
    /// filed since at the end (where filing put them).
    func completeWeek(_ week: ISOWeek) throws(StoreError) -> [PlannerTask] {
        guard let partial = partialWeeks.removeValue(forKey: week) else { return try filedTasks(in: week) }
        let held = weeks[week] ?? []
        let removed = removedTasks[week]
        (weeks[week], filedKeys[week]) = (nil, nil)
        let read = try filedTasks(in: week)
        removedTasks[week] = removed
        let count = partial.originals.count
        // Each task read of the day as the step holds it, where it lies (a carried one as read).
        var heldAt = [String: Int](minimumCapacity: count)
        for index in partial.originals.indices { heldAt[partial.originals[index].uid] = index }
        var tasks: [PlannerTask] = []
        tasks.reserveCapacity(read.count + held.count - count)
        for task in read {
            if task.date == partial.text.day, let index = heldAt[task.uid] {
                tasks.append(held[index])
            } else {
                tasks.append(task)
            }
        }
        tasks += held[count...]
        weeks[week] = tasks
        return tasks
    }

    /// A week's filed tasks, for a look at the task with an id: in a one-shot change, the day
    /// the task is filed on alone, when it can be read so (`readDayAlone`); the whole week when
    /// the step holds another day of it.
    func filedTasks(in week: ISOWeek, holding id: Int) throws(StoreError) -> [PlannerTask] {
        if let partial = partialWeeks[week], let held = weeks[week] {
            guard let uid = try uid(ofID: id, in: week),
                partial.text.otherUIDs.contains(uid) || partial.carriedUIDs.contains(uid)
            else { return held }
            return try completeWeek(week)
        }
        // (A problem in the index's content is for the whole read to report, in its order.)
        if weeks[week] == nil, readsDaysAlone, cache == nil,
            let found = try readingContent({ () throws(StoreError) in try uid(ofID: id, in: week) }), let uid = found,
            try readDayAlone(week, wanting: .uid(uid)), let held = weeks[week]
        {
            return held
        }
        return try filedTasks(in: week)
    }

    /// A week's tasks as a completion milestone looks at them: of a week this step holds one day
    /// of, that day's tasks and the occurrences shown, and the other days' open tasks by place.
    public func completionView(of week: ISOWeek) throws(StoreError) -> (
        tasks: [PlannerTask], openElsewhere: [OpenTaskPlace]
    ) {
        guard let partial = partialWeeks[week], let held = weeks[week] else { return (try tasks(in: week), []) }
        let shown = try occurrences(in: week, besides: held)
        return (shown.isEmpty ? held : held + shown, partial.text.openElsewhere + partial.openCarried)
    }

    /// What `body` reads, or nil when what it read holds a problem (a whole read reports it); a
    /// file that cannot be read at all (an I/O error) is an error here as anywhere.
    private func readingContent<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T? {
        do { return try body() } catch {
            switch error {
            case .unreadable, .invalidContent, .newerFormat: return nil
            default: throw error
            }
        }
    }

    /// The uid a week's id index gives an id, if any.
    private func uid(ofID id: Int, in week: ISOWeek) throws(StoreError) -> String? {
        for (uid, held) in try weekIndex(week) where held == id { return uid }
        return nil
    }
}
