import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    /// `rebalance`: moves out of over-full slots, proposed or made.
    struct Rebalance: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rebalance", abstract: "Propose moves out of over-full slots (--apply makes them).",
            discussion: """
                Each slot of the week (default: the week in view) that holds more open tasks than \
                its capacity gives its extra tasks to the nearest slots after it with room: the same \
                day first, then the following days of the week. Nothing goes into the past or back \
                in time; a task with a time only moves to the same slot of a later day. Without \
                --apply it only lists the moves; with it, they are made as one undo step. Set \
                capacities with capacity.

                Examples:
                  rebalance
                  rebalance next
                  rebalance 2026-W49 --apply
                """,
            flags: [
                .init(name: "apply", help: "Make the moves (one undo step)."),
                .json("Print the moves as JSON."),
            ],
            arguments: [.init("week", valueName: "[WEEK]", help: "The week (this, next, YYYY-Www).", arity: .optional)])
        let apply: Bool
        let json: Bool
        let week: String?

        init(_ arguments: CommandArguments) {
            apply = arguments.flag("apply")
            json = arguments.flag("json")
            week = arguments.optionalWord("week")
        }

        func execute(in session: Session) throws {
            let resolver = try session.resolver()
            let target =
                try week.map { word throws -> ISOWeek in try resolver.requireWeek(word) }
                ?? session.view.date.isoWeek
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
            if apply {
                _ = try session.commit(label: session.undoLabel(["rebalance", target.description]), now: now, plan)
            } else {
                _ = try session.read(plan)
            }
            // The slots still over-full once the moves are made (after them, or as proposed).
            let stillOver = ShadeCore.Rebalance.overFullSlots(
                week: target, tasks: tasks, after: moves, capacity: capacity)
            if json {
                let render = try session.renderContext(series: true)
                try session.printJSON([
                    "week": .string(target.description), "applied": .bool(apply && !moves.isEmpty),
                    "moves": .array(
                        moves.map { move in
                            [
                                "id": .int(Int64(move.task.id)), "uid": .string(move.task.uid),
                                "title": .string(move.task.title), "from_date": .string(move.task.date.description),
                                "from_slot": .string(move.task.slot.rawValue), "date": .string(move.date.description),
                                "slot": .string(move.slot.rawValue),
                                "task": ViewJSON.task(moved(move), context: render),
                            ]
                        }),
                    "over_full": .int(Int64(stillOver)),
                ])
                return
            }
            guard !moves.isEmpty else {
                if capacity.isEmpty {
                    session.print("no slot has a capacity; capacity SLOT N sets one (e.g. capacity evening 2)")
                } else if stillOver > 0 {
                    session.print(
                        "\(target): \(stillOver) over-full slot\(stillOver == 1 ? "" : "s"), but no later slot of the week has room"
                    )
                } else {
                    session.print("\(target) fits: no slot holds more open tasks than its capacity")
                }
                return
            }
            let count = moves.count == 1 ? "1 move" : "\(moves.count) moves"
            var text: SafeText = apply ? "made \(count) in \(target):\n" : "\(count) would make \(target) fit:\n"
            for move in moves {
                let from: SafeText = "\(move.task.date.shortLabel) \(move.task.slot)"
                text +=
                    "  \(move.task.id)  " + DisplayWidth.padRight(from, to: 21) + " → "
                    + DisplayWidth.padRight("\(move.date.shortLabel) \(move.slot)", to: 21) + " "
                    + session.shownTitle(move.task) + "\n"
            }
            if stillOver > 0 {
                text +=
                    "\(stillOver) slot\(stillOver == 1 ? " stays" : "s stay") over-full: no later slot of the week has room\n"
            }
            if !apply { text += "(rebalance\(week.map { " " + $0 } ?? "") --apply makes them)\n" }
            session.print(text)
        }

        /// The task as the move leaves it.
        private func moved(_ move: ShadeCore.Rebalance.Move) -> PlannerTask {
            var task = move.task
            task.date = move.date
            task.slot = move.slot
            return task
        }
    }
}
