// ShadeHost: the machine shade runs on, reached from one target.
//
// What belongs here: everything that starts a process or asks the operating system — the
// environment (`ShadeEnvironment`), the clock (`SystemClock`), the user's identity and git's
// settings (`UserIdentity`, `GitSettingsCache`), other programs (`ProcessLauncher`: git,
// systemctl, the notifier), systemd (`ReminderUnits`, `UserSystemd`), the desktop notifier and
// the reminders it delivers (`DesktopNotifier`, `ReminderDelivery`), the user's settings file
// (`Configuration`), files the user names outside the store (`UserFile`), the terminal and the
// standard streams (`Terminal`, `Output`), and the resident process's sockets (`ResidentServer`,
// `ResidentConnection`). It prints only what it is handed (`Output` writes the `SafeText` a
// command made) and builds no view; it throws `HostError`, whose messages the command layer
// prints as they are.
//
// Must never import ShadeCLI, ShadeRendering or ShadeSync (it may use ShadeCore, ShadeJSON,
// ShadeStore, CSystemCalls and ShadePlatform).
