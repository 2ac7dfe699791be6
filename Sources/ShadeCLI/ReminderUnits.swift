import ShadeCore

/// The systemd user units that deliver reminders without the REPL open: a oneshot service that
/// runs `shade remind --due` on the store in use, and a timer that starts it every 5 minutes and
/// at each slot's start, catching up after the machine was off (`Persistent=true`).
struct ReminderUnits {
    static let serviceName = "shade-remind.service"
    static let timerName = "shade-remind.timer"

    /// The absolute path of the shade binary the service runs.
    let executable: String
    /// The absolute path of the store it reminds from.
    let store: String
    /// The notification command, when one other than the default is set.
    let notifyCommand: String?
    let schedule: SlotSchedule

    /// A word of `ExecStart=` that systemd reads back as exactly this text: in double quotes,
    /// with the backslash, `"`, `$` and `%` escaped (its escapes, variables and specifiers). Nil for text
    /// holding a line break or another control character, which a unit file cannot carry.
    static func quotedWord(_ text: String) -> String? { quoted(text, dollar: "$$") }

    /// An `Environment=` assignment that systemd reads back as exactly this text: as a word, but
    /// `$` stays as it is (no variable is expanded there).
    static func quotedAssignment(_ text: String) -> String? { quoted(text, dollar: "$") }

    private static func quoted(_ text: String, dollar: String) -> String? {
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else { return nil }
        var result = "\""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "$": result += dollar
            case "%": result += "%%"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    /// The service unit's text.
    func service() throws(CommandError) -> String {
        guard let program = ReminderUnits.quotedWord(executable),
            let storeValue = ReminderUnits.quotedAssignment("SHADE_STORE=" + store)
        else {
            throw .failed("the path of shade or of the store holds a control character; a systemd unit cannot name it")
        }
        var lines = [
            "# Written by `shade remind install`: sends the planner's reminders as they come due.",
            "[Unit]",
            "Description=shade: send the planner's due reminders",
            "",
            "[Service]",
            "Type=oneshot",
            "ExecStart=\(program) remind --due",
            "Environment=\(storeValue)",
        ]
        if let notifyCommand {
            guard let value = ReminderUnits.quotedAssignment("SHADE_NOTIFY_CMD=" + notifyCommand) else {
                throw .failed("SHADE_NOTIFY_CMD holds a control character; a systemd unit cannot carry it")
            }
            lines.append("Environment=\(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The timer unit's text.
    func timer() -> String {
        var lines = [
            "# Written by `shade remind install`: checks the planner's reminders every 5 minutes and at each slot's start.",
            "[Unit]",
            "Description=shade: check the planner's reminders every 5 minutes and at each slot's start",
            "",
            "[Timer]",
            "OnCalendar=*-*-* *:00/5:00",
        ]
        var starts: [TimeOfDay] = []
        for slot in Slot.allCases where !starts.contains(schedule.start(of: slot)) {
            starts.append(schedule.start(of: slot))
        }
        lines += starts.map { "OnCalendar=*-*-* \($0):00" }
        lines += [
            "Persistent=true",
            "AccuracySec=30s",
            "Unit=\(ReminderUnits.serviceName)",
            "",
            "[Install]",
            "WantedBy=timers.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
