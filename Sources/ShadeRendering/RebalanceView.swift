import ShadeCore
import ShadeJSON

/// The view of `rebalance`: the moves out of over-full slots, made or proposed, and the slots
/// that stay over-full.
public enum RebalanceView {
    /// What `rebalance` did or would do to `week`. `stillOver`: the slots over-full once the
    /// moves are made; `hasCapacity`: whether any slot has one; `typedWeek`: the week as typed,
    /// for the hint that makes the moves.
    public static func render(
        _ moves: [Rebalance.Move], week: ISOWeek, applied: Bool, stillOver: Int, hasCapacity: Bool,
        typedWeek: String?
    ) -> SafeText {
        guard !moves.isEmpty else {
            if !hasCapacity {
                return "no slot has a capacity; capacity SLOT N sets one (e.g. capacity evening 2)"
            } else if stillOver > 0 {
                return
                    "\(week): \(stillOver) over-full slot\(stillOver == 1 ? "" : "s"), but no later slot of the week has room"
            }
            return "\(week) fits: no slot holds more open tasks than its capacity"
        }
        let count = moves.count == 1 ? "1 move" : "\(moves.count) moves"
        var text: SafeText = applied ? "made \(count) in \(week):\n" : "\(count) would make \(week) fit:\n"
        for move in moves {
            let from: SafeText = "\(move.task.date.shortLabel) \(move.task.slot)"
            text +=
                "  \(move.task.id)  " + DisplayWidth.padRight(from, to: 21) + " → "
                + DisplayWidth.padRight("\(move.date.shortLabel) \(move.slot)", to: 21) + " "
                + TaskConfirmation.title(move.task) + "\n"
        }
        if stillOver > 0 {
            text +=
                "\(stillOver) slot\(stillOver == 1 ? " stays" : "s stay") over-full: no later slot of the week has room\n"
        }
        if !applied { text += "(rebalance\(typedWeek.map { " " + $0 } ?? "") --apply makes them)\n" }
        return text
    }

    /// `{"week", "applied", "moves": [{"id", "uid", "title", "from_date", "from_slot", "date",
    /// "slot", "task"}], "over_full"}`; each move's task as the move leaves it.
    public static func json(
        _ moves: [Rebalance.Move], week: ISOWeek, applied: Bool, stillOver: Int, context: RenderContext
    ) -> JSONValue {
        [
            "week": .string(week.description), "applied": .bool(applied),
            "moves": .array(moves.map { json($0, context: context) }), "over_full": .int(Int64(stillOver)),
        ]
    }

    /// One move.
    static func json(_ move: Rebalance.Move, context: RenderContext) -> JSONValue {
        var task = move.task
        task.date = move.date
        task.slot = move.slot
        return [
            "id": .int(Int64(move.task.id)), "uid": .string(move.task.uid), "title": .string(move.task.title),
            "from_date": .string(move.task.date.description), "from_slot": .string(move.task.slot.rawValue),
            "date": .string(move.date.description), "slot": .string(move.slot.rawValue),
            "task": ViewJSON.task(task, context: context),
        ]
    }
}
