import ShadeCore
import ShadeHost
import ShadeRendering

extension Shade.Config {
    /// `config slots.sat.morning 08:00-13:00`, `config slots.morning`, `config --unset slots.sat`:
    /// sets, shows or takes out slot boundaries, and plans with them from the next command on.
    func slots(_ key: Configuration.SlotKey, session: Session, directory: String) throws {
        let schedule: SlotSchedule
        let changed = unset || !value.isEmpty
        if unset {
            schedule = try Configuration.unsetSlot(key, directory: directory)
        } else if !value.isEmpty {
            guard key.slot != nil else {
                throw CommandError.usage("\(key) is a day; set one of its slots: config \(key).morning 08:00-13:00")
            }
            let (start, end) = try Shade.Config.range(value, key: key)
            schedule = try Configuration.setSlot(key, from: start, to: end, directory: directory)
        } else {
            schedule = try Configuration.schedule(directory: directory)
        }
        if changed { session.schedule = schedule.with(session.schedule.clockChanges) }
        let day = key.weekday.map(schedule.boundaries(of:)) ?? schedule.everyDay
        if json {
            try session.printJSON(
                ConfigView.slotsJSON(key: key.description, slot: key.slot, weekday: key.weekday, day: day))
        } else {
            session.print(
                ConfigView.slots(
                    key: key.description, slot: key.slot, weekday: key.weekday, day: day, changed: changed))
        }
    }

    /// `08:00-13:00` (or with `–`): a slot's start and end; the end may be 24:00.
    static func range(_ words: [String], key: Configuration.SlotKey) throws(CommandError) -> (TimeOfDay, TimeOfDay) {
        let example = "config \(key) 08:00-13:00"
        let text = words.joined(separator: "").replacing("–", with: "-")
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = TimeOfDay(parsing: parts[0]),
            let end = TimeOfDay(parsing: parts[1], allowEndOfDay: true)
        else {
            throw .usage(
                "'\(CommandArguments.quoted(words.joined(separator: " ")))' is not a range of the day; write START-END, e.g. \(example)\n  see: help config"
            )
        }
        return (start, end)
    }
}
