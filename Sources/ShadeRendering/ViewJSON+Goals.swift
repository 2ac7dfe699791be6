import ShadeCore
import ShadeJSON

/// The documents of goals: `goals --json`, `goal … --json` and `history --json`.
extension ViewJSON {
    /// A goal's object, as `goals --json` lists them: its fields, the rate and counts of its
    /// tasks (those of `tasks` that count towards it) and their ids.
    public static func goal(_ goal: Goal, tasks: [PlannerTask]) -> JSONValue {
        let own = tasks.filter { $0.goal == goal.uid }
        return .object(goalObject(goal, own: own, tasks: .array(own.map { .int(Int64($0.id)) })))
    }

    /// `{"goals": [...]}`: each goal's object, in the order given.
    public static func goals(_ goals: [Goal], tasks: [PlannerTask]) -> JSONValue {
        ["goals": .array(goals.map { goal($0, tasks: tasks) })]
    }

    /// The `history --json` document: `{"goals": [...]}`, each goal's object with its tasks as
    /// task objects, each with its fate (`done`, `cancelled`, `open`, `carried`).
    public static func history(_ history: GoalHistory, context: RenderContext) -> JSONValue {
        let goals = history.entries.map { entry -> JSONValue in
            let tasks = zip(entry.tasks, entry.fates).map { task, fate -> JSONValue in
                guard case .object(var object) = self.task(task, context: context) else { return .null }
                object["fate"] = .string(fate.rawValue)
                return .object(object)
            }
            let own = entry.tasks.filter { $0.goal == entry.goal.uid }
            return .object(goalObject(entry.goal, own: own, tasks: .array(tasks)))
        }
        return ["goals": .array(goals)]
    }

    /// A goal's members, counted over `own` (its tasks), with `tasks` as the `tasks` member.
    static func goalObject(_ goal: Goal, own: [PlannerTask], tasks: JSONValue) -> JSONObject {
        var object = JSONObject()
        object.appendUnique("id", .string(goal.label))
        object.appendUnique("uid", .string(goal.uid))
        object.appendUnique("title", .string(goal.title))
        object.appendUnique("for", .string(goal.period.description))
        object.appendUnique("due", .optional(goal.due?.description))
        object.appendUnique("status", .string(goal.status.rawValue))
        counts(Tally(own), into: &object)
        object.appendUnique("tasks", tasks)
        object.appendUnique("participants", .array(goal.participants.map(JSONValue.string)))
        object.appendUnique("closed", .optional(goal.closedAt))
        object.appendUnique("carried", .int(Int64(goal.carried)))
        object.appendUnique("created", .string(goal.created))
        object.appendUnique("created_by", .optional(goal.stamps.createdBy))
        object.appendUnique("modified_by", .optional(goal.stamps.modifiedBy))
        return object
    }
}
