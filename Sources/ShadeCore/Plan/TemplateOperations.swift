/// Saving a week as a template and stamping a template onto a week.
public enum TemplateOperations {
    /// A template's name: letters, digits, `-`, `_` and `.`, up to 40, as typed.
    public static func validateName(_ name: String) throws -> String {
        let allowed = name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
        guard !name.isEmpty, name.count <= 40, allowed else {
            throw InputError.invalid(
                "a template's name is one word of letters, digits, -, _ or . (up to 40), not '\(TextEscaping.escape(name))'"
            )
        }
        return name
    }

    /// The template of a week's tasks (done, open and cancelled alike: a status is not kept).
    /// A repeating task is kept once, from its first day in the week, with its series' rule: applied,
    /// it repeats from that day by the rule (not once a day it showed).
    public static func template(
        named name: String, of week: ISOWeek, tasks: [PlannerTask], series: [String: RepeatSeries], created: String
    ) -> WeekTemplate {
        var kept: Set<String> = []
        let entries = PlannerTask.sortedInTimelineOrder(tasks).compactMap {
            task -> WeekTemplate.Entry? in
            let rule = task.series.flatMap { series[$0]?.rule }
            if rule != nil, let uid = task.series, !kept.insert(uid).inserted { return nil }
            return WeekTemplate.Entry(
                weekday: task.date.weekday, fields: RepeatSeries.OccurrenceFields(task), every: rule,
                series: rule == nil ? nil : task.series)
        }
        return WeekTemplate(name: name, source: week, entries: entries, created: created)
    }

    /// `template save NAME [WEEK]`: the template made, or replaced when the name is taken.
    public static func save(
        named name: String, of week: ISOWeek, tasks: [PlannerTask], in records: PlannerRecords,
        context: OperationContext
    ) throws -> [RecordChange] {
        let name = try validateName(name)
        guard !tasks.isEmpty else { throw InputError.invalid("\(week) has no task to keep as a template") }
        let series = try OccurrenceOperations.series(in: records)
        var made = template(named: name, of: week, tasks: tasks, series: series, created: context.now.timestamp)
        if let old = try self.template(named: name, in: records) {
            made = WeekTemplate(
                name: name, source: week, entries: made.entries, created: old.created,
                modified: context.now.timestamp, stamps: old.stamps)
            return made == old ? [] : [.changed(.keyed(old), to: .keyed(made))]
        }
        return [.added(.keyed(made))]
    }

    /// The template with a name, if there is one.
    public static func template(named name: String, in records: PlannerRecords) throws -> WeekTemplate? {
        try records.keyedRecords(of: WeekTemplate.kind).lazy.compactMap { $0.base as? WeekTemplate }
            .first { $0.name == name }
    }

    /// The template with a name, or an error that lists those there are.
    public static func require(_ name: String, in records: PlannerRecords) throws -> WeekTemplate {
        if let found = try template(named: name, in: records) { return found }
        let names = try records.keyedRecords(of: WeekTemplate.kind).map(\.base.key)
        throw InputError.invalid(
            "there is no template '\(TextEscaping.escape(name))'; "
                + (names.isEmpty
                    ? "template save NAME keeps the week in view as one"
                    : "templates: \(names.joined(separator: ", "))"))
    }

    /// `template rm NAME`.
    public static func remove(_ name: String, in records: PlannerRecords) throws -> [RecordChange] {
        [.removed(.keyed(try require(name, in: records)))]
    }

    /// `template apply NAME WEEK`: each entry added to the week, open, with a new id and uid (from
    /// `nextID` and `nextUID`); an entry that repeated comes as a repeating task from its day —
    /// unless its series still shows that day, where it is already. Categories it names that are
    /// gone are made again.
    public static func apply(
        _ template: WeekTemplate, to week: ISOWeek, in records: PlannerRecords, context: OperationContext,
        nextID: () throws -> Int, nextUID: () -> String
    ) throws -> [RecordChange] {
        let series = try OccurrenceOperations.series(in: records)
        var changes: [RecordChange] = []
        var categories = try records.categories()
        for entry in template.entries {
            let date = week.date(of: entry.weekday)
            let fields = entry.fields
            if let name = fields.category, !categories.contains(where: { $0.name == name }) {
                let made = Category(name: name, color: Category.nextColor(after: categories))
                categories.append(made)
                changes.append(.added(.category(made)))
            }
            if let rule = entry.every {
                // A series that still reaches the week brings the task itself.
                if let uid = entry.series, let running = series[uid],
                    !running.dates(from: week.monday, through: week.sunday).isEmpty
                {
                    continue
                }
                changes.append(
                    .added(
                        .keyed(
                            RepeatSeries(
                                uid: nextUID(), base: fields, rule: rule, anchor: date,
                                created: context.now.timestamp))))
                continue
            }
            let task = PlannerTask(
                id: try nextID(), uid: nextUID(), title: fields.title, notes: fields.notes, date: date,
                slot: fields.slot, time: fields.time, tags: fields.tags, category: fields.category,
                color: fields.color, favorite: fields.favorite, remind: fields.remind, estimate: fields.estimate,
                created: context.now.timestamp)
            changes.append(.added(.task(task)))
        }
        return changes
    }
}
