import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `plan`: a place in a week for each inbox task and each overdue task, proposed or made.
    struct Plan: WeekProposalCommand {
        static let grammar = proposalGrammar(
            name: "plan", abstract: "Propose a place for each inbox and overdue task (--apply makes it).",
            discussion: """
                For the week (default: the week in view) each open inbox task and each overdue task \
                (of the week or the one before; a day of a repeating task is left to its series) \
                gets a slot that has not ended, on or before its due: day, with room: by minutes \
                when it has an estimate (what is left of the slot, and a capacity in minutes), \
                against a capacity in tasks otherwise. Among those it prefers the slot where this \
                planner's past year says tasks of its category or tags get done (the best done \
                rate, from at least 3 tasks), then the least full, then the earliest. Each \
                placement says why. The same planner and clock give the same proposal; --apply \
                makes exactly it as one undo step, and a second plan then proposes nothing new.

                Examples:
                  plan
                  plan next
                  plan next --apply
                """,
            made: "placements", printed: "proposal")
        let apply: Bool
        let json: Bool
        let week: String?

        func execute(in session: Session) throws {
            let target = try targetWeek(in: session)
            let now = try session.now()
            let context = session.operationContext(now)
            let capacity = session.capacity
            var proposal = WeekPlan.Proposal(week: target, placements: [], unplaced: [])
            // Read once: to propose, or, with --apply, in the step that makes the placements.
            func place(_ state: StoreState) throws -> [RecordChange] {
                let tasks = try state.tasks(in: target)
                let before = try state.tasks(in: target.adding(weeks: -1))
                let inbox = try state.inboxTasks()
                proposal = WeekPlan.propose(
                    week: target, tasks: tasks, overdue: WeekPlan.overdue(before + tasks, context: context),
                    inbox: inbox, capacity: capacity, history: try state.placeHistory(before: target), context: context)
                return try WeekPlan.changes(proposal, inbox: inbox, in: state, context: context)
            }
            try propose(in: session, label: ["plan", target.description, "--apply"], now: now, place)
            if json {
                try session.printJSON(PlanView.json(proposal, applied: apply && !proposal.placements.isEmpty))
            } else {
                session.print(PlanView.render(proposal, applied: apply, typedWeek: week))
            }
        }
    }
}
