import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `rebalance`: moves out of over-full slots, proposed or made.
    struct Rebalance: WeekProposalCommand {
        static let grammar = proposalGrammar(
            name: "rebalance", abstract: "Propose moves out of over-full slots (--apply makes them).",
            discussion: """
                Each slot of the week (default: the week in view) that holds more open tasks than \
                its capacity gives its extra tasks to the nearest slots with room: the other slots \
                of the same day first (an earlier one too, if it has not ended), then the following \
                days of the week. Nothing goes into the past; a task with a time only moves to the \
                same slot of a later day. Without \
                --apply it only lists the moves; with it, they are made as one undo step. Set \
                capacities with capacity.

                Examples:
                  rebalance
                  rebalance next
                  rebalance 2026-W49 --apply
                """,
            made: "moves", printed: "moves")
        let apply: Bool
        let json: Bool
        let week: String?

        func execute(in session: Session) throws {
            let target = try targetWeek(in: session)
            let now = try session.now()
            let context = session.operationContext(now)
            let capacity = session.capacity
            // Capacity counts every open task of a slot, whatever filter the REPL stands on. The
            // week is read once: to propose, or, with --apply, in the step that makes the moves.
            var moves: [ShadeCore.Rebalance.Move] = []
            var tasks: [PlannerTask] = []
            func plan(_ state: StoreState) throws -> [RecordChange] {
                tasks = try state.tasks(in: target)
                moves = ShadeCore.Rebalance.plan(week: target, tasks: tasks, capacity: capacity, context: context)
                return ShadeCore.Rebalance.changes(moves, context: context)
            }
            try propose(in: session, label: ["rebalance", target.description], now: now, plan)
            // The slots still over-full once the moves are made (after them, or as proposed).
            let stillOver = ShadeCore.Rebalance.overFullSlots(
                week: target, tasks: tasks, after: moves, capacity: capacity)
            if json {
                try session.printJSON(
                    RebalanceView.json(
                        moves, week: target, applied: apply && !moves.isEmpty, stillOver: stillOver,
                        context: session.renderContext(series: true)))
            } else {
                session.print(
                    RebalanceView.render(
                        moves, week: target, applied: apply, stillOver: stillOver, hasCapacity: !capacity.isEmpty,
                        typedWeek: week))
            }
        }
    }
}
