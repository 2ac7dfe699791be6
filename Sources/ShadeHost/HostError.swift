import ShadeCore
import ShadeJSON
import ShadePlatform

/// What the host could not do: read the clock, find the running program, write or enable the
/// reminder timer, deliver reminders, read or write a file the user named, read or write the
/// user's settings (`Configuration`). Each message is lowercase (or starts with the variable or
/// the file it names) and says what was wrong and what would be right; the command layer prints
/// it as it is (exit 1).
public enum HostError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `SHADE_NOW` holds text that is not a local time.
    case pinnedClockUnreadable(String)
    /// `SHADE_NOW` is a time outside the years shade plans with.
    case pinnedClockOutOfRange
    /// The system clock reads a time outside the years shade plans with.
    case systemClockOutOfRange
    /// `/proc/self/exe` could not be read.
    case executableNotFound
    /// The path of shade or of the store cannot be written into a systemd unit.
    case unitPathUnwritable
    /// `SHADE_NOTIFY_CMD` cannot be written into a systemd unit.
    case notifyCommandUnwritable
    /// The unit files could not be written (the file system's reason).
    case unitsNotWritten(SafeText)
    /// `systemctl --user` with these arguments did not succeed.
    case systemctlFailed(arguments: [String], outcome: ProcessLauncher.Outcome)
    /// Reminders the notification command did not deliver: how many, the command's program, and
    /// how the first one's run ended, for which task.
    case remindersNotDelivered(count: Int, program: String, outcome: ProcessLauncher.Outcome, task: Int)
    /// A file named to be written is not a regular file (nor a link to one): the path and what it is.
    case notARegularFile(path: String, what: String)
    /// Writing a file failed (the first line of the reason); nothing was written.
    case notWritten(String)
    /// A file named to be read does not exist.
    case noSuchFile(String)
    /// A file named to be read could not be opened, looked up or read: the path, which of the
    /// three, and the system's reason.
    case unreadable(path: String, step: ReadStep, reason: String)
    /// A file named to be read is a directory.
    case isDirectory(String)
    /// A file named to be read is larger than its limit (the caller's message).
    case tooLarge(SafeText)
    /// A setting of the settings file is not what it should be: the file, and what was wrong
    /// and what would be right.
    case badSetting(path: String, problem: SafeText)
    /// The settings file is not JSON: the file, and where and why the parser stopped.
    case settingsNotJSON(path: String, JSONError)
    /// The settings file holds JSON, but not an object.
    case settingsNotAnObject(path: String)
    /// The settings could not be written as JSON text.
    case settingsNotWritten(path: String)
    /// The settings file or its directory could not be read or written (the file system's
    /// reason, as the store's files word it).
    case settingsFile(SafeText)

    /// Where reading a file stopped.
    public enum ReadStep: String, Sendable {
        /// `open` failed.
        case opened = "cannot be opened"
        /// `fstat` failed.
        case lookedUp = "cannot be looked up"
        /// `read` failed.
        case read = "cannot be read"
    }

    /// The message, escaped for the terminal.
    public var message: SafeText {
        switch self {
        case .pinnedClockUnreadable(let pinned):
            "SHADE_NOW='\(pinned)' is not a local time; write YYYY-MM-DDTHH:MM, e.g. 2026-11-23T09:30"
        case .pinnedClockOutOfRange:
            "SHADE_NOW: " + DayResolver.outOfRange.message
        case .systemClockOutOfRange:
            "the system clock reads a time shade cannot plan with (years \(CivilDate.supportedYears.lowerBound) to \(CivilDate.supportedYears.upperBound)); set it, or pin SHADE_NOW"
        case .executableNotFound:
            "could not find the path of the running shade binary"
        case .unitPathUnwritable:
            "the path of shade or of the store holds a control character; a systemd unit cannot name it"
        case .notifyCommandUnwritable:
            "SHADE_NOTIFY_CMD holds a control character; a systemd unit cannot carry it"
        case .unitsNotWritten(let reason):
            reason
        case .systemctlFailed(let arguments, let outcome):
            "systemctl --user \(arguments.joined(separator: " ")) \(outcome.description); the unit files are written\n  try it by hand: systemctl --user enable --now \(ReminderUnits.timerName)"
        case .remindersNotDelivered(let count, let program, let outcome, let task):
            "\(count) reminder(s) not delivered: '\(program)' \(outcome.description) (task \(task))\n  \(Self.hint(program: program, outcome: outcome))"
        case .notARegularFile(let path, let what):
            "\(SafeText(escaping: path)) \(what), not a regular file; name a regular or a new file (- writes to standard output)"
        case .notWritten(let reason):
            SafeText(escaping: reason) + "\nnothing was written"
        case .noSuchFile(let path):
            "there is no file \(SafeText(escaping: path))"
        case .unreadable(let path, let step, let reason):
            "\(SafeText(escaping: path)) \(step.rawValue) (\(reason))"
        case .isDirectory(let path):
            "\(SafeText(escaping: path)) is a directory; name a file"
        case .tooLarge(let message):
            message
        case .badSetting(let path, let problem):
            "config file \(path): \(problem)"
        case .settingsNotJSON(let path, let error):
            "config file \(path) is not valid JSON at line \(error.line), column \(error.column): \(error.reason)"
        case .settingsNotAnObject(let path):
            "config file \(path) must hold a JSON object"
        case .settingsNotWritten(let path):
            "config file \(path) could not be written as JSON"
        case .settingsFile(let reason):
            reason
        }
    }

    /// What to do about an undelivered reminder: install the default notifier, check the
    /// configured one, or wait for the next run.
    private static func hint(program: String, outcome: ProcessLauncher.Outcome) -> SafeText {
        guard outcome == .notStarted(ENOENT) else { return "it is tried again by the next remind --due" }
        return program == "notify-send"
            ? "install it (Debian: apt-get install libnotify-bin) or set SHADE_NOTIFY_CMD" : "check SHADE_NOTIFY_CMD"
    }

    /// The message as plain text.
    public var description: String { message.text }
}
