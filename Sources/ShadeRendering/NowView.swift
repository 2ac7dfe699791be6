import ShadeCore
import ShadeJSON

/// The `now` view: the slot the clock is in and what to do in it.
public enum NowView {
    /// `2h 35m`, `45m`, `0m`.
    static func duration(minutes: Int) -> SafeText {
        let minutes = max(0, minutes)
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }

    /// The text of `now`.
    public static func render(_ agenda: NowAgenda, context: RenderContext) -> SafeText {
        let style = context.style
        var lines: [SafeText] = [
            style.bold("Now · \(RateFormat.shortDay(agenda.date)) · \(agenda.slot)") + " "
                + style.dim("\(context.schedule.on(agenda.date).hours(of: agenda.slot))") + " · "
                + duration(minutes: agenda.minutesLeft) + " left"
        ]
        let open = agenda.tasks.filter { $0.status == .open }
        if agenda.tasks.isEmpty {
            lines.append(style.dim("  nothing planned in this slot"))
        } else {
            if open.isEmpty { lines.append(style.green("  every task of this slot is done")) }
            lines += TaskLines.render(agenda.tasks, placement: false, indent: 2, context: context)
        }
        if let next = agenda.next, let time = next.time {
            let minutes =
                (next.date == agenda.date ? 0 : 24 * 60) + time.minutes - context.now.time.minutes
            let day: SafeText = next.date == agenda.date ? "" : "tomorrow "
            lines.append(
                "Next with a time: \(day)\(time) · \(next.id) " + "\(next.title)" + " "
                    + style.dim("(in " + duration(minutes: minutes) + ")"))
        } else {
            lines.append(style.dim("Next with a time: none today or tomorrow"))
        }
        let following = agenda.nextSlot
        let when: SafeText = following.date == agenda.date ? "\(following.slot)" : "tomorrow \(following.slot)"
        if agenda.nextSlotTasks.isEmpty {
            lines.append("Then \(when): " + style.dim("nothing open"))
        } else {
            let titles = agenda.nextSlotTasks.prefix(3).map { "\($0.title)" as SafeText }.joined(separator: ", ")
            let more: SafeText = agenda.nextSlotTasks.count > 3 ? ", …" : ""
            lines.append("Then \(when): \(agenda.nextSlotTasks.count) open · " + titles + more)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"date", "slot", "slot_end", "minutes_left", "tasks", "next", "next_slot"}`.
    public static func json(_ agenda: NowAgenda, context: RenderContext) -> JSONValue {
        [
            "date": .string(agenda.date.description), "slot": .string(agenda.slot.rawValue),
            "slot_end": .string(agenda.slotEnd.description), "minutes_left": .int(Int64(agenda.minutesLeft)),
            "tasks": .array(agenda.tasks.map { ViewJSON.task($0, context: context) }),
            "next": agenda.next.map { ViewJSON.task($0, context: context) } ?? .null,
            "next_slot": [
                "date": .string(agenda.nextSlot.date.description), "slot": .string(agenda.nextSlot.slot.rawValue),
                "tasks": .array(agenda.nextSlotTasks.map { ViewJSON.task($0, context: context) }),
            ],
        ]
    }
}
