import ShadeCore
import ShadeJSON

/// The `--json` documents of the views, in the shapes the contract gives.
public enum ViewJSON {
    /// A task object with every field.
    public static func task(_ task: PlannerTask, context: RenderContext) -> JSONValue {
        [
            "id": .int(Int64(task.id)), "uid": .string(task.uid), "title": .string(task.title),
            "status": .string(task.status.rawValue), "date": .string(task.date.description),
            "slot": .string(task.slot.rawValue), "time": .optional(task.time?.description),
            "week": .string(task.week.description), "tags": .array(task.tags.map(JSONValue.string)),
            "notes": .optional(task.notes), "category": .optional(task.category),
            "color": .optional(task.color?.rawValue), "favorite": .bool(task.favorite),
            "overdue": .bool(task.isOverdue(at: context.now, schedule: context.schedule)),
            "created": .string(task.created), "modified": .string(task.modified), "done_at": .optional(task.doneAt),
            "series": .optional(task.series), "repeat": repeatJSON(of: task, context: context),
            "remind": remindJSON(of: task, context: context), "carried": .int(Int64(task.carried)),
            "planned": .optional(task.planned?.description), "goal": .optional(context.goal(of: task)?.label),
            "to": .optional(task.to), "due": .optional(task.due?.description),
            "estimate": task.estimate.map { .int(Int64($0)) } ?? .null, "created_by": .optional(task.createdBy),
            "modified_by": .optional(task.modifiedBy),
        ]
    }

    /// `{"every": "weekday", "until": null}` (and `"count": N` when it has one) for an occurrence
    /// of a series there is, else null.
    static func repeatJSON(of task: PlannerTask, context: RenderContext) -> JSONValue {
        guard let uid = task.series, let series = context.series[uid] else { return .null }
        var object = JSONObject()
        object.appendUnique("every", .string(series.rule.description))
        object.appendUnique("until", .optional(series.until?.description))
        // `count` only for a series that has one: the shape SPEC §7 gives stays as it is.
        if let count = series.count { object.appendUnique("count", .int(Int64(count))) }
        return .object(object)
    }

    /// `{"when": "1d,15m", "at": "2026-11-23T07:15", "each": [{"when": "1d", "at": …}, …]}` for a
    /// task with reminders (`at` is the first moment), else null.
    static func remindJSON(of task: PlannerTask, context: RenderContext) -> JSONValue {
        let alerts = ReminderAlert.alerts(of: task, schedule: context.schedule)
        guard let remind = task.remind, let first = alerts.first else { return .null }
        let each = alerts.map {
            ["when": .string($0.reminder.description), "at": .string($0.due.description)] as JSONValue
        }
        return ["when": .string(remind.description), "at": .string(first.due.description), "each": .array(each)]
    }

    /// `{"rate", "done", "open", "cancelled"}` members for a tally.
    static func counts(_ tally: Tally, into object: inout JSONObject) {
        object.appendUnique("rate", tally.rate.map(JSONValue.double) ?? .null)
        object.appendUnique("done", .int(Int64(tally.done)))
        object.appendUnique("open", .int(Int64(tally.open)))
        object.appendUnique("cancelled", .int(Int64(tally.cancelled)))
    }

    /// The day document: date, week, counts and the three slots with their tasks.
    public static func day(_ day: DayAgenda, context: RenderContext) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("date", .string(day.date.description))
        object.appendUnique("week", .string(day.date.isoWeek.description))
        object.appendUnique("weekday", .string(day.date.weekday.name))
        counts(day.tally, into: &object)
        let slots = day.slots.map { slot -> JSONValue in
            var entry = JSONObject()
            entry.appendUnique("slot", .string(slot.slot.rawValue))
            let boundaries = context.schedule.on(day.date)
            entry.appendUnique("start", .string(boundaries.start(of: slot.slot).description))
            entry.appendUnique("end", .string(boundaries.end(of: slot.slot).description))
            // The minutes it really lasts: an hour less or more on a day the clocks change in it.
            entry.appendUnique("length_minutes", .int(Int64(context.schedule.length(of: slot.slot, on: day.date))))
            counts(slot.tally, into: &entry)
            let minutes = SlotMinutes(
                slot: slot.slot, on: day.date, tasks: slot.tasks, schedule: context.schedule, now: context.now)
            let limit = context.capacity.limit(on: day.date, slot.slot)
            entry.appendUnique("capacity", limit.map { .int(Int64($0)) } ?? .null)
            let minutesLimit = context.capacity.minutesLimit(on: day.date, slot.slot)
            entry.appendUnique("capacity_minutes", minutesLimit.map { .int(Int64($0)) } ?? .null)
            let over = context.capacity.isOver(
                slot.tally.open, minutes: minutes.planned, on: day.date, slot.slot)
            entry.appendUnique("over", .bool(over))
            entry.appendUnique("minutes_planned", .int(Int64(minutes.planned)))
            entry.appendUnique("minutes_free", .int(Int64(minutes.free)))
            entry.appendUnique("tasks", .array(slot.tasks.map { task($0, context: context) }))
            return .object(entry)
        }
        object.appendUnique("slots", .array(slots))
        return .object(object)
    }

    /// The week document: week, start, end, counts and seven day documents, Monday first.
    public static func week(_ week: WeekAgenda, context: RenderContext) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("week", .string(week.week.description))
        object.appendUnique("start", .string(week.week.monday.description))
        object.appendUnique("end", .string(week.week.sunday.description))
        counts(week.tally, into: &object)
        object.appendUnique("days", .array(week.days.map { day($0, context: context) }))
        return .object(object)
    }

    /// The statistics document: each week, the pooled rate, and rates by slot and by weekday.
    public static func stats(_ stats: HistoryStats, streak: Streak) -> JSONValue {
        func tallyObject(_ tally: Tally) -> JSONValue {
            var object = JSONObject()
            counts(tally, into: &object)
            return .object(object)
        }
        var object = JSONObject()
        object.appendUnique("from", .optional(stats.weeks.first?.week.description))
        object.appendUnique("to", .optional(stats.weeks.last?.week.description))
        let weeks = stats.weeks.map { line -> JSONValue in
            var entry = JSONObject()
            entry.appendUnique("week", .string(line.week.description))
            entry.appendUnique("start", .string(line.week.monday.description))
            counts(line.tally, into: &entry)
            entry.appendUnique("carried", .int(Int64(line.carried)))
            return .object(entry)
        }
        object.appendUnique("weeks", .array(weeks))
        counts(stats.total, into: &object)
        object.appendUnique("carried", .int(Int64(stats.carried)))
        var bySlot = JSONObject()
        for slot in Slot.allCases { bySlot.appendUnique(slot.rawValue, tallyObject(stats.bySlot[slot.index])) }
        object.appendUnique("by_slot", .object(bySlot))
        var byWeekday = JSONObject()
        for weekday in Weekday.allCases {
            byWeekday.appendUnique(weekday.name, tallyObject(stats.byWeekday[weekday.rawValue - 1]))
        }
        object.appendUnique("by_weekday", .object(byWeekday))
        object.appendUnique("best_slot", .optional(stats.bestSlot?.rawValue))
        object.appendUnique("best_weekday", .optional(stats.bestWeekday?.name))
        object.appendUnique("streak", ["current": .int(Int64(streak.current)), "best": .int(Int64(streak.best))])
        return .object(object)
    }

    /// The list document: `{"tasks": [...]}`.
    public static func list(_ tasks: [PlannerTask], context: RenderContext) -> JSONValue {
        ["tasks": .array(tasks.map { task($0, context: context) })]
    }
}
