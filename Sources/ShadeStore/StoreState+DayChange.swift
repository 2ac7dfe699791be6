import ShadeCore
import ShadeJSON

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
