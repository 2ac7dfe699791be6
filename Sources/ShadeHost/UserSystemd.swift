import ShadePlatform

/// The user's own systemd (`systemctl --user`): whether this login has one, and enabling the
/// reminder timer in it.
public enum UserSystemd {
    /// Whether this login has a user systemd to talk to (its private socket exists).
    public static func isRunning(_ environment: ShadeEnvironment) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
        var info = stat()
        return stat(runtime + "/systemd/private", &info) == 0
    }

    /// Has systemd read the unit files again and start the timer `name`, now and at each login
    /// (`daemon-reload`, then `enable --now`); what systemctl prints goes to standard error.
    public static func enable(timer name: String) throws(HostError) {
        for arguments in [["daemon-reload"], ["enable", "--now", name]] {
            let outcome = ProcessLauncher.run(["systemctl", "--user"] + arguments)
            guard outcome.succeeded else { throw .systemctlFailed(arguments: arguments, outcome: outcome) }
        }
    }
}
