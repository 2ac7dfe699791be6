/// The systemd user units that sync a shared planner without anyone typing `sync`: a oneshot
/// service that runs `shade sync --quiet` on the store in use, and a timer that starts it every
/// 5 minutes, catching up after the machine was off (`Persistent=true`), as `ReminderUnits`.
public struct SyncUnits: Sendable {
    /// The service's file name.
    public static let serviceName = "shade-sync.service"
    /// The timer's file name.
    public static let timerName = "shade-sync.timer"

    /// The absolute path of the shade binary the service runs.
    public let executable: String
    /// The absolute path of the store it syncs.
    public let store: String

    /// The units of this very shade binary (`ExecutablePath`) for the store at `store` (made absolute).
    public init(store: String) throws(HostError) {
        guard let executable = ExecutablePath.current else { throw .executableNotFound }
        self.init(executable: executable, store: ShadeEnvironment.absolute(store))
    }

    /// Units of the given binary and store.
    public init(executable: String, store: String) {
        self.executable = executable
        self.store = store
    }

    /// The two files by name, the service first.
    public func files() throws(HostError) -> [(name: String, text: String)] {
        guard let (program, storeValue) = UserUnitFiles.execution(executable, store: store) else {
            throw .unitPathUnwritable
        }
        let service = [
            "# Written by `shade sync install`: syncs the shared planner with its remote.",
            "[Unit]",
            "Description=shade: sync the shared planner",
            "",
            "[Service]",
            "Type=oneshot",
            "ExecStart=\(program) sync --quiet",
            "Environment=\(storeValue)",
        ]
        let timer = [
            "# Written by `shade sync install`: syncs the shared planner every 5 minutes.",
            "[Unit]",
            "Description=shade: sync the shared planner every 5 minutes",
            "",
            "[Timer]",
            "OnCalendar=*-*-* *:00/5:00",
            "Persistent=true",
            "Unit=\(SyncUnits.serviceName)",
            "",
            "[Install]",
            "WantedBy=timers.target",
        ]
        return [
            (SyncUnits.serviceName, service.joined(separator: "\n") + "\n"),
            (SyncUnits.timerName, timer.joined(separator: "\n") + "\n"),
        ]
    }

}
