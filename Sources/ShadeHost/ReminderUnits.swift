import ShadeCore

/// The systemd user units that deliver reminders without the REPL open: a oneshot service that
/// runs `shade remind --due` on the store in use, and a timer that starts it every 5 minutes and
/// at each slot's start, catching up after the machine was off (`Persistent=true`).
public struct ReminderUnits: Sendable {
    /// The service's file name.
    public static let serviceName = "shade-remind.service"
    /// The timer's file name.
    public static let timerName = "shade-remind.timer"

    /// The absolute path of the shade binary the service runs.
    public let executable: String
    /// The absolute path of the store it reminds from.
    public let store: String
    /// The notification command, when one other than the default is set.
    public let notifyCommand: String?
    /// The slot boundaries: the timer also fires at each slot's start.
    public let schedule: SlotSchedule

    /// The units of this very shade binary (`ExecutablePath`) for the store at `store` (made
    /// absolute), with the environment's notification command.
    public init(store: String, environment: ShadeEnvironment, schedule: SlotSchedule) throws(HostError) {
        guard let executable = ExecutablePath.current else { throw .executableNotFound }
        self.init(
            executable: executable, store: ShadeEnvironment.absolute(store),
            notifyCommand: environment["SHADE_NOTIFY_CMD"], schedule: schedule)
    }

    /// Units of the given binary, store, notification command and slots.
    public init(executable: String, store: String, notifyCommand: String?, schedule: SlotSchedule) {
        self.executable = executable
        self.store = store
        self.notifyCommand = notifyCommand
        self.schedule = schedule
    }

    /// Where the user's units are: `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`.
    public static func directory(_ environment: ShadeEnvironment) -> String {
        (environment["XDG_CONFIG_HOME"] ?? (environment["HOME"] ?? ".") + "/.config") + "/systemd/user"
    }

    /// The two files by name, the service first.
    public func files() throws(HostError) -> [(name: String, text: String)] {
        [(ReminderUnits.serviceName, try service()), (ReminderUnits.timerName, timer())]
    }

    /// A word of `ExecStart=` that systemd reads back as exactly this text: in double quotes,
    /// with the backslash, `"`, `$` and `%` escaped (its escapes, variables and specifiers). Nil for text
    /// holding a line break or another control character, which a unit file cannot carry.
    public static func quotedWord(_ text: String) -> String? { quoted(text, dollar: "$$") }

    /// An `Environment=` assignment that systemd reads back as exactly this text: as a word, but
    /// `$` stays as it is (no variable is expanded there).
    public static func quotedAssignment(_ text: String) -> String? { quoted(text, dollar: "$") }

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
    public func service() throws(HostError) -> String {
        guard let (program, storeValue) = UserUnitFiles.execution(executable, store: store) else {
            throw .unitPathUnwritable
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
                throw .notifyCommandUnwritable
            }
            lines.append("Environment=\(value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The timer unit's text.
    public func timer() -> String {
        var lines = [
            "# Written by `shade remind install`: checks the planner's reminders every 5 minutes and at each slot's start.",
            "[Unit]",
            "Description=shade: check the planner's reminders every 5 minutes and at each slot's start",
            "",
            "[Timer]",
            "OnCalendar=*-*-* *:00/5:00",
        ]
        lines += schedule.slotStarts.map { "OnCalendar=*-*-* \($0):00" }
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
