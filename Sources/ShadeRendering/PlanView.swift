import ShadeCore
import ShadeJSON

/// The view of `plan`: where each inbox and overdue task would go (or went) in a week, and why;
/// and the tasks no slot had room for.
public enum PlanView {
    /// What `plan` proposes for (or, applied, did to) a week; `typedWeek` is the week as typed,
    /// for the hint that applies it.
    public static func render(_ proposal: WeekPlan.Proposal, applied: Bool, typedWeek: String?) -> SafeText {
        let week = proposal.week
        guard !proposal.placements.isEmpty || !proposal.unplaced.isEmpty else {
            return "nothing to plan in \(week): the inbox is empty and no task of it is overdue"
        }
        var text: SafeText = ""
        if !proposal.placements.isEmpty {
            let count = proposal.placements.count
            let tasks = count == 1 ? "1 task" : "\(count) tasks"
            text += applied ? "planned \(tasks) in \(week):\n" : "\(tasks) to plan in \(week):\n"
            let idWidth = proposal.placements.map { String($0.task.id).count }.max() ?? 1
            let titles = proposal.placements.map { DisplayWidth.truncate(SafeText(escaping: $0.task.title), to: 32) }
            let titleWidth = titles.map(DisplayWidth.of).max() ?? 0
            for (placement, title) in zip(proposal.placements, titles) {
                let from: SafeText = placement.task.from == nil ? "inbox" : "overdue"
                text +=
                    "  " + DisplayWidth.padLeft("\(placement.task.id)", to: idWidth) + "  "
                    + DisplayWidth.padRight(title, to: titleWidth) + "  " + DisplayWidth.padRight(from, to: 7) + " → "
                    + DisplayWidth.padRight("\(placement.date.shortLabel) \(placement.slot)", to: 21) + "  "
                    + SafeText(escaping: placement.reason) + "\n"
            }
        }
        if !proposal.unplaced.isEmpty {
            text += "not placed:\n"
            for unplaced in proposal.unplaced {
                text +=
                    "  \(unplaced.task.id)  " + DisplayWidth.truncate(SafeText(escaping: unplaced.task.title), to: 40)
                    + " — " + SafeText(escaping: unplaced.reason) + "\n"
            }
        }
        if !applied, !proposal.placements.isEmpty {
            text += "(plan\(typedWeek.map { " " + $0 } ?? "") --apply makes them, one undo step)\n"
        }
        return text
    }

    /// `{"week", "applied", "placements": [{"id", "uid", "title", "date", "slot", "reason",
    /// "from"}], "unplaced": [{"id", "uid", "title", "reason"}]}`; `from` is "inbox" or the day
    /// an overdue task was planned for.
    public static func json(_ proposal: WeekPlan.Proposal, applied: Bool) -> JSONValue {
        [
            "week": .string(proposal.week.description), "applied": .bool(applied),
            "placements": .array(
                proposal.placements.map { placement in
                    [
                        "id": .int(Int64(placement.task.id)), "uid": .string(placement.task.uid),
                        "title": .string(placement.task.title), "date": .string(placement.date.description),
                        "slot": .string(placement.slot.rawValue), "reason": .string(placement.reason),
                        "from": .string(placement.task.from.map { "\($0.date) \($0.slot)" } ?? "inbox"),
                    ]
                }),
            "unplaced": .array(
                proposal.unplaced.map { unplaced in
                    [
                        "id": .int(Int64(unplaced.task.id)), "uid": .string(unplaced.task.uid),
                        "title": .string(unplaced.task.title), "reason": .string(unplaced.reason),
                    ]
                }),
        ]
    }
}
