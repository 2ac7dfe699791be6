import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `goal`: a day's or a week's aim, and a shared checklist.
    enum Goals {
        static let group = CommandGroup(
            name: "goal",
            abstract: "Goals for a day or a week: add, finish, carry and share them.",
            discussion: """
                A goal is an aim for a day or a week (default: the day in view), with an optional \
                due date. Tasks join it with goal:g1 on add or edit (goal:none leaves it); its rate \
                is its tasks' rate. When its last open task is done, shade says so; a goal is done \
                only when you say so. A goal not done by the end of its day or week can be carried \
                to today (or this week). Goal ids are written g1, g2 …, never like a task's.

                Examples:
                  goal add Ship the report for:week due:fri
                  goal add Call grandma for:sun
                  add tue Draft the summary goal:g1
                  goal show g1
                  goal done g1
                  goal carry g2
                  goal share g1 sam ana
                  goals
                """,
            commands: [
                GoalAdd.self, GoalList.self, GoalShow.self, GoalDone.self, GoalUndone.self, GoalCancel.self,
                GoalRemove.self, GoalEdit.self, GoalCarry.self, GoalShare.self,
            ])

        static let id = CommandGrammar.Argument("goal", valueName: "gN", help: "The goal's id (g1, g2 …).")
        /// `--json` of a command that prints one goal.
        static let goalJSON = CommandGrammar.Flag.json("Print the goal as JSON.")

        /// The grammar of a command that acts on one goal (`goal done g1`), with `--json` unless
        /// `json` is false, and further arguments after the id.
        static func grammar(
            _ name: String, abstract: String, json: Bool = true, more: [CommandGrammar.Argument] = []
        ) -> CommandGrammar {
            CommandGrammar(name: name, abstract: abstract, flags: json ? [goalJSON] : [], arguments: [id] + more)
        }

        /// The goals and their tasks, read in one step.
        static func read(_ session: Session) throws -> (goals: [Goal], tasks: [PlannerTask]) {
            try session.read { state in
                let goals = try state.goals()
                return (goals, try state.tasks(ofGoals: Set(goals.map(\.uid))))
            }
        }

        /// Runs a change of the goal `selection` names (`verb`: the command's words after `goal`
        /// but for the id) and prints the goal as it is after: as JSON, or `confirm`'s line.
        static func change(
            _ selection: GoalSelection, verb: [String], session: Session, confirm: (Goal) -> SafeText,
            _ make: (Goal, OperationContext) throws -> [RecordChange]
        ) throws {
            let now = try session.now()
            let context = session.operationContext(now)
            var goal: Goal?
            let label = ["goal", verb.first ?? "", selection.word] + verb.dropFirst()
            let change = try session.commit(label: session.undoLabel(label), now: now) { state in
                let found = try GoalOperations.require(selection.word, in: state)
                goal = found
                return try make(found, context)
            }
            guard let before = goal else { return }
            let after = change.records.compactMap { $0.after?.keyedRecord?.base as? Goal }.first?.numbered(
                before.number)
            let shown = after ?? before
            if selection.json {
                let tasks = try session.read { state in try state.tasks(ofGoals: [shown.uid]) }
                try session.printJSON(ViewJSON.goal(shown, tasks: tasks))
                return
            }
            session.print(change.records.isEmpty ? GoalView.unchanged(shown) : confirm(shown))
        }
    }
}
