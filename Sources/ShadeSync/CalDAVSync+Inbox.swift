import ShadeCore
import ShadeInterchange
import ShadeStore

/// The inbox on a CalDAV task list (SPEC §15, §16): an inbox task is a VTODO with no day (neither
/// DTSTART nor DUE), as a phone's task app keeps an undated task. One made on the phone without a
/// day arrives in the inbox; one the phone gives a day is planned on it; one taken out there
/// leaves the inbox. Inside the sync an inbox task stands as a task on `undatedDay`, a day no
/// task is on, so that it is merged, sent and linked as any task is.
extension CalDAVSync {
    /// The day an item with no day is read on, and an inbox task stands on, inside the sync.
    static let undatedDay = CivilDate(year: 1971, month: 1, day: 1) ?? CivilDate(daysSinceEpoch: 365)

    /// Adds this copy's inbox to the tasks the sync looks at (as stand-ins); the inbox by uid.
    static func addInbox(_ inbox: [InboxTask], to local: inout [String: PlannerTask]) -> [String: InboxTask] {
        var byUID: [String: InboxTask] = [:]
        for task in inbox where local[task.uid] == nil {
            byUID[task.uid] = task
            local[task.uid] = task.standingIn(on: undatedDay)
        }
        return byUID
    }

    /// The sync's changes with each stand-in made what it stands for: an inbox task changed, added
    /// or removed; an inbox task given a day (on the phone) planned on it; an undated item that is
    /// not open (done on the phone with no day) a task of the day of the sync, as before there was
    /// an inbox.
    static func inboxChanges(_ changes: [RecordChange], inbox: [String: InboxTask], now: Moment) -> [RecordChange] {
        func undated(_ record: PlannerRecord?) -> PlannerTask? {
            guard let task = record?.task, task.date == undatedDay else { return nil }
            return task
        }
        var result: [RecordChange] = []
        for change in changes {
            let before = undated(change.before).flatMap { inbox[$0.uid] }
            let after = change.after?.task
            switch (before, after) {
            case (let held?, nil):
                result.append(.removed(.keyed(held)))
            case (let held?, let task?) where task.date == undatedDay:
                var kept = InboxTask(unplanning: task)
                kept.id = held.id
                result.append(.changed(.keyed(held), to: .keyed(kept)))
            case (let held?, var task?):
                task.id = held.id
                result.append(.removed(.keyed(held)))
                result.append(.added(.task(task)))
            case (nil, var task?) where task.date == undatedDay && change.before == nil:
                if task.status == .open {
                    result.append(.added(.keyed(InboxTask(unplanning: task))))
                } else {
                    task.date = now.date
                    result.append(.added(.task(task)))
                }
            default:
                result.append(change)
            }
        }
        return result
    }

    /// What goes out for a task: an inbox stand-in as the inbox task (a VTODO with no day).
    static func outgoing(_ task: PlannerTask) -> PlannerBundle {
        guard task.date == undatedDay else { return PlannerBundle(tasks: [task]) }
        return PlannerBundle(records: [AnyKeyedRecord(InboxTask(unplanning: task))])
    }
}
