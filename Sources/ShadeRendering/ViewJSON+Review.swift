import ShadeCore
import ShadeJSON

/// The document of `review --json`.
extension ViewJSON {
    /// The facts of a reviewed week: its rate and counts, each day's, its goals (listed, with
    /// `goalTasks` their tasks) and the open tasks it would ask about (`questions`).
    public static func review(
        _ week: ISOWeek, tasks: [PlannerTask], goals: [Goal], goalTasks: [PlannerTask], questions: [PlannerTask],
        context: RenderContext
    ) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("week", .string(week.description))
        counts(Tally(tasks), into: &object)
        let days = week.days.map { date -> JSONValue in
            let day = Tally(tasks.filter { $0.date == date })
            return [
                "date": .string(date.description), "rate": day.rate.map(JSONValue.double) ?? .null,
                "done": .int(Int64(day.done)), "open": .int(Int64(day.open)),
            ]
        }
        object.appendUnique("days", .array(days))
        object.appendUnique("goals", .array(goals.map { goal($0, tasks: goalTasks) }))
        object.appendUnique("open_tasks", .array(questions.map { task($0, context: context) }))
        return .object(object)
    }
}
